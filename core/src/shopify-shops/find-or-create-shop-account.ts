// The account of a shop that installs the embedded app: the same users table as the site's accounts (plan, usage,
// posts, schedules, publications), named after the shop, with its owner's email. A reinstall finds the same account
// again and resumes the scheduled posts that were paused when the app was uninstalled.
//
// Shop accounts cannot sign in to the site: their password is not a hash, so no password ever matches. When the
// owner's email already belongs to a site account, the shop gets an address of its own rather than that account (an
// email given by a store is not proof of owning the site account).
import { isKnownTimeZone } from "../contracts/account.ts";
import type { User } from "../db/index.ts";
import { badRequest } from "../errors/index.ts";
import { normalizeShopDomain } from "../publishing/shopify/index.ts";
import { SHOPIFY_APP_SESSION_KEY, shopStoreUrl } from "../shopify-sessions/shop-connection.ts";
import type { ShopDeps } from "../shopify-sessions/types.ts";
import { queueConnectedSiteReads } from "../jobs/site-queues.ts";

export const SHOP_ACCOUNT_PASSWORD = "!shopify-app";

export interface ShopAccountInput {
  shop: string;
  /** The shop's name (shop.name). */
  name: string;
  /** The shop owner's email (shop.email); may be empty. */
  email: string | null;
  /** The blog to publish to (gid), when the shop has one. */
  blogId: string | null;
  /** The store's time zone (shop.ianaTimezone): the account's, which new content plans start from. */
  timeZone?: string | null;
}

export async function findOrCreateShopAccount(
  deps: Pick<ShopDeps, "prisma">,
  input: ShopAccountInput,
): Promise<{ user: User; created: boolean }> {
  const shop = normalizeShopDomain(input.shop);
  if (!shop.endsWith(".myshopify.com")) throw badRequest("This is not a Shopify store address.");
  const name = input.name.trim() || shop.replace(/\.myshopify\.com$/, "");
  const timeZone = input.timeZone && isKnownTimeZone(input.timeZone) ? input.timeZone : null;
  const account = await deps.prisma.$transaction(async (tx) => {
    let user = await tx.user.findUnique({ where: { shopDomain: shop } });
    let created = false;
    if (!user) {
      const ownerEmail = input.email?.trim().toLowerCase() || null;
      const taken = ownerEmail
        ? await tx.user.findUnique({ where: { email: ownerEmail }, select: { id: true } })
        : null;
      const [inserted] = await tx.user.createManyAndReturn({
        data: [
          {
            email: ownerEmail && !taken ? ownerEmail : `owner@${shop}`,
            password: SHOP_ACCOUNT_PASSWORD,
            firstName: name,
            isEmailVerified: Boolean(ownerEmail && !taken),
            shopDomain: shop,
            ...(timeZone ? { timeZone } : {}),
          },
        ],
        skipDuplicates: true,
      });
      // Two installs at once: the other one created it.
      user = inserted ?? (await tx.user.findUniqueOrThrow({ where: { shopDomain: shop } }));
      created = Boolean(inserted);
    } else if (user.firstName !== name || (timeZone && user.timeZone !== timeZone)) {
      // The store's name and time zone follow Shopify's settings at each install.
      user = await tx.user.update({
        where: { id: user.id },
        data: { firstName: name, ...(timeZone ? { timeZone } : {}) },
      });
    }
    let connection = await tx.shopifyConnection.findFirst({
      where: { userId: user.id, storeUrl: shopStoreUrl(shop) },
    });
    if (!connection) {
      connection = await tx.shopifyConnection.create({
        data: {
          userId: user.id,
          storeName: name,
          storeUrl: shopStoreUrl(shop),
          apiKey: SHOPIFY_APP_SESSION_KEY,
          password: "",
          blogId: input.blogId ?? "",
        },
      });
    } else if (!connection.blogId && input.blogId) {
      await tx.shopifyConnection.update({ where: { id: connection.id }, data: { blogId: input.blogId } });
    }
    await tx.postPublication.updateMany({ where: { userId: user.id, status: "paused" }, data: { status: "pending" } });
    return { user, created, connectionId: connection.id };
  });
  // Installed or reinstalled: the store's pages are read at once, so that the first post already links into it.
  const { connectionId, ...result } = account;
  await queueConnectedSiteReads(deps, { userId: result.user.id, platform: "shopify", connectionId });
  return result;
}
