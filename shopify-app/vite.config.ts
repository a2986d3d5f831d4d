import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";

// The Shopify CLI passes the tunnel's address as SHOPIFY_APP_URL; hot reload then goes through it.
const appUrl = new URL(process.env.SHOPIFY_APP_URL || "http://localhost");
const hmr =
  appUrl.hostname === "localhost"
    ? { protocol: "ws", host: "localhost", port: 64999, clientPort: 64999 }
    : { protocol: "wss", host: appUrl.hostname, port: Number(process.env.FRONTEND_PORT) || 8002, clientPort: 443 };

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  server: { port: Number(process.env.PORT || 3000), hmr, fs: { allow: ["app", "node_modules", "../core", "../node_modules"] } },
  plugins: [
    remix({
      ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}"],
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_lazyRouteDiscovery: true,
        v3_singleFetch: true,
      },
    }),
  ],
  build: { assetsInlineLimit: 0 },
  ssr: { noExternal: ["@postwright/core"] },
});
