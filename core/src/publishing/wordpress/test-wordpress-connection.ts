import type { WordpressTestResult } from "../../contracts/connections.ts";
import { isAppError } from "../../errors/index.ts";
import { silentLogger, type Logger } from "../../logger.ts";
import { normalizeSiteUrl } from "./normalize-site-url.ts";
import { WordpressRequestError } from "./wordpress-request-error.ts";
import {
  createWordpressRestClient,
  discoverWordpressSite,
  type FetchLike,
  type WordpressCredentials,
} from "./wordpress-rest-client.ts";

interface CurrentUser {
  id: number;
  name?: string;
  username?: string;
  roles?: string[];
  capabilities?: Record<string, boolean>;
}

export interface TestWordpressConnectionOptions {
  /** Use createSafeFetch: the address is the user's. */
  fetch: FetchLike;
  logger?: Logger;
  /** Sends the password over plain http too (ALLOW_PRIVATE_NETWORK_TARGETS: development and tests). */
  allowPlainHttp?: boolean;
}

/**
 * Checks that the site is a WordPress site with its REST API on, that the username and application password log in,
 * and that the account may publish posts. Never throws for a failed check: the result says why, in words the user
 * can act on.
 */
export async function testWordpressConnection(
  connection: WordpressCredentials,
  options: TestWordpressConnectionOptions,
): Promise<WordpressTestResult> {
  const logger = (options.logger ?? silentLogger).child({ platform: "wordpress" });
  let siteUrl: string;
  try {
    siteUrl = normalizeSiteUrl(connection.siteUrl);
  } catch (error) {
    if (isAppError(error)) return { valid: false, message: error.message };
    throw error;
  }
  if (connection.username.trim() === "" || connection.applicationPassword.trim() === "") {
    return { valid: false, message: "Enter the WordPress username and an application password." };
  }

  try {
    const site = await discoverWordpressSite(siteUrl, options.fetch, connection.username);
    const client = createWordpressRestClient(site, connection, options.fetch, { allowPlainHttp: options.allowPlainHttp });
    let user: CurrentUser;
    try {
      ({ data: user } = await client.request<CurrentUser>("GET", "wp/v2/users/me", {
        query: { context: "edit" },
        action: "show the account's details",
      }));
    } catch (error) {
      if (!(error instanceof WordpressRequestError && error.kind === "not_found")) throw error;
      // The site hides its user routes (a common hardening): check the login with a request only a writer may make.
      await client.request("GET", "wp/v2/posts", {
        query: { context: "edit", per_page: 1, _fields: "id" },
        action: "list posts for editing",
      });
      return {
        valid: true,
        message:
          "Connected. The site hides its user details, so whether this account may publish will show at the first publication.",
      };
    }
    const name = user.name || user.username || connection.username.trim();
    const capabilities = user.capabilities ?? {};
    if (!capabilities.publish_posts) {
      const role = user.roles?.[0];
      return {
        valid: false,
        user: { id: user.id, name },
        message:
          `The WordPress user "${name}"${role ? ` (${role})` : ""} is not allowed to publish posts. Use an account ` +
          "with the Author, Editor or Administrator role.",
      };
    }
    if (!capabilities.upload_files) {
      return {
        valid: true,
        user: { id: user.id, name },
        message: `Connected as "${name}", but this account may not upload files: posts with images cannot be published until it may.`,
      };
    }
    return { valid: true, user: { id: user.id, name } };
  } catch (error) {
    if (error instanceof WordpressRequestError) {
      logger.info(
        { siteUrl, kind: error.kind, status: error.status, code: error.code },
        "WordPress connection test failed",
      );
      return { valid: false, message: error.message };
    }
    throw error;
  }
}
