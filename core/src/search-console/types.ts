// What the Search Console functions need: the database, the key that encrypts tokens (and the connect state), this
// server's Google OAuth client (undefined when it has none), its public address (Google sends the browser back there).
import type { Prisma } from "../db/index.ts";
import type { GoogleConfig } from "../env.ts";
import type { Logger } from "../logger.ts";
import type { FetchLike } from "./google-client.ts";

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

/** The one site a caller may reach (the plugin's credential: its own site); undefined: the member's current site. */
export interface SearchConsoleScope {
  platform: "shopify" | "wordpress";
  connectionId: number;
}

/** Whether the member's Search Console connection is for the site in scope (always, without a scope). */
export const forScope = (
  connection: { platform: string; connectionId: number },
  site: SearchConsoleScope | undefined,
): boolean => !site || (connection.platform === site.platform && connection.connectionId === site.connectionId);
