import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createAdminGraphqlClient, shopifyGraphqlEndpoint } from "./admin-graphql-client.ts";
import { ShopifyCostPacer } from "./cost-pacer.ts";
import type { ShopifyOperation } from "./operations.ts";
import { ShopifyRequestError } from "./shopify-request-error.ts";

const shopName: ShopifyOperation<{ shop: { name: string } }> = {
  name: "ShopName",
  document: "#graphql\n query ShopName { shop { name } }",
  data: z.object({ shop: z.object({ name: z.string() }) }),
};

const cost = (currentlyAvailable: number) => ({
  cost: {
    requestedQueryCost: 10,
    actualQueryCost: 10,
    throttleStatus: { maximumAvailable: 100, currentlyAvailable, restoreRate: 50 },
  },
});

/** A fetch that answers with the given responses in turn and records what it was sent. */
function scriptedFetch(responses: Array<() => Response>) {
  const sent: Array<{ url: string; init: RequestInit }> = [];
  const fetchFn = (async (url: string, init: RequestInit) => {
    sent.push({ url, init });
    const next = responses.shift();
    if (!next) throw new Error("no more responses");
    return next();
  }) as unknown as typeof fetch;
  return { fetchFn, sent };
}

function client(fetchFn: typeof fetch, waits: number[] = []) {
  return createAdminGraphqlClient(
    { shopDomain: "mystore.myshopify.com", accessToken: "shpat_abc" },
    { fetch: fetchFn, pacer: new ShopifyCostPacer(), sleep: async (ms) => void waits.push(ms) },
  );
}

async function failure(promise: Promise<unknown>): Promise<ShopifyRequestError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ShopifyRequestError)) throw new Error(`expected a ShopifyRequestError, got ${String(error)}`);
  return error;
}

describe("the Admin GraphQL client", () => {
  it("posts the operation to the shop's endpoint of the pinned version with the access token", async () => {
    const { fetchFn, sent } = scriptedFetch([
      () => Response.json({ data: { shop: { name: "My Store" } }, extensions: cost(90) }),
    ]);
    await expect(client(fetchFn).request(shopName)).resolves.toEqual({ shop: { name: "My Store" } });
    expect(sent[0]!.url).toBe("https://mystore.myshopify.com/admin/api/2026-10/graphql.json");
    expect(new Headers(sent[0]!.init.headers).get("x-shopify-access-token")).toBe("shpat_abc");
    expect(JSON.parse(String(sent[0]!.init.body))).toMatchObject({
      query: shopName.document,
      operationName: "ShopName",
    });
  });

  it("builds the endpoint from a base URL, with the shop in it when asked", () => {
    expect(shopifyGraphqlEndpoint("a.myshopify.com", "http://127.0.0.1:9/shops/{shop}/")).toBe(
      "http://127.0.0.1:9/shops/a.myshopify.com/admin/api/2026-10/graphql.json",
    );
  });

  it("waits as long as Shopify's Retry-After says after a 429, then succeeds", async () => {
    const waits: number[] = [];
    const { fetchFn } = scriptedFetch([
      () => new Response("Too many requests", { status: 429, headers: { "retry-after": "2.0" } }),
      () => Response.json({ data: { shop: { name: "My Store" } } }),
    ]);
    await expect(client(fetchFn, waits).request(shopName)).resolves.toEqual({ shop: { name: "My Store" } });
    expect(waits).toEqual([2000]);
  });

  it("waits for the missing points after Throttled, then retries", async () => {
    const waits: number[] = [];
    const { fetchFn } = scriptedFetch([
      () =>
        Response.json({ errors: [{ message: "Throttled", extensions: { code: "THROTTLED" } }], extensions: cost(0) }),
      () => Response.json({ data: { shop: { name: "My Store" } }, extensions: cost(0) }),
    ]);
    await client(fetchFn, waits).request(shopName);
    expect(waits[0]).toBeGreaterThanOrEqual(200); // 10 points at 50 per second
  });

  it("explains a missing permission with the scope Shopify names", async () => {
    const { fetchFn } = scriptedFetch([
      () =>
        Response.json({
          data: { shop: null },
          errors: [
            {
              message: "Access denied for shop field.",
              extensions: { code: "ACCESS_DENIED", requiredAccess: "`read_content` access scope." },
            },
          ],
        }),
    ]);
    const error = await failure(client(fetchFn).request(shopName));
    expect(error).toMatchObject({ kind: "forbidden", transient: false });
    expect(error.message).toContain("`read_content` access scope");
  });

  it("treats an unreadable answer as transient and an unexpected shape as permanent", async () => {
    const garbled = scriptedFetch([() => new Response("<html>Bad gateway</html>", { status: 200 })]);
    expect(await failure(client(garbled.fetchFn).request(shopName))).toMatchObject({
      kind: "unexpected",
      transient: true,
    });
    const odd = scriptedFetch([() => Response.json({ data: { shop: { title: "x" } } })]);
    expect(await failure(client(odd.fetchFn).request(shopName))).toMatchObject({
      kind: "unexpected",
      transient: false,
    });
  });

  it("treats a locked or frozen store as permanent and a 502 as transient", async () => {
    const locked = scriptedFetch([() => new Response('{"errors":"Unavailable Shop"}', { status: 402 })]);
    expect(await failure(client(locked.fetchFn).request(shopName))).toMatchObject({
      kind: "unavailable",
      transient: false,
    });
    const gateway = scriptedFetch([() => new Response("", { status: 502 })]);
    expect(await failure(client(gateway.fetchFn).request(shopName))).toMatchObject({
      kind: "server",
      transient: true,
      status: 502,
    });
  });

  it("gives up on a store that does not answer within its time limit, as a transient network failure", async () => {
    let aborted: unknown;
    const silent = (async (_url: string, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener("abort", () => {
          aborted = init.signal?.reason;
          reject(init.signal?.reason);
        });
      })) as unknown as typeof fetch;
    const slow = createAdminGraphqlClient(
      { shopDomain: "mystore.myshopify.com", accessToken: "shpat_abc" },
      { fetch: silent, pacer: new ShopifyCostPacer(), timeoutMs: 20 },
    );
    expect(await failure(slow.request(shopName))).toMatchObject({ kind: "network", transient: true });
    expect(aborted).toMatchObject({ name: "TimeoutError" });
  });
});
