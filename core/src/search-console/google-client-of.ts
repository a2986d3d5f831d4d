// This server's Google client, or a clear refusal when it has no OAuth client configured.
import { AppError } from "../errors/index.ts";
import { createGoogleClient, type GoogleClient } from "../google/google-client.ts";
import type { SearchConsoleDeps } from "./types.ts";

export const NOT_CONFIGURED =
  "Search Console is not set up on this server: its administrator has to set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET. Everything else works without it.";

export function googleClientOf(deps: Pick<SearchConsoleDeps, "google" | "fetch">): GoogleClient {
  if (!deps.google) throw new AppError("UNAVAILABLE", NOT_CONFIGURED);
  return createGoogleClient({ ...deps.google, fetch: deps.fetch });
}
