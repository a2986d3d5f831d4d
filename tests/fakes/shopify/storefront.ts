// The shop's online store, as a visitor meets it: the pages Shopify serves at a storefront address (products,
// collections, pages, blogs and their articles), each only while published, a 404 otherwise. Served under
// `<origin>/storefront/<shop domain>/…`; a shop added with that address as its `primaryDomainUrl` reports its pages
// there, so a test can follow every link it was given to a real answer.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FakeShop } from "./shop-state.ts";

export const STOREFRONT_PATH = "/storefront";

/** The title of the published page at a storefront path (`/products/<handle>`, …), or null when there is none. */
export function storefrontPageTitle(shop: FakeShop, path: string): string | null {
  const parts = path
    .replace(/^\/+|\/+$/g, "")
    .split("/")
    .map((part) => decodeURIComponent(part));
  const [kind, handle, article] = parts;
  if (parts.length === 2 && kind === "products") {
    const product = shop.products.find((p) => p.handle === handle);
    return product?.status === "ACTIVE" && product.onlineStore ? product.title : null;
  }
  if (parts.length === 2 && kind === "collections") {
    const collection = shop.collections.find((c) => c.handle === handle);
    return collection?.published ? collection.title : null;
  }
  if (parts.length === 2 && kind === "pages") {
    const page = shop.pages.find((p) => p.handle === handle);
    return page?.isPublished ? page.title : null;
  }
  if (kind === "blogs" && (parts.length === 2 || parts.length === 3)) {
    const blog = shop.blogs.find((b) => b.handle === handle);
    if (!blog) return null;
    if (parts.length === 2) return blog.title;
    const found = shop.articlesIn(blog.id).find((a) => a.handle === article);
    return found?.isPublished ? found.title : null;
  }
  return null;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** Answers GET and HEAD for `/storefront/<domain>/<path>` with the page's HTML, or 404. */
export function handleStorefront(
  req: IncomingMessage,
  res: ServerResponse,
  shop: FakeShop | undefined,
  path: string,
): void {
  const title = req.method === "GET" || req.method === "HEAD" ? shop && storefrontPageTitle(shop, path) : null;
  const status = title ? 200 : req.method === "GET" || req.method === "HEAD" ? 404 : 405;
  const body = title
    ? `<!doctype html><title>${escapeHtml(title)}</title><h1>${escapeHtml(title)}</h1>`
    : "<!doctype html><title>404 Not Found</title><h1>404 Page Not Found</h1>";
  res.writeHead(status, { "content-type": "text/html; charset=utf-8", "content-length": Buffer.byteLength(body) });
  res.end(req.method === "HEAD" ? undefined : body);
}
