// What the Search Console functions need: the database, the key that encrypts tokens (and the connect state), this
// server's Google OAuth client (undefined when it has none), its public address (Google sends the browser back there).
import type { Prisma } from "../db/index.ts";
import type { GoogleConfig } from "../env.ts";
import type { Logger } from "../logger.ts";
import type { FetchLike } from "../google/google-client.ts";

export interface SearchConsoleDeps {
  prisma: Prisma;
  encryptionKey: Buffer;
  google: GoogleConfig | undefined;
  /** APP_URL: the OAuth redirect is `${publicUrl}/api/search-console/callback`. */
  publicUrl: string;
  fetch?: FetchLike;
  logger?: Logger;
  now?: () => Date;
}

/** The route Google sends the browser back to. */
export const SEARCH_CONSOLE_CALLBACK_PATH = "/api/search-console/callback";

export const redirectUriOf = (publicUrl: string) => `${publicUrl.replace(/\/+$/, "")}${SEARCH_CONSOLE_CALLBACK_PATH}`;

/** The one site a caller may reach (the plugin's credential: its own site). */
export interface SearchConsoleScope {
  platform: "shopify" | "wordpress";
  connectionId: number;
}

/**
 * Which of the member's sites a Search Console call is for: `site` when the caller may reach only one (the plugin's
 * own), else the member's site on `platform` (without it, the first connected: the store, then the WordPress site),
 * as "Your posts" picks it.
 */
export interface SearchConsoleSiteInput {
  userId: number;
  platform?: "shopify" | "wordpress";
  site?: SearchConsoleScope;
}
