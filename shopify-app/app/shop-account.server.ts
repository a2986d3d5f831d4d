// The core account of the shop an admin request is for (created on install by the afterAuth hook; found here). A
// request that arrives while the install of a parallel request is still under way completes the install itself.
import { notFound } from "@postwright/core/errors";
import { appContext } from "./context.server";
import { installShop } from "./shopify.server";

export async function shopAccount(shop: string, admin?: Parameters<typeof installShop>[0]) {
  const ctx = await appContext();
  const find = () => ctx.db.prisma.user.findUnique({ where: { shopDomain: shop } });
  let user = await find();
  if (!user && admin) {
    await installShop(admin, shop);
    user = await find();
  }
  if (!user) throw notFound("This store's account was not found. Open the app again from Shopify admin.");
  return { ctx, user };
}
