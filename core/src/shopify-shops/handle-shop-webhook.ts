// Shopify's webhooks for the embedded app, verified by the app (HMAC) and applied here once per webhook id: Shopify
// delivers at least once, so a repeated delivery is recorded as a duplicate and changes nothing.
//
// - app/uninstalled: the shop's sessions are deleted (the app has no access any more) and its scheduled posts paused,
//   not lost: a reinstall resumes them (findOrCreateShopAccount).
// - app/scopes_update: the offline session's scopes follow the granted ones.
// - app_subscriptions/update: the plan follows the Shopify subscription (the Billing API is the shop's provider).
// - customers/data_request, customers/redact: Postwright holds no data about a store's customers; acknowledged and
//   recorded.
// - shop/redact (48 hours after uninstalling): the shop's account, posts, uploads and sessions are erased.
// - products/create|update|delete, collections/create|update|delete: the page is added to, changed in or removed from
//   the store's site index at once (applyShopifyCatalogWebhook; an older delivery than the one applied is ignored).
import { rm } from "node:fs/promises";
import { join } from "node:path";
import type { ImageRef } from "../contracts/blog.ts";
import {
  applyShopifyCatalogWebhook,
  SHOPIFY_CATALOG_TOPICS,
} from "../site-index/shopify/apply-shopify-catalog-webhook.ts";
import { uploadedImageName } from "../uploads/index.ts";
import { applyShopifySubscription } from "./shopify-billing-provider.ts";
import { offlineSessionId, shopClock, type ShopDeps } from "../shopify-sessions/types.ts";

export type ShopWebhookOutcome = "applied" | "duplicate" | "ignored";

export interface ShopWebhookInput {
  webhookId: string;
  topic: string;
  shop: string;
  payload: unknown;
}

export interface ShopWebhookDeps extends ShopDeps {
  /** Where uploaded images live (config.uploadDir), so shop/redact can erase the shop's. */
  uploadDir: string;
}

const topics = [
  "APP_UNINSTALLED",
  "APP_SCOPES_UPDATE",
  "APP_SUBSCRIPTIONS_UPDATE",
  "CUSTOMERS_DATA_REQUEST",
  "CUSTOMERS_REDACT",
  "SHOP_REDACT",
  ...SHOPIFY_CATALOG_TOPICS,
] as const;

/** "app/uninstalled" and "APP_UNINSTALLED" (the library's form) name the same topic. */
const normalizeTopic = (topic: string) => topic.toUpperCase().replace(/[/.]/g, "_");

export async function handleShopWebhook(deps: ShopWebhookDeps, input: ShopWebhookInput): Promise<ShopWebhookOutcome> {
  const topic = normalizeTopic(input.topic);
  if (!(topics as readonly string[]).includes(topic)) return "ignored";
  const now = shopClock(deps);
  const uploads: string[] = [];
  const outcome = await deps.prisma.$transaction(async (tx) => {
    const recorded = await tx.processedEvent.createMany({
      data: [{ id: `shopify:${input.webhookId}`, provider: "shopify", type: `${topic}:${input.shop}` }],
      skipDuplicates: true,
    });
    if (recorded.count === 0) return "duplicate" as const;
    const user = await tx.user.findUnique({ where: { shopDomain: input.shop }, select: { id: true } });
    switch (topic) {
      case "APP_UNINSTALLED":
        await tx.shopifySession.deleteMany({ where: { shop: input.shop } });
        if (user) {
          await tx.postPublication.updateMany({
            where: { userId: user.id, status: "pending" },
            data: { status: "paused" },
          });
        }
        break;
      case "APP_SCOPES_UPDATE": {
        const current = (input.payload as { current?: unknown }).current;
        if (Array.isArray(current)) {
          await tx.shopifySession.updateMany({
            where: { id: offlineSessionId(input.shop) },
            data: { scope: current.map(String).join(",") },
          });
        }
        break;
      }
      case "APP_SUBSCRIPTIONS_UPDATE": {
        const subscription = (input.payload as { app_subscription?: ShopifySubscriptionPayload }).app_subscription;
        if (!user || !subscription?.admin_graphql_api_id) break;
        await applyShopifySubscription(tx, {
          userId: user.id,
          observedAt: subscription.updated_at ? new Date(subscription.updated_at) : now,
          report: {
            id: subscription.admin_graphql_api_id,
            name: subscription.name ?? "",
            status: subscription.status ?? "",
            currentPeriodEnd: subscription.current_period_end ?? null,
          },
        });
        break;
      }
      case "SHOP_REDACT":
        await tx.shopifySession.deleteMany({ where: { shop: input.shop } });
        if (user) {
          const stored = await tx.uploadedImage.findMany({ where: { userId: user.id }, select: { filename: true } });
          uploads.push(...stored.map((image) => image.filename));
          const posts = await tx.blogPost.findMany({ where: { userId: user.id }, select: { images: true } });
          for (const post of posts) {
            for (const image of (post.images ?? []) as unknown as ImageRef[]) {
              const name = image?.url ? uploadedImageName(image.url) : undefined;
              if (name) uploads.push(name);
            }
          }
          // Posts, publications, usage, jobs and connections go with the account (ON DELETE CASCADE).
          await tx.user.delete({ where: { id: user.id } });
        }
        break;
      case "PRODUCTS_CREATE":
      case "PRODUCTS_UPDATE":
      case "PRODUCTS_DELETE":
      case "COLLECTIONS_CREATE":
      case "COLLECTIONS_UPDATE":
      case "COLLECTIONS_DELETE":
        if (user)
          await applyShopifyCatalogWebhook(tx, {
            userId: user.id,
            shop: input.shop,
            topic,
            payload: input.payload,
            now,
          });
        break;
      default:
        // customers/data_request and customers/redact: nothing is held about customers; the record is the answer.
        break;
    }
    return "applied" as const;
  });
  await Promise.all(uploads.map((name) => rm(join(deps.uploadDir, name), { force: true })));
  return outcome;
}

interface ShopifySubscriptionPayload {
  admin_graphql_api_id?: string;
  name?: string;
  status?: string;
  updated_at?: string;
  current_period_end?: string | null;
}
