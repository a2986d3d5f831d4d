// A Shopify product or collection webhook (products/create|update|delete, collections/create|update|delete) applied
// to the store's index: the page is added, renamed, moved (a new handle) or removed at once. A product is linkable
// while it is active and published to the online store, a collection while it is published; Shopify's updated_at
// orders the deliveries (an older one is ignored) and a deleted item stays removed.
import { normalizeShopDomain } from "../../publishing/shopify/normalize-shop-domain.ts";
import type { PrismaNamespace } from "../../db/index.ts";
import { applySiteIndexChange, type SiteIndexChangeOutcome } from "../apply-site-index-change.ts";

type Tx = PrismaNamespace.TransactionClient;

/** The topics handled, in the library's form ("PRODUCTS_UPDATE" for products/update). */
export const SHOPIFY_CATALOG_TOPICS = [
  "PRODUCTS_CREATE",
  "PRODUCTS_UPDATE",
  "PRODUCTS_DELETE",
  "COLLECTIONS_CREATE",
  "COLLECTIONS_UPDATE",
  "COLLECTIONS_DELETE",
] as const;

interface CatalogPayload {
  id?: number | string;
  title?: string | null;
  handle?: string | null;
  status?: string | null;
  published_at?: string | null;
  updated_at?: string | null;
  /** A product's featured image, or a collection's image. */
  image?: { src?: string | null; alt?: string | null } | null;
}

export async function applyShopifyCatalogWebhook(
  tx: Tx,
  input: { userId: number; shop: string; topic: (typeof SHOPIFY_CATALOG_TOPICS)[number]; payload: unknown; now: Date },
): Promise<SiteIndexChangeOutcome | "ignored"> {
  const payload = (input.payload ?? {}) as CatalogPayload;
  if (payload.id === undefined || payload.id === null) return "ignored";
  const connections = await tx.shopifyConnection.findMany({ where: { userId: input.userId, isActive: true } });
  const connection = connections.find((c) => safeShopDomain(c.storeUrl) === input.shop);
  if (!connection) return "ignored";

  const [resource, action] = input.topic.split("_") as ["PRODUCTS" | "COLLECTIONS", "CREATE" | "UPDATE" | "DELETE"];
  const kind = resource === "PRODUCTS" ? "product" : "collection";
  const removed = action === "DELETE";
  const changedAt = !removed && payload.updated_at ? new Date(payload.updated_at) : input.now;
  if (Number.isNaN(changedAt.getTime())) return "ignored";

  const linkable =
    !removed &&
    Boolean(payload.handle && payload.title?.trim() && payload.published_at) &&
    (kind === "collection" || payload.status === "active");
  let address: string | null = null;
  if (!removed && payload.handle) {
    // The storefront's address as the full read found it (the store's primary domain), else as the last change
    // notice placed it, else the shop's own.
    const where = { platform: "shopify", connectionId: connection.id };
    const known =
      (await tx.siteIndexEntry.findFirst({ where, select: { url: true } })) ??
      (await tx.siteIndexChange.findFirst({ where: { ...where, url: { not: null } }, select: { url: true } }));
    const storefront = known?.url ? new URL(known.url).origin : `https://${input.shop}`;
    address = `${storefront}/${kind === "product" ? "products" : "collections"}/${encodeURIComponent(payload.handle)}`;
  }
  const image = payload.image?.src ? { url: payload.image.src, alt: payload.image.alt?.trim() ?? "" } : null;
  const page =
    linkable && address ? { url: address, title: payload.title!.trim(), kind, ...(image ? { image } : {}) } : null;
  return applySiteIndexChange(tx, {
    userId: input.userId,
    platform: "shopify",
    connectionId: connection.id,
    sourceId: `${kind}:${payload.id}`,
    changedAt,
    page,
    address,
    removed,
  });
}

function safeShopDomain(storeUrl: string): string | null {
  try {
    return normalizeShopDomain(storeUrl);
  } catch {
    return null;
  }
}
