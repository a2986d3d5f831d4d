// The plugin exchanges the one-time code it came back with for the site's credential (server to server). The code is
// taken in one conditional update (unused and unexpired), so two exchanges of the same code cannot both succeed; a
// code given for another site is used up too. The site then becomes one of the account's WordPress connections, in
// the plan's limit like a site connected with an application password, and the one in use. Another site never takes
// over a saved site's connection: on a plan with one site the saved one is turned off, keeping its plans (paused).
import { randomBytes, randomUUID } from "node:crypto";
import type { ConnectExchangeInput, ConnectExchangeResponse } from "../../contracts/wordpress-plugin.ts";
import { getEntitlements } from "../../billing/index.ts";
import { badRequest } from "../../errors/index.ts";
import { normalizeSiteUrl } from "../../publishing/wordpress/index.ts";
import { encryptSecret } from "../../security/index.ts";
import { lockUserConnections } from "../current-connections.ts";
import { hashSiteToken } from "./hash-site-token.ts";
import { pauseReplacedSitePlans } from "../pause-replaced-site-plans.ts";
import { placeWordpressConnection } from "./place-wordpress-connection.ts";
import { siteDisplayName } from "../site-display-name.ts";
import type { ConnectionDeps } from "../types.ts";
import { queueConnectedSiteReads } from "../../jobs/site-queues.ts";

const INVALID_CODE =
  "This connection code is not valid: it was already used, has expired or belongs to another site. Start the connection again from the Postwright page in WordPress.";

export async function exchangeConnectCode(
  deps: Pick<ConnectionDeps, "prisma" | "encryptionKey" | "connectionRows" | "logger"> & { now?: () => Date },
  input: ConnectExchangeInput,
): Promise<ConnectExchangeResponse> {
  const now = deps.now?.() ?? new Date();
  const codeHash = hashSiteToken(input.code);
  let siteUrl: string;
  try {
    siteUrl = normalizeSiteUrl(input.siteUrl);
  } catch {
    throw badRequest(INVALID_CODE);
  }

  const taken = await deps.prisma.wordpressConnectCode.updateMany({
    where: { codeHash, usedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now },
  });
  const code = taken.count === 1 ? await deps.prisma.wordpressConnectCode.findUnique({ where: { codeHash } }) : null;
  if (!code || code.siteUrl !== siteUrl) {
    deps.logger?.info({ reason: code ? "site mismatch" : "unknown, used or expired" }, "connect code refused");
    throw badRequest(INVALID_CODE);
  }
  const { userId } = code;
  const entitlements = await getEntitlements({ prisma: deps.prisma }, userId, now);
  const user = await deps.prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true } });

  const credential = `pwsite_${randomBytes(32).toString("base64url")}`;
  const signingSecret = randomBytes(32).toString("hex");
  const siteId = randomUUID();
  const fields = {
    siteName: siteDisplayName(input.siteName, siteUrl),
    siteUrl,
    username: "",
    applicationPassword: "",
    isActive: true,
    via: "plugin",
  };
  const connectionId = await deps.prisma.$transaction(async (tx) => {
    await lockUserConnections(tx, userId);
    const { target, replaces } = await placeWordpressConnection(tx, {
      userId,
      siteUrl,
      limit: entitlements.maxConnectionsPerPlatform,
    });
    await pauseReplacedSitePlans(tx, {
      userId,
      platform: "wordpress",
      replaced: replaces && { id: replaces.id, url: replaces.siteUrl },
    });
    await tx.wordpressConnection.updateMany({
      where: { userId, isActive: true, ...(target ? { id: { not: target.id } } : {}) },
      data: { isActive: false },
    });
    const connection = target
      ? await tx.wordpressConnection.update({ where: { id: target.id }, data: fields })
      : await tx.wordpressConnection.create({ data: { ...fields, userId } });
    // A new credential replaces the site's old one (the plugin was connected again): the old one stops working.
    await tx.wordpressSiteCredential.deleteMany({ where: { userId, connectionId: connection.id } });
    await tx.wordpressSiteCredential.create({
      data: {
        id: siteId,
        userId,
        connectionId: connection.id,
        credentialHash: hashSiteToken(credential),
        signingSecret: encryptSecret(signingSecret, deps.encryptionKey),
        restUrl: code.restUrl,
      },
    });
    return connection.id;
  });
  deps.connectionRows?.forget(userId, "wordpress");
  deps.logger?.info({ userId, siteId, site: siteUrl }, "WordPress site connected through the plugin");
  // The site's public pages are read at once, so that the first post already links into it.
  await queueConnectedSiteReads(deps, { userId, platform: "wordpress", connectionId });
  return { siteId, credential, signingSecret, account: { email: user.email, plan: entitlements.plan } };
}
