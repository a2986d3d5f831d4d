// `npm run build`: the client for production, into dist/ (or --outDir <dir>).
// 1. Vite builds the client (hashed scripts and stylesheets under assets/).
// 2. The public pages are prerendered with the client's own components (client/src/prerender.tsx) into pages/*.html,
//    twice where they show the plans: once as a site without online payments shows them, once as a site with them
//    (pages/<name>.payments.html); the server picks one at start-up. index.html becomes the empty page the app's own
//    routes load. robots.txt and sitemap.xml are written from the same list of pages.
// 3. Every text file gets its brotli and gzip forms beside it (compress.mjs).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build, createServer } from "vite";
import { compressFiles } from "./compress.mjs";

const site = fileURLToPath(new URL(".", import.meta.url));
const configFile = join(site, "vite.config.ts");
const args = process.argv.slice(2);
const outDirArg = args.includes("--outDir") ? args[args.indexOf("--outDir") + 1] : undefined;
const outDir = outDirArg ? (isAbsolute(outDirArg) ? outDirArg : resolve(process.cwd(), outDirArg)) : join(site, "dist");
const logLevel = args.includes("--quiet") ? "warn" : "info";

await build({ configFile, logLevel, build: { outDir, emptyOutDir: true } });

const vite = await createServer({
  configFile,
  logLevel: "warn",
  appType: "custom",
  server: { middlewareMode: true, hmr: false, ws: false },
  optimizeDeps: { noDiscovery: true, include: [] },
  // React Router's Node entry is CommonJS, whose named exports Vite cannot see: take its ES modules instead.
  ssr: {
    noExternal: ["react-router", "react-router-dom"],
    resolve: { conditions: ["module-sync", "module", "node", "import", "production", "default"] },
  },
});
try {
  const prerender = await vite.ssrLoadModule("/src/prerender.tsx");
  const { listCataloguePlans } = await vite.ssrLoadModule(join(site, "../core/src/billing/list-catalogue-plans.ts"));
  const template = readFileSync(join(outDir, "index.html"), "utf8");
  rmSync(join(outDir, "pages"), { recursive: true, force: true });
  mkdirSync(join(outDir, "pages"));
  for (const page of prerender.publicPages) {
    const variants = page.showsPlans ? [false, true] : [false];
    for (const paymentsEnabled of variants) {
      const html = await prerender.renderPublicPage(template, page.name, listCataloguePlans({ paymentsEnabled }));
      writeFileSync(join(outDir, "pages", `${page.name}${paymentsEnabled ? ".payments" : ""}.html`), html);
    }
  }
  writeFileSync(join(outDir, "index.html"), prerender.appShell(template));
  writeFileSync(join(outDir, "robots.txt"), prerender.robotsTxt());
  writeFileSync(join(outDir, "sitemap.xml"), prerender.sitemapXml());
} finally {
  await vite.close();
}
compressFiles(outDir);
