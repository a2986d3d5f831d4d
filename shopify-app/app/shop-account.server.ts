// The core account of the shop an admin request is for (created on install by the afterAuth hook; found here).
import { notFound } from "@postwright/core/errors";
import { appContext } from "./context.server";

export async function shopAccount(shop: string) {
  const ctx = await appContext();
  const user = await ctx.db.prisma.user.findUnique({ where: { shopDomain: shop } });
  if (!user) throw notFound("This store's account was not found. Open the app again from Shopify admin.");
  return { ctx, user };
}
