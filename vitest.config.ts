import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { databaseTestFiles } from "./scripts/database-test-files.mjs";

// Three kinds of tests, one command: unit and API tests (node), the React client's component tests (jsdom), and
// end-to-end tests that drive a real browser, a real WordPress and the local fakes of third-party APIs.
// With TEST_POSTGRES_URL set, a fourth project ("postgres") runs the node tests that open a database again, each on a
// fresh database of that PostgreSQL server, in the same run: its files share the workers with the others, so the
// second pass fills the time the browser tests leave free instead of adding its own.
const postgresUrl = process.env.TEST_POSTGRES_URL;
const nodeTests = { environment: "node" as const, testTimeout: 30_000, hookTimeout: 120_000 };

export default defineConfig({
  test: {
    // Every project's files share one pool of child processes; the browser tests run last, one file at a time. At
    // least two at once: vitest's default (one fewer than the cores) leaves one of a 2-core machine's cores idle while
    // most test files wait on their databases and servers as much as on the processor.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: "node",
          ...nodeTests,
          include: ["core/src/**/*.test.ts", "standalone-web/server/**/*.test.ts", "tests/integration/**/*.test.ts"],
        },
      },
      ...(postgresUrl
        ? [{ test: { name: "postgres", ...nodeTests, include: databaseTestFiles(), env: { TEST_DATABASE_URL: postgresUrl } } }]
        : []),
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
