// One of the owner's connected sites (a Shopify store or a WordPress site) as the background readers see it: found by
// its job's key, and read with the credentials it was saved with. Every reader of a site (its pages for the index, its
// posts for "Your posts", its writing for the owner's voice) goes through `readFromSite`, which resolves the
// credentials (a store that installed the embedded app is read with the app's offline token, refreshed when
// expired) and turns a failure into an AppError the owner can read ("Your Shopify store's articles could not be read.
// <reason>").
import { asFetch } from "../publishing/as-fetch.ts";
import { shopAppToken } from "../connections/shopify/shop-app-token.ts";
import type { ConnectionDeps } from "../connections/types.ts";
import type { Prisma, ShopifyConnection, WordpressConnection } from "../db/index.ts";
import { AppError, isAppError } from "../errors/index.ts";
import type { AdminGraphqlClientOptions } from "../publishing/shopify/admin-graphql-client.ts";
import type { FetchLike, WordpressCredentials } from "../publishing/wordpress/index.ts";
import { WordpressRequestError } from "../publishing/wordpress/wordpress-request-error.ts";
import { decryptSecret } from "../security/index.ts";
import { SHOPIFY_APP_SESSION_KEY } from "../shopify-sessions/shop-connection.ts";

export type SiteIndexDeps = Pick<
  ConnectionDeps,
  "prisma" | "encryptionKey" | "fetch" | "shopifyApiBaseUrl" | "shopifyPacer"
> &
  Partial<Pick<ConnectionDeps, "allowPrivateNetworkTargets" | "shopifyApp" | "logger">> & {
    now?: () => Date;
  };

export type SiteConnection =
  { platform: "shopify"; connection: ShopifyConnection } | { platform: "wordpress"; connection: WordpressConnection };

export interface SiteKey {
  userId: number;
  platform: "shopify" | "wordpress";
  connectionId: number;
}

/** The owner's connection a job names, or null when it is gone. */
export async function findSiteConnection(prisma: Prisma, key: SiteKey): Promise<SiteConnection | null> {
  const where = { id: key.connectionId, userId: key.userId };
  if (key.platform === "shopify") {
    const connection = await prisma.shopifyConnection.findFirst({ where });
    return connection ? { platform: "shopify", connection } : null;
  }
  const connection = await prisma.wordpressConnection.findFirst({ where });
  return connection ? { platform: "wordpress", connection } : null;
}

/** How one kind of content is read from each platform. */
export interface SiteReaders<T> {
  shopify(
    client: Pick<AdminGraphqlClientOptions, "fetch" | "apiBaseUrl" | "pacer">,
    store: { storeUrl: string; accessToken: string },
  ): Promise<T>;
  wordpress(client: { fetch: FetchLike; allowPlainHttp?: boolean }, credentials: WordpressCredentials): Promise<T>;
}

export interface SiteContent {
  /** What is read from a Shopify store, in the owner's words ("pages", "articles"). */
  shopify: string;
  /** What is read from a WordPress site ("pages", "posts"). */
  wordpress: string;
  /** Said after a failure's reason (e.g. what is kept meanwhile). */
  afterFailure?: string;
}

/** Reads `what` from the site with its saved credentials; a failure becomes an AppError worded for the owner. */
export async function readFromSite<T>(
  deps: SiteIndexDeps,
  site: SiteConnection,
  what: SiteContent,
  readers: SiteReaders<T>,
): Promise<T> {
  const after = what.afterFailure ? ` ${what.afterFailure}` : "";
  // A reader whose lease was taken over stops with its own error, which passes through as it is.
  const passes = (error: unknown) => isAppError(error) || (error instanceof Error && error.name === "LeaseLost");
  if (site.platform === "shopify") {
    const shopify = site.connection;
    try {
      const accessToken =
        shopify.apiKey === SHOPIFY_APP_SESSION_KEY
          ? await shopAppToken(
              deps,
              shopify.storeUrl,
              `This store's ${what.shopify} are read through the Shopify app, which is not configured here.`,
            )
          : decryptSecret(shopify.password, deps.encryptionKey);
      return await readers.shopify(
        { fetch: asFetch(deps.fetch), apiBaseUrl: deps.shopifyApiBaseUrl, pacer: deps.shopifyPacer },
        { storeUrl: shopify.storeUrl, accessToken },
      );
    } catch (error) {
      if (passes(error) || !(error instanceof Error)) throw error;
      const message = `Your Shopify store's ${what.shopify} could not be read. ${error.message}${after}`;
      throw new AppError("UPSTREAM", message.replace(/\s+/g, " ").trim(), { cause: error });
    }
  }
  const wordpress = site.connection;
  try {
    return await readers.wordpress(
      // Plain http only where private targets are allowed (development), as for publishing.
      { fetch: deps.fetch, allowPlainHttp: deps.allowPrivateNetworkTargets },
      {
        siteUrl: wordpress.siteUrl,
        username: wordpress.username,
        applicationPassword: wordpress.applicationPassword
          ? decryptSecret(wordpress.applicationPassword, deps.encryptionKey)
          : "",
      },
    );
  } catch (error) {
    if (passes(error)) throw error;
    const reason = error instanceof WordpressRequestError ? ` ${error.message}` : "";
    throw new AppError("UPSTREAM", `Your WordPress site's ${what.wordpress} could not be read.${reason}${after}`, {
      cause: error,
    });
  }
}
