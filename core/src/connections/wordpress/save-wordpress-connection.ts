// Saves the user's WordPress site after checking the username and application password against it, so a wrong
// address or password is refused with the site's reason instead of failing at the first publication. The application
// password is stored encrypted. Saved active (the default), the connection becomes the one in use.
//
// How many sites a user may keep comes from the plan (maxConnectionsPerPlatform). Saving the site already saved
// (same address) updates it. Another site gets a connection of its own: on plans that allow one site, the saved one
// is turned off and keeps its content plans (paused) and queued publications; plans that allow several add it, up to
// their limit.
import type { WordpressConnectionInput, WordpressConnectionView } from "../../contracts/connections.ts";
import { getEntitlements } from "../../billing/index.ts";
import { badRequest } from "../../errors/index.ts";
import { normalizeSiteUrl } from "../../publishing/wordpress/index.ts";
import { encryptSecret } from "../../security/index.ts";
import { checkWordpressCredentials } from "./check-wordpress-credentials.ts";
import { toWordpressConnectionView } from "../connection-views.ts";
import { lockUserConnections } from "../current-connections.ts";
import { pauseReplacedSitePlans } from "../pause-replaced-site-plans.ts";
import { placeWordpressConnection } from "./place-wordpress-connection.ts";
import type { ConnectionDeps } from "../types.ts";
import { queueConnectedSiteReads } from "../../jobs/site-queues.ts";

export async function saveWordpressConnection(
  deps: ConnectionDeps,
  input: { userId: number; connection: WordpressConnectionInput },
): Promise<WordpressConnectionView> {
  const { userId, connection } = input;
  const siteUrl = normalizeSiteUrl(connection.siteUrl);
  const username = connection.username.trim();
  const applicationPassword = connection.applicationPassword.trim();
  const checked = await checkWordpressCredentials(deps, { siteUrl, username, applicationPassword });
  if (!checked.valid) {
    throw badRequest(checked.message ?? "WordPress did not accept this username and application password.");
  }
  const { maxConnectionsPerPlatform: limit } = await getEntitlements({ prisma: deps.prisma }, userId);
  const fields = {
    siteName: connection.siteName.trim(),
    siteUrl,
    username,
    applicationPassword: encryptSecret(applicationPassword, deps.encryptionKey),
    isActive: connection.isActive,
    via: "application_password",
  };

  const saved = await deps.prisma.$transaction(async (tx) => {
    await lockUserConnections(tx, userId);
    const { target, replaces } = await placeWordpressConnection(tx, { userId, siteUrl, limit });
    // A site that was connected through the plugin is now reached with the password: its plugin credential goes.
    if (target) await tx.wordpressSiteCredential.deleteMany({ where: { userId, connectionId: target.id } });
    if (fields.isActive) {
      await pauseReplacedSitePlans(tx, {
        userId,
        platform: "wordpress",
        replaced: replaces && { id: replaces.id, url: replaces.siteUrl },
      });
      await tx.wordpressConnection.updateMany({
        where: { userId, isActive: true, ...(target ? { id: { not: target.id } } : {}) },
        data: { isActive: false },
      });
    }
    return target
      ? tx.wordpressConnection.update({ where: { id: target.id }, data: fields })
      : tx.wordpressConnection.create({ data: { ...fields, userId } });
  });
  deps.connectionRows?.forget(userId, "wordpress");
  deps.logger?.info({ userId, connectionId: saved.id, site: siteUrl }, "WordPress connection saved");
  // The site's pages are read at once (when it is the one in use), so that the first post already links into it.
  if (saved.isActive) {
    await queueConnectedSiteReads(deps, { userId, platform: "wordpress", connectionId: saved.id });
  }
  return toWordpressConnectionView(saved);
}
