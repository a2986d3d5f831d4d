import { type OutboundUrlOptions, parseOutboundUrl, resolveAllowedAddresses } from "./outbound-url-policy.ts";

/**
 * Validates a user-given address before it is saved or used: http(s) only and, unless private targets are allowed,
 * a hostname whose addresses are all public. Resolves to the parsed URL; throws OutboundRequestError (an AppError
 * with a message for the user) otherwise. Requests must still go through createSafeFetch, which checks again at
 * connection time (DNS answers can change).
 */
export async function assertPublicUrl(url: string | URL, options: OutboundUrlOptions): Promise<URL> {
  const parsed = parseOutboundUrl(url);
  if (!options.allowPrivateNetworkTargets) {
    await resolveAllowedAddresses(parsed.hostname, options);
  }
  return parsed;
}
