// A user may keep several connections per platform (professional plans); the one in use is the active one saved
// last. Users of the other plans keep one, which is then always the current one.
import type { Prisma, PrismaNamespace, ShopifyConnection, WordpressConnection } from "../db/index.ts";

type Client = Prisma | PrismaNamespace.TransactionClient;

/** Newest active first, then the inactive ones, newest first. */
export const currentFirst = [{ isActive: "desc" as const }, { createdAt: "desc" as const }, { id: "desc" as const }];

export function findCurrentShopifyConnection(client: Client, userId: number): Promise<ShopifyConnection | null> {
  return client.shopifyConnection.findFirst({ where: { userId }, orderBy: currentFirst });
}

export function findCurrentWordpressConnection(client: Client, userId: number): Promise<WordpressConnection | null> {
  return client.wordpressConnection.findFirst({ where: { userId }, orderBy: currentFirst });
}

/** Serialises the connection changes of one user (so two saves at once cannot both add a connection). */
export async function lockUserConnections(tx: PrismaNamespace.TransactionClient, userId: number): Promise<void> {
  await tx.$queryRaw`SELECT "id" FROM "custom_users" WHERE "id" = ${userId} FOR UPDATE`;
}
