// The API's routers, one per resource. Each module exports a factory taking the server context.
import type { Router } from "express";
import type { ServerContext } from "../context.ts";
import { createAccountRouter } from "./account.ts";
import { createAdminRouter } from "./admin.ts";
import { createAuthRouter } from "./auth.ts";
import { createBlogPostsRouter } from "./blog-posts.ts";
import { createContactRouter } from "./contact.ts";
import { createContentPlansRouter } from "./content-plans.ts";
import { createHealthRouter } from "./health.ts";
import { createImagesRouter } from "./images.ts";
import { createPublishingRouter } from "./publishing.ts";
import { createSearchConsoleRouter } from "./search-console.ts";
import { createRefreshRouter } from "./refresh.ts";
import { createShopifyRouter } from "./shopify.ts";
import { createSiteApiDocumentRouter } from "./site-api-document.ts";
import { createSitePostsRouter } from "./site-posts.ts";
import { createStoreProductsRouter } from "./store-products.ts";
import { createStripeWebhookRouter } from "./stripe-webhook.ts";
import { createSubscriptionRouter } from "./subscription.ts";
import { createVoiceRouter } from "./voice.ts";
import { createWordpressRouter } from "./wordpress.ts";
import { createWordpressPluginConnectRouter } from "./wordpress-plugin-connect.ts";

export function webhookRouters(ctx: ServerContext): Router[] {
  return [createStripeWebhookRouter(ctx)];
}

export function apiRouters(ctx: ServerContext): Router[] {
  return [
    createHealthRouter(ctx),
    createAuthRouter(ctx),
    createAccountRouter(ctx),
    createContactRouter(ctx),
    createBlogPostsRouter(ctx),
    createImagesRouter(ctx),
    createSubscriptionRouter(ctx),
    createAdminRouter(ctx),
    createShopifyRouter(ctx),
    createWordpressRouter(ctx),
    createWordpressPluginConnectRouter(ctx),
    createPublishingRouter(ctx),
    createContentPlansRouter(ctx),
    createVoiceRouter(ctx),
    createSitePostsRouter(ctx),
    createStoreProductsRouter(ctx),
    createSearchConsoleRouter(ctx),
    createRefreshRouter(ctx),
    createSiteApiDocumentRouter(ctx),
  ];
}
