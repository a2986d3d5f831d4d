// Loads the app's server modules the way the Shopify CLI runs them (configuration from the environment, with Shopify's
// test credentials) on a fresh test database, with no request allowed to leave the machine: undici's MockAgent
// refuses every connection that no test answered.
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MockAgent, setGlobalDispatcher } from "undici";
import { API_KEY, API_SECRET_KEY, APP_URL, TEST_SHOP, TEST_SHOP_NAME, getJwt } from "@shopify/shopify-api/test-helpers";
import { createConnectionDeps } from "@postwright/core/connections";
import { loadConfig } from "@postwright/core/env";
import { createTestDatabase, type TestDatabase } from "@postwright/core/testing";
import type { FakeShopify } from "../../tests/fakes/shopify/index.ts";

export interface AppHarness {
  db: TestDatabase;
  agent: MockAgent;
  close(): Promise<void>;
}

/**
 * Sends what the app addresses to https://<shop>.myshopify.com (token exchange, Admin GraphQL) to the local fake
 * Shopify instead. Installed before the app's Shopify module is imported, since its node adapter keeps the fetch it
 * finds then.
 */
function routeShopsToFake(fake: FakeShopify): void {
  const realFetch = globalThis.fetch;
  globalThis.fetch = (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.protocol === "https:" && url.hostname.endsWith(".myshopify.com")) {
      const target = `${fake.origin}/shops/${url.hostname}${url.pathname}${url.search}`;
      return realFetch(input instanceof Request ? new Request(target, input) : target, init);
    }
    return realFetch(input, init);
  };
}

export async function startAppHarness(options: { fake?: FakeShopify } = {}): Promise<AppHarness> {
  if (options.fake) routeShopsToFake(options.fake);
  const agent = new MockAgent();
  agent.disableNetConnect();
  agent.enableNetConnect(/^(127\.0\.0\.1|localhost)(:\d+)?$/);
  setGlobalDispatcher(agent);
  const dataDir = mkdtempSync(join(tmpdir(), "postwright-shopify-app-"));
  Object.assign(process.env, {
    SHOPIFY_API_KEY: API_KEY,
    SHOPIFY_API_SECRET: API_SECRET_KEY,
    SHOPIFY_APP_URL: APP_URL,
    DATA_DIR: dataDir,
    ENCRYPTION_KEY: randomBytes(32).toString("hex"),
    ALLOW_PRIVATE_NETWORK_TARGETS: options.fake ? "1" : "0",
  });
  const db = await createTestDatabase();
  const { setAppContext } = await import("../app/context.server");
  const config = loadConfig();
  setAppContext({
    config,
    shopify: { apiKey: API_KEY, apiSecret: API_SECRET_KEY, appUrl: APP_URL, scopes: config.shopify!.scopes },
    db,
    connections: createConnectionDeps({
      prisma: db.prisma,
      config,
      shopifyApiBaseUrl: options.fake?.apiBaseUrlTemplate,
    }),
  });
  return {
    db,
    agent,
    async close() {
      await db.close();
      await agent.close();
    },
  };
}

/**
 * Calls a route's loader or action as Shopify admin would for the test shop: an embedded request with the session
 * token of the app's test credentials, a POST when `form` is given (multipart when it is FormData). A thrown Response (a redirect, a refusal) is
 * returned like an answer.
 */
export async function callRoute<T>(
  fn: (args: never) => Promise<T>,
  path: string,
  form?: Record<string, string> | URLSearchParams | FormData,
  params: Record<string, string> = {},
): Promise<T> {
  const url = new URL(`https://my-test-app.myshopify.io${path}`);
  url.searchParams.set("shop", TEST_SHOP);
  const { token } = await getJwt(TEST_SHOP_NAME, API_KEY, API_SECRET_KEY);
  const request = new Request(url, {
    method: form ? "POST" : "GET",
    headers: { authorization: `Bearer ${token}` },
    body: form instanceof FormData ? form : form ? new URLSearchParams(form) : undefined,
  });
  try {
    return await fn({ request, params, context: {} } as never);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown as T;
    throw thrown;
  }
}
