// Renders the public pages to HTML when the client is built (standalone-web/build.mjs runs this through Vite), with
// the same components and tree the browser renders (app.tsx), so each page's content is in its first HTML and the
// browser then takes the elements over (main.tsx hydrates them). Only visitors are rendered: a request that carries a
// session gets the empty page, which the client fills itself (server/src/app.ts).
/// <reference types="node" />
import type { PlanView } from "@postwright/core/contracts";
import { StrictMode } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { Writable } from "node:stream";
import { StaticRouter } from "react-router-dom";
import { App } from "./app";
import { createQueryClient } from "./lib/api";
import { PLANS_DATA_ID, setPrerenderedPlans } from "./lib/prerendered-plans";
import { headTags, publicPages, robotsTxt, scriptJson, sitemapXml } from "./lib/public-pages";

export { publicPages, robotsTxt, sitemapXml };

/** The markup of the page at a path, once every page component it loads on demand is there. */
function renderBody(path: string, plans: PlanView[]): Promise<string> {
  setPrerenderedPlans(plans);
  return new Promise((resolve, reject) => {
    let html = "";
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        html += chunk.toString();
        done();
      },
      final(done) {
        done();
        resolve(html);
      },
    });
    const stream = renderToPipeableStream(
      <StrictMode>
        <App
          queryClient={createQueryClient()}
          router={(pages) => <StaticRouter location={path}>{pages}</StaticRouter>}
        />
      </StrictMode>,
      {
        onAllReady: () => stream.pipe(sink),
        onShellError: reject,
        onError: reject,
      },
    );
  });
}

/** Where a page's own tags go in the built index.html: its generic title and description are replaced. */
function withHead(template: string, tags: string): string {
  const bare = template
    .replace(/<title>[\s\S]*?<\/title>\s*/, "")
    .replace(/<meta\s+name="description"[\s\S]*?\/>\s*/, "");
  return bare.replace("</head>", `  ${tags}\n  </head>`);
}

/** The complete HTML of one public page, from the built index.html. */
export async function renderPublicPage(template: string, pageName: string, plans: PlanView[]): Promise<string> {
  const page = publicPages.find((candidate) => candidate.name === pageName);
  if (!page) throw new Error(`No public page is named ${pageName}`);
  const body = await renderBody(page.path ?? "/this-page-does-not-exist", plans);
  let html = withHead(template, headTags(page, plans)).replace('<div id="root"></div>', `<div id="root">${body}</div>`);
  if (page.showsPlans) {
    const data = `<script type="application/json" id="${PLANS_DATA_ID}">${scriptJson(plans)}</script>`;
    html = html.replace("</body>", `  ${data}\n  </body>`);
  }
  return html;
}

/** The page members and the app's own routes get: no content, not for search engines. */
export function appShell(template: string): string {
  return template.replace("</head>", `  <meta name="robots" content="noindex" />\n  </head>`);
}
