import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../testing/index.ts";
import { authenticateUser } from "../accounts/authenticate-user.ts";
import { findOrCreateShopAccount, SHOP_ACCOUNT_PASSWORD } from "./find-or-create-shop-account.ts";
import { SHOPIFY_APP_SESSION_KEY } from "../shopify-sessions/shop-connection.ts";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.close());

describe("findOrCreateShopAccount", () => {
  it("creates the shop's account once, named after the shop, with the owner's email and the app's connection", async () => {
    const input = {
      shop: "Candle-Co.myshopify.com",
      name: "Candle Co",
      email: "Owner@Candle.example",
      blogId: "gid://shopify/Blog/1",
    };
    const first = await findOrCreateShopAccount({ prisma: db.prisma }, input);
    const again = await findOrCreateShopAccount({ prisma: db.prisma }, input);
    expect(first.created).toBe(true);
    expect(again.created).toBe(false);
    expect(again.user.id).toBe(first.user.id);
    expect(first.user).toMatchObject({
      email: "owner@candle.example",
      firstName: "Candle Co",
      shopDomain: "candle-co.myshopify.com",
      subscriptionPlan: "free",
    });
    const connections = await db.prisma.shopifyConnection.findMany({ where: { userId: first.user.id } });
    expect(connections).toEqual([
      expect.objectContaining({
        storeUrl: "https://candle-co.myshopify.com",
        apiKey: SHOPIFY_APP_SESSION_KEY,
        blogId: "gid://shopify/Blog/1",
      }),
    ]);
  });

  it("takes the store's time zone as the account's, follows a change at the next install, and ignores an unknown one", async () => {
    const input = { shop: "tz-shop.myshopify.com", name: "TZ Shop", email: null, blogId: null };
    const first = await findOrCreateShopAccount({ prisma: db.prisma }, { ...input, timeZone: "Europe/Berlin" });
    expect(first.user.timeZone).toBe("Europe/Berlin");
    const moved = await findOrCreateShopAccount({ prisma: db.prisma }, { ...input, timeZone: "America/Chicago" });
    expect(moved.user.timeZone).toBe("America/Chicago");
    const unknown = await findOrCreateShopAccount({ prisma: db.prisma }, { ...input, timeZone: "Atlantis/Capital" });
    expect(unknown.user.timeZone).toBe("America/Chicago");
  });

  it("never lets the shop account sign in to the site, nor takes over a site account with the same email", async () => {
    const site = await db.prisma.user.create({ data: { email: "shared@owner.example", password: "$argon2id$x" } });
    const { user } = await findOrCreateShopAccount(
      { prisma: db.prisma },
      { shop: "tea.myshopify.com", name: "Tea", email: "shared@owner.example", blogId: null },
    );
    expect(user.id).not.toBe(site.id);
    expect(user.email).toBe("owner@tea.myshopify.com");
    await expect(
      authenticateUser({ prisma: db.prisma }, { email: user.email, password: SHOP_ACCOUNT_PASSWORD }),
    ).rejects.toThrow();
  });

  it("refuses an address that is not a Shopify store", async () => {
    await expect(
      findOrCreateShopAccount({ prisma: db.prisma }, { shop: "example.com", name: "X", email: null, blogId: null }),
    ).rejects.toThrow("This is not a Shopify store address.");
  });
});
