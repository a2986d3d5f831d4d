// The signature of the service's requests to the Postwright plugin, format v2: HMAC-SHA256 with the site's signing
// secret over
//
//   "postwright-v2\n" + METHOD + "\n" + route + "\n" + canonical query + "\n" + unix seconds + "\n" + nonce + "\n" + raw body
//
// sent as X-Postwright-Signature: v2=<hex>. The route is the REST route (/postwright/v1/service/publish), the same
// whether the site uses pretty permalinks or ?rest_route=; the canonical query is every other query parameter, sorted
// by name, as name=value with RFC 3986 percent-encoding, joined by "&" (empty when there is none). The plugin refuses a
// wrong signature, an older format (sha256=, which covered only the timestamp, nonce and body), a timestamp more than
// 300 s away, a nonce it has seen in the last 10 minutes, and any parameter outside the signed query and JSON body.
import { createHmac, randomUUID } from "node:crypto";

export const PLUGIN_SIGNATURE_VERSION = "v2";

export interface PluginRequestToSign {
  siteId: string;
  signingSecret: string;
  /** HTTP method, for example POST. */
  method: string;
  /** The REST route, for example /postwright/v1/service/ping. */
  route: string;
  /** The request's query parameters (a rest_route parameter is the route, not part of the query). */
  query?: URLSearchParams;
  body: string;
}

/** RFC 3986 percent-encoding, as PHP's rawurlencode() does it. */
function rfc3986(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The signed form of a query string: rest_route left out, sorted by name, name=value pairs joined by "&". */
export function canonicalPluginQuery(query: URLSearchParams | undefined): string {
  if (!query) return "";
  return [...query.entries()]
    .filter(([name]) => name !== "rest_route")
    .map(([name, value]) => [rfc3986(name), rfc3986(value)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
}

/** The text the signature is computed over. */
export function pluginSignatureBase(
  input: Omit<PluginRequestToSign, "siteId" | "signingSecret">,
  timestamp: string,
  nonce: string,
): string {
  return [
    `postwright-${PLUGIN_SIGNATURE_VERSION}`,
    input.method.toUpperCase(),
    input.route,
    canonicalPluginQuery(input.query),
    timestamp,
    nonce,
    input.body,
  ].join("\n");
}

export function signPluginRequest(
  input: PluginRequestToSign,
  at: Date = new Date(),
  nonce: string = randomUUID(),
): Record<string, string> {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const signature = createHmac("sha256", input.signingSecret)
    .update(pluginSignatureBase(input, timestamp, nonce))
    .digest("hex");
  return {
    "X-Postwright-Site": input.siteId,
    "X-Postwright-Timestamp": timestamp,
    "X-Postwright-Nonce": nonce,
    "X-Postwright-Signature": `${PLUGIN_SIGNATURE_VERSION}=${signature}`,
  };
}
