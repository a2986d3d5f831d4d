import { badRequest } from "../../errors/index.ts";

const INVALID_MESSAGE = "Enter your store's address, for example mystore.myshopify.com.";

/**
 * Turns what a merchant typed as their store address into a bare host name: "mystore", "MyStore.myshopify.com",
 * "https://mystore.myshopify.com/admin" and "admin.shopify.com/store/mystore" all give "mystore.myshopify.com"; a
 * custom domain ("shop.example.com") is kept as given, lower-cased, without protocol or path.
 */
export function normalizeShopDomain(input: string): string {
  const trimmed = input.trim().toLowerCase();
  if (!trimmed) throw badRequest(INVALID_MESSAGE);
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//.test(trimmed) ? trimmed : `https://${trimmed}`);
  } catch {
    throw badRequest(INVALID_MESSAGE);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw badRequest(INVALID_MESSAGE);
  const hostname = url.hostname.replace(/\.$/, "");
  // Shopify's admin addresses (admin.shopify.com/store/<name>) name the store in the path.
  if (hostname === "admin.shopify.com") {
    const store = /^\/store\/([a-z0-9][a-z0-9-]*)/.exec(url.pathname)?.[1];
    if (!store) throw badRequest(INVALID_MESSAGE);
    return `${store}.myshopify.com`;
  }
  if (!/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(hostname))
    throw badRequest(INVALID_MESSAGE);
  const host = hostname.includes(".") ? hostname : `${hostname}.myshopify.com`;
  return url.port ? `${host}:${url.port}` : host;
}
