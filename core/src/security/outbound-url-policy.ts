// The rules every outbound request to a user-given address follows: http(s) only, no credentials in the address, and
// (unless the operator allows private network targets) every address the hostname resolves to must be public.
import { lookup } from "node:dns/promises";
import { describeAddress, isIpLiteral, sameAddress } from "./address-policy.ts";
import { OutboundRequestError } from "./outbound-request-error.ts";

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a hostname to all its addresses (dns.lookup with all: true by default; tests inject their own). */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

export interface OutboundUrlOptions {
  /** Lets requests reach loopback and private networks (self-hosted setups that publish to a site on their LAN). */
  allowPrivateNetworkTargets: boolean;
  /** Single addresses allowed although not public (a site on the operator's own network), e.g. ["192.168.1.20"]. */
  allowedAddresses?: string[];
  resolveHost?: HostResolver;
}

export const systemResolver: HostResolver = (hostname) => lookup(hostname, { all: true, verbatim: true });

const privateNetworkMessage = "This address points to a private network and cannot be used.";

/** Parses an address and checks its form (scheme, credentials). Throws OutboundRequestError. */
export function parseOutboundUrl(input: string | URL): URL {
  let url: URL;
  try {
    url = new URL(input);
  } catch (error) {
    throw new OutboundRequestError(
      "invalid_url",
      "This address is not valid. Enter a full address such as https://example.com.",
      {
        internal: `unparsable URL ${String(input).slice(0, 200)}`,
        cause: error,
      },
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new OutboundRequestError("invalid_url", "Only http:// and https:// addresses can be used.", {
      internal: `scheme ${url.protocol}`,
    });
  }
  if (url.username !== "" || url.password !== "") {
    throw new OutboundRequestError("invalid_url", "Addresses with a username or password in them cannot be used.");
  }
  if (url.hostname === "") {
    throw new OutboundRequestError(
      "invalid_url",
      "This address is not valid. Enter a full address such as https://example.com.",
    );
  }
  return url;
}

/** Refuses an address that is not public, unless private targets are allowed. */
export function assertAllowedAddress(address: string, hostname: string, options: OutboundUrlOptions): void {
  if (options.allowPrivateNetworkTargets) return;
  if (options.allowedAddresses?.some((allowed) => sameAddress(allowed, address))) return;
  const range = describeAddress(address);
  if (range !== "unicast") {
    throw new OutboundRequestError("blocked", privateNetworkMessage, {
      internal: `${hostname} -> ${address} (${range})`,
    });
  }
}

const dnsFailureCodes = new Set(["ENOTFOUND", "EAI_AGAIN", "ENODATA", "ESERVFAIL", "EAI_NONAME", "EAI_FAIL"]);

/**
 * Resolves a hostname and returns its addresses when every one of them is allowed (one private record is enough to
 * refuse the host: a name that mixes public and private records must not be steerable to the private one).
 */
export async function resolveAllowedAddresses(
  hostname: string,
  options: OutboundUrlOptions,
): Promise<ResolvedAddress[]> {
  const bare = hostname.startsWith("[") && hostname.endsWith("]") ? hostname.slice(1, -1) : hostname;
  if (isIpLiteral(bare)) {
    assertAllowedAddress(bare, hostname, options);
    return [{ address: bare, family: bare.includes(":") ? 6 : 4 }];
  }
  let addresses: ResolvedAddress[];
  try {
    addresses = await (options.resolveHost ?? systemResolver)(bare);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "";
    throw new OutboundRequestError(
      "dns",
      `The address "${bare}" could not be found. Check the spelling of the site address.`,
      { internal: `DNS lookup of ${bare} failed: ${dnsFailureCodes.has(code) ? code : String(error)}`, cause: error },
    );
  }
  if (addresses.length === 0) {
    throw new OutboundRequestError(
      "dns",
      `The address "${bare}" could not be found. Check the spelling of the site address.`,
    );
  }
  for (const { address } of addresses) assertAllowedAddress(address, bare, options);
  return addresses;
}
