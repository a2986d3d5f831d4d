// The dashboard's connection check of a site connected through the Postwright plugin: a signed ping to the plugin,
// which answers only when the plugin is active and holds this site's signing secret.
import { notFound } from "../../errors/index.ts";
import { PublishError } from "../../publishing/types.ts";
import { createWordpressPluginTarget } from "../../publishing/wordpress-plugin/index.ts";
import { decryptSecret } from "../../security/index.ts";
import type { ConnectionDeps } from "../types.ts";

export interface PluginSiteCheck {
  valid: boolean;
  /** Why the check failed, in words the user can act on. */
  message?: string;
  /** The plugin's version, when it answered. */
  version?: string;
}

export async function checkPluginSite(
  deps: ConnectionDeps,
  input: { userId: number; connectionId: number },
): Promise<PluginSiteCheck> {
  const credential = await deps.prisma.wordpressSiteCredential.findFirst({
    where: { connectionId: input.connectionId, userId: input.userId },
  });
  if (!credential) throw notFound("This site is not connected through the Postwright plugin.");
  let signingSecret: string;
  try {
    signingSecret = decryptSecret(credential.signingSecret, deps.encryptionKey);
  } catch {
    return { valid: false, message: "The saved connection could not be read. Connect the site again from WordPress." };
  }
  const target = createWordpressPluginTarget(
    { siteId: credential.id, restUrl: credential.restUrl, signingSecret },
    { fetch: deps.fetch, publicUrl: deps.publicUrl ?? "http://localhost", logger: deps.logger },
  );
  try {
    const { version } = await target.ping();
    return { valid: true, version };
  } catch (error) {
    if (error instanceof PublishError) return { valid: false, message: error.message };
    throw error;
  }
}
