// Who a call of the Postwright plugin comes from: the site credential (Authorization: Bearer pwsite_...) is looked up
// by its SHA-256. An unknown credential, or one whose site was disconnected, is refused with the message the plugin
// shows. When it was last used is recorded at most once a minute, for the dashboard.
import { AppError } from "../../errors/index.ts";
import type { Prisma } from "../../db/index.ts";
import { hashSiteToken } from "./hash-site-token.ts";

export interface SiteIdentity {
  siteId: string;
  userId: number;
  connectionId: number;
  siteUrl: string;
  restUrl: string;
  connectedAt: Date;
}

const LAST_USED_PRECISION_MS = 60_000;

export function siteDisconnected(): AppError {
  return new AppError("UNAUTHORIZED", "This site is no longer connected to Postwright. Connect it again.", {
    details: { code: "site_disconnected" },
  });
}

export async function authenticateSiteCredential(
  deps: { prisma: Prisma; now?: () => Date },
  input: { credential: string },
): Promise<SiteIdentity> {
  if (!input.credential.startsWith("pwsite_")) throw siteDisconnected();
  const row = await deps.prisma.wordpressSiteCredential.findUnique({
    where: { credentialHash: hashSiteToken(input.credential) },
    include: { connection: { select: { siteUrl: true } } },
  });
  if (!row) throw siteDisconnected();
  const now = deps.now?.() ?? new Date();
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_PRECISION_MS) {
    await deps.prisma.wordpressSiteCredential.updateMany({ where: { id: row.id }, data: { lastUsedAt: now } });
  }
  return {
    siteId: row.id,
    userId: row.userId,
    connectionId: row.connectionId,
    siteUrl: row.connection.siteUrl,
    restUrl: row.restUrl,
    connectedAt: row.createdAt,
  };
}
