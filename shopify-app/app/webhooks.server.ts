// Every webhook route: Shopify's library verifies the HMAC (a bad one is answered 401 before anything runs), then the
// core applies the topic once per webhook id. Shopify retries anything but a 2xx, so a repeat is answered 200 too.
import type { ActionFunctionArgs } from "@remix-run/node";
import { handleShopWebhook } from "@postwright/core/shopify-shops";
import { appContext } from "./context.server";
import { appLogger } from "./logger.server";
import { authenticate } from "./shopify.server";

export async function webhookAction({ request }: ActionFunctionArgs): Promise<Response> {
  const { shop, topic, webhookId, payload } = await authenticate.webhook(request);
  const ctx = await appContext();
  appLogger().info({ shop, topic, webhookId }, "webhook received");
  await handleShopWebhook(
    { prisma: ctx.db.prisma, encryptionKey: ctx.config.encryptionKey, uploadDir: ctx.config.uploadDir },
    { shop, topic, webhookId, payload },
  );
  return new Response(null, { status: 200 });
}
