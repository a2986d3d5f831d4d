// Builds the React client from client/ into dist/, which the Express server serves in production. In development
// server/src/dev.ts runs this same configuration as middleware of the Express app (one port, hot reload).
import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const clientRoot = fileURLToPath(new URL("./client", import.meta.url));

export default defineConfig({
  root: clientRoot,
  plugins: [react(), tailwindcss()],
  resolve: {
    // Other workspaces hoist a different React major to the repository root; the site must bundle one copy, its own.
    dedupe: ["react", "react-dom"],
  },
  build: {
    outDir: fileURLToPath(new URL("./dist", import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      onwarn(warning, warn) {
        // Dependencies' misplaced /*#__PURE__*/ comments are dropped harmlessly; nothing for us to act on.
        if (warning.code === "INVALID_ANNOTATION" && warning.id?.includes("node_modules")) return;
        warn(warning);
      },
    },
  },
});
