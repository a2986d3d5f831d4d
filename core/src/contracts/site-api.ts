// The site's own API (/api), declared route by route like the plugin API (api-v1.ts): method, path, caller, query,
// body and every answer, errors included, one file per resource under site-api/. The server implements these routes
// from here, /api/openapi.json is generated from them, and the React client calls them through callRoute and
// routeQuery (standalone-web/client/src/lib/api.ts) instead of writing their URLs. Every route the site answers under
// /api is declared here (the plugin API, /api/v1, has its own contract), and the tests fail on an answer of any other.
import type { RouteContract } from "./api-v1.ts";
import { accountRoutes } from "./site-api/account.ts";
import { adminRoutes } from "./site-api/admin.ts";
import { authRoutes } from "./site-api/auth.ts";
import { blogPostRoutes } from "./site-api/blog-posts.ts";
import { contactRoutes } from "./site-api/contact.ts";
import { contentPlanRoutes } from "./site-api/content-plans.ts";
import { healthRoutes } from "./site-api/health.ts";
import { imageRoutes } from "./site-api/images.ts";
import { searchConsoleRoutes } from "./site-api/search-console.ts";
import { refreshRoutes } from "./site-api/refresh.ts";
import { serviceRoutes } from "./site-api/service.ts";
import { shopifyRoutes } from "./site-api/shopify.ts";
import { siteIndexRoutes } from "./site-api/site-index.ts";
import { sitePostsRoutes } from "./site-api/site-posts.ts";
import { storeProductRoutes } from "./site-api/store-products.ts";
import { subscriptionRoutes } from "./site-api/subscription.ts";
import { voiceRoutes } from "./site-api/voice.ts";
import { wordpressRoutes } from "./site-api/wordpress.ts";
import { wordpressPluginConnectRoutes } from "./site-api/wordpress-plugin-connect.ts";

export { contactAnswerSchema, type ContactAnswer } from "./site-api/contact.ts";

export const siteApiContract = {
  ...healthRoutes,
  ...authRoutes,
  ...accountRoutes,
  ...subscriptionRoutes,
  ...blogPostRoutes,
  ...imageRoutes,
  ...contactRoutes,
  ...adminRoutes,
  ...siteIndexRoutes,
  ...shopifyRoutes,
  ...wordpressRoutes,
  ...wordpressPluginConnectRoutes,
  ...contentPlanRoutes,
  ...voiceRoutes,
  ...sitePostsRoutes,
  ...storeProductRoutes,
  ...searchConsoleRoutes,
  ...refreshRoutes,
  ...serviceRoutes,
} as const satisfies Record<string, RouteContract>;

export type SiteApiRoute = (typeof siteApiContract)[keyof typeof siteApiContract];
