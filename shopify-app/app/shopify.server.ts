// The one Shopify app configuration: embedded, token exchange, expiring offline tokens, the API version pinned here,
// sessions in the shared database. Billing goes through the core's Shopify billing provider (context.server.ts).
import "@shopify/shopify-app-remix/adapters/node";
import { ApiVersion, AppDistribution, shopifyApp } from "@shopify/shopify-app-remix/server";
import { loadConfig, requireShopifyConfig } from "@postwright/core/env";
import { createShopifySessionStore, findOrCreateShopAccount } from "@postwright/core/shopify-shops";
import { appContext } from "./context.server";
import { CoreSessionStorage } from "./session-storage.server";

export const API_VERSION = ApiVersion.October26;

const config = loadConfig();
const settings = requireShopifyConfig(config);

/** The session store opens the database lazily, so importing this module never blocks. */
const sessionStorage = new CoreSessionStorage({
  storeSession: async (s) => createShopifySessionStore(await deps()).storeSession(s),
  loadSession: async (id) => createShopifySessionStore(await deps()).loadSession(id),
  deleteSession: async (id) => createShopifySessionStore(await deps()).deleteSession(id),
  deleteSessions: async (ids) => createShopifySessionStore(await deps()).deleteSessions(ids),
  findSessionsByShop: async (shop) => createShopifySessionStore(await deps()).findSessionsByShop(shop),
});

async function deps() {
  const ctx = await appContext();
  return { prisma: ctx.db.prisma, encryptionKey: ctx.config.encryptionKey };
}

const SHOP_QUERY = `#graphql
  query PostwrightShop {
    shop { name email myshopifyDomain ianaTimezone }
    blogs(first: 1) { nodes { id } }
  }`;

/**
 * The shop's account in the core (found again on reinstall). Idempotent: it also runs when a request arrives while
 * the install of another request is still under way (the page's loaders run in parallel).
 */
export async function installShop(
  admin: { graphql: (query: string) => Promise<Response> },
  shop: string,
): Promise<void> {
  const response = await admin.graphql(SHOP_QUERY);
  const { data } = (await response.json()) as {
    data: {
      shop: { name: string; email: string | null; ianaTimezone: string | null };
      blogs: { nodes: Array<{ id: string }> };
    };
  };
  const ctx = await appContext();
  await findOrCreateShopAccount(
    { prisma: ctx.db.prisma },
    {
      shop,
      name: data.shop.name,
      email: data.shop.email,
      blogId: data.blogs.nodes[0]?.id ?? null,
      timeZone: data.shop.ianaTimezone,
    },
  );
}

const shopify = shopifyApp({
  apiKey: settings.apiKey,
  apiSecretKey: settings.apiSecret,
  appUrl: settings.appUrl,
  scopes: settings.scopes,
  apiVersion: API_VERSION,
  authPathPrefix: "/auth",
  sessionStorage,
  distribution: AppDistribution.AppStore,
  future: { unstable_newEmbeddedAuthStrategy: true, expiringOfflineAccessTokens: true },
  hooks: {
    // First install and every reinstall.
    afterAuth: ({ admin, session }) => installShop(admin, session.shop),
  },
});

export default shopify;
export const apiVersion = API_VERSION;
export const addDocumentResponseHeaders = shopify.addDocumentResponseHeaders;
export const authenticate = shopify.authenticate;
export const unauthenticated = shopify.unauthenticated;
export const login = shopify.login;
export const registerWebhooks = shopify.registerWebhooks;
