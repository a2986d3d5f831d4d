import { defineConfig } from "vitest/config";

// Three kinds of tests, one command: unit and API tests (node), the React client's component tests (jsdom), and
// end-to-end tests that drive a real browser, a real WordPress and the local fakes of third-party APIs.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "node",
          environment: "node",
          include: ["core/src/**/*.test.ts", "standalone-web/server/**/*.test.ts", "tests/integration/**/*.test.ts"],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: "shopify-app",
          environment: "node",
          root: "shopify-app",
          include: ["test/**/*.test.ts"],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        esbuild: { jsx: "automatic" },
        test: {
          name: "client",
          environment: "jsdom",
          include: ["standalone-web/client/**/*.test.{ts,tsx}"],
        },
      },
      {
        test: {
          name: "e2e",
          environment: "node",
          include: ["tests/e2e/**/*.test.ts"],
          pool: "forks",
          poolOptions: { forks: { singleFork: true } },
          testTimeout: 120_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
