// The WordPress form's test action: checks that the site is a WordPress site with its REST API on, that the username
// and application password log in, and that the account may publish. Requests go through the safe fetch.
import type { WordpressTestResult } from "../../contracts/connections.ts";
import { testWordpressConnection, type WordpressCredentials } from "../../publishing/wordpress/index.ts";
import type { ConnectionDeps } from "../types.ts";

export function checkWordpressCredentials(
  deps: ConnectionDeps,
  credentials: WordpressCredentials,
): Promise<WordpressTestResult> {
  return testWordpressConnection(credentials, {
    fetch: deps.fetch,
    logger: deps.logger,
    allowPlainHttp: deps.allowPrivateNetworkTargets,
  });
}
