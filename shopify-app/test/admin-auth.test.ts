// The admin pages' loaders behind Shopify's session tokens: a missing or badly signed token is refused, and the first
// request with a good one installs the app by token exchange (answered by the local fake Shopify), which creates the
// shop's account once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_KEY, API_SECRET_KEY, TEST_SHOP, TEST_SHOP_NAME, getJwt } from "@shopify/shopify-api/test-helpers";
import { startFakeShopify, type FakeShopify } from "../../tests/fakes/shopify/index.ts";
import { startAppHarness, type AppHarness } from "./app-harness";

let fake: FakeShopify;
let harness: AppHarness;
beforeAll(async () => {
  fake = await startFakeShopify({ shops: [{ domain: TEST_SHOP, name: "Test Shop" }] });
  harness = await startAppHarness({ fake });
});
afterAll(async () => {
  await harness.close();
  await fake.close();
});

async function callHome(headers: Record<string, string>) {
  const { loader } = await import("../app/routes/app._index");
  const request = new Request(`https://my-test-app.myshopify.io/app?shop=${TEST_SHOP}`, { headers });
  try {
    return { data: await loader({ request, params: {}, context: {} }), status: 200 };
  } catch (thrown) {
    if (thrown instanceof Response)
      return { data: null, status: thrown.status, location: thrown.headers.get("location") };
    throw thrown;
  }
}

describe("admin pages", () => {
  it("refuse a badly signed session token with 401 and create nothing", async () => {
    const { token } = await getJwt(TEST_SHOP_NAME, API_KEY, "not-the-app-secret");
    const answer = await callHome({ authorization: `Bearer ${token}` });
    expect(answer.status).toBe(401);
    expect(fake.grants).toHaveLength(0);
    expect(await harness.db.prisma.user.count({ where: { shopDomain: TEST_SHOP } })).toBe(0);
  });

  it("do not answer a request without a session token", async () => {
    const answer = await callHome({});
    expect(answer.data).toBeNull();
    expect(answer.status).not.toBe(200);
    expect(await harness.db.prisma.user.count({ where: { shopDomain: TEST_SHOP } })).toBe(0);
  });

  it("install by token exchange on the first request: the shop's account is created once", async () => {
    const { token } = await getJwt(TEST_SHOP_NAME, API_KEY, API_SECRET_KEY);
    const first = await callHome({ authorization: `Bearer ${token}` });
    expect(first).toMatchObject({ status: 200, data: { plan: "Free", postsLeft: 5, recent: [] } });
    const second = await callHome({ authorization: `Bearer ${token}` });
    expect(second.status).toBe(200);

    expect(fake.grants.map((g) => g.grantType)).toEqual(["token-exchange"]);
    const accounts = await harness.db.prisma.user.findMany({ where: { shopDomain: TEST_SHOP } });
    expect(accounts).toEqual([expect.objectContaining({ firstName: "Test Shop", email: `owner@${TEST_SHOP}` })]);
    const session = await harness.db.prisma.shopifySession.findUniqueOrThrow({ where: { id: `offline_${TEST_SHOP}` } });
    expect(session.accessToken).not.toBe(fake.grants[0]!.accessToken);
    expect(session.refreshToken).toBeTruthy();
    expect(session.expires).not.toBeNull();
    const connection = await harness.db.prisma.shopifyConnection.findFirstOrThrow({
      where: { userId: accounts[0]!.id },
    });
    expect(connection.blogId).toBe(fake.shop(TEST_SHOP).blogs[0]!.id);
  });
});
