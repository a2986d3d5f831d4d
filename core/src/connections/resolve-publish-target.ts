// Where a publication goes: the user's Shopify store or WordPress site in use (or, for a content plan's post, the plan's
// own connection and blog), with its credential decrypted, as a
// PublishTarget that sends every request through the safe fetch and reads images from this site's uploads. Used by
// the scheduler and the Publish button (as their resolveTarget). A site connected through the Postwright plugin is
// published to through the plugin, with requests signed by its signing secret. The connection comes from
// deps.connectionRows when given (from memory while the scheduler watches the connection tables' changes, else from
// the database).
import type { Platform } from "../contracts/blog.ts";
import { AppError, badRequest, isAppError } from "../errors/index.ts";
import { createShopifyTarget } from "../publishing/shopify/index.ts";
import type { PublishTarget } from "../publishing/types.ts";
import { createWordpressTarget } from "../publishing/wordpress/index.ts";
import { createWordpressPluginTarget } from "../publishing/wordpress-plugin/index.ts";
import { decryptSecret } from "../security/index.ts";
import { SHOPIFY_APP_SESSION_KEY } from "../shopify-sessions/shop-connection.ts";
import { asFetch } from "../publishing/as-fetch.ts";
import { findCurrentShopifyConnection, findCurrentWordpressConnection } from "./current-connections.ts";
import { shopAppToken } from "./shopify/shop-app-token.ts";
import { notConnectedMessages, type ConnectionDeps } from "./types.ts";

export async function resolvePublishTarget(
  deps: ConnectionDeps,
  input: {
    userId: number;
    platform: Platform;
    /** A connection of the user's to publish through instead of the current one (a content plan's). */
    connectionId?: number | null;
    /** A blog of that Shopify store instead of the connection's own. */
    blogId?: string | null;
  },
): Promise<PublishTarget> {
  const { userId, platform } = input;
  if (platform === "shopify") {
    const connection = input.connectionId
      ? await deps.prisma.shopifyConnection.findFirst({ where: { id: input.connectionId, userId } })
      : deps.connectionRows
        ? await deps.connectionRows.currentShopify(deps.prisma, userId)
        : await findCurrentShopifyConnection(deps.prisma, userId);
    if (!connection) throw badRequest(input.connectionId ? planTargetGone : notConnectedMessages.shopify);
    return createShopifyTarget(
      {
        storeUrl: connection.storeUrl,
        accessToken:
          connection.apiKey === SHOPIFY_APP_SESSION_KEY
            ? await shopAppToken(
                deps,
                connection.storeUrl,
                "Publishing to this store needs the Shopify app, which is not configured here.",
              )
            : readSecret(deps, connection.password, "Shopify access token", "Shopify connection"),
        blogId: input.blogId || connection.blogId,
      },
      {
        fetch: asFetch(deps.fetch),
        loadImage: deps.loadImage,
        apiBaseUrl: deps.shopifyApiBaseUrl,
        pacer: deps.shopifyPacer,
        logger: deps.logger,
      },
    );
  }
  const connection = input.connectionId
    ? await deps.prisma.wordpressConnection.findFirst({ where: { id: input.connectionId, userId } })
    : deps.connectionRows
      ? await deps.connectionRows.currentWordpress(deps.prisma, userId)
      : await findCurrentWordpressConnection(deps.prisma, userId);
  if (!connection) throw badRequest(input.connectionId ? planTargetGone : notConnectedMessages.wordpress);
  if (!connection.isActive) {
    throw badRequest(
      "Your WordPress connection is turned off. Turn it on in the WordPress connection form to publish.",
    );
  }
  if (connection.via === "plugin") {
    const credential = await deps.prisma.wordpressSiteCredential.findFirst({
      where: { connectionId: connection.id, userId },
    });
    if (!credential) throw badRequest(notConnectedMessages.wordpress);
    return createWordpressPluginTarget(
      {
        siteId: credential.id,
        restUrl: credential.restUrl,
        signingSecret: readSecret(
          deps,
          credential.signingSecret,
          "plugin connection",
          "WordPress site (connect it again)",
        ),
      },
      { fetch: deps.fetch, publicUrl: deps.publicUrl ?? "http://localhost", logger: deps.logger },
    );
  }
  return createWordpressTarget(
    {
      siteUrl: connection.siteUrl,
      username: connection.username,
      applicationPassword: readSecret(
        deps,
        connection.applicationPassword,
        "application password",
        "WordPress connection",
      ),
    },
    {
      fetch: deps.fetch,
      loadImage: deps.loadImage,
      logger: deps.logger,
      allowPlainHttp: deps.allowPrivateNetworkTargets,
    },
  );
}

/** A content plan's publication whose connection was removed since. */
export const planTargetGone =
  "The site or store this post's content plan publishes to is no longer connected. Connect it again, or schedule the post yourself.";

/** A credential that cannot be decrypted (the key changed) is the user's to enter again: a 400 that says where. */
function readSecret(deps: ConnectionDeps, stored: string, what: string, where: string): string {
  try {
    return decryptSecret(stored, deps.encryptionKey);
  } catch (error) {
    if (!isAppError(error)) throw error;
    throw new AppError("BAD_REQUEST", `The saved ${what} could not be read. Please enter it again in your ${where}.`, {
      internal: error.internal,
      cause: error,
    });
  }
}
