// The fetch used for every outbound request to an address a user typed (their WordPress site, their store, links).
// It refuses private networks unless the operator allows them, checks the address it actually connects to (the
// connection's own DNS lookup is the checked one, so a name cannot resolve to a public address for the check and to a
// private one for the connection), follows redirects itself so every hop is checked, and bounds time and size.
import type { LookupAddress, LookupOptions } from "node:dns";
import { Agent, fetch as undiciFetch } from "undici";
import { AppError } from "../errors/index.ts";
import { isIpLiteral } from "./address-policy.ts";
import { OutboundRequestError } from "./outbound-request-error.ts";
import { type OutboundUrlOptions, parseOutboundUrl, resolveAllowedAddresses } from "./outbound-url-policy.ts";

export interface SafeFetchOptions extends OutboundUrlOptions {
  /** For the whole exchange, redirects and body included. Default 15 s. */
  timeoutMs?: number;
  /** Larger responses are refused. Default 5 MiB. */
  maxResponseBytes?: number;
  /** Default 5. */
  maxRedirects?: number;
}

/**
 * fetch's signature. Redirects are always followed (and checked); request bodies must be replayable (string, Buffer,
 * Blob, FormData, URLSearchParams) for 307/308 redirects. The response body is already read, within the size limit.
 * Failures are OutboundRequestErrors (AppErrors with a message for the user), except an abort by the caller's signal.
 */
export type SafeFetch = ((input: string | URL, init?: RequestInit) => Promise<Response>) & {
  /** Closes the connection pool. */
  close(): Promise<void>;
};

/**
 * The undici package does not recognise the FormData class of Node's built-in fetch and would send
 * "[object FormData]"; such a body is encoded here (with its multipart boundary) into bytes it sends as they are.
 */
async function encodeBody(body: RequestInit["body"], headers: Headers): Promise<RequestInit["body"]> {
  if (!(body instanceof FormData)) return body;
  const encoded = new Response(body);
  headers.set("content-type", encoded.headers.get("content-type") ?? "multipart/form-data");
  return Buffer.from(await encoded.arrayBuffer());
}

const redirectStatuses = new Set([301, 302, 303, 307, 308]);
const nullBodyStatuses = new Set([101, 204, 205, 304]);

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

export function createSafeFetch(options: SafeFetchOptions): SafeFetch {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const maxResponseBytes = options.maxResponseBytes ?? 5 * 1024 * 1024;
  const maxRedirects = options.maxRedirects ?? 5;

  // Called by the connection itself for every hostname it connects to (IP literals skip it and are checked before).
  const checkedLookup = (hostname: string, lookupOptions: LookupOptions, callback: LookupCallback) => {
    resolveAllowedAddresses(hostname, options).then(
      (addresses) => {
        const family = lookupOptions.family === "IPv4" ? 4 : lookupOptions.family === "IPv6" ? 6 : lookupOptions.family;
        const usable = family === 4 || family === 6 ? addresses.filter((a) => a.family === family) : addresses;
        const first = usable[0];
        if (!first) {
          callback(Object.assign(new Error(`No IPv${family} address for ${hostname}`), { code: "ENOTFOUND" }), []);
        } else if (lookupOptions.all) {
          callback(null, usable);
        } else {
          callback(null, first.address, first.family);
        }
      },
      (error: NodeJS.ErrnoException) => callback(error, []),
    );
  };
  const agent = new Agent({ connect: { lookup: checkedLookup } });

  const safeFetch = async (input: string | URL, init: RequestInit = {}): Promise<Response> => {
    const timeout = AbortSignal.timeout(timeoutMs);
    const callerSignal = init.signal ?? undefined;
    const signal = callerSignal ? AbortSignal.any([callerSignal, timeout]) : timeout;
    const fail = (error: unknown, url: URL): never => {
      throw translateFailure(error, url, { timeout, callerSignal, timeoutMs });
    };

    let url = parseOutboundUrl(input);
    let method = (init.method ?? "GET").toUpperCase();
    const headers = new Headers(init.headers);
    let body = await encodeBody(init.body ?? undefined, headers);

    for (let hop = 0; ; hop++) {
      await resolveLiteral(url, options);
      let response: Awaited<ReturnType<typeof undiciFetch>>;
      try {
        response = await undiciFetch(url, {
          method,
          headers: [...headers],
          body: body as never,
          redirect: "manual",
          signal,
          dispatcher: agent,
        });
      } catch (error) {
        return fail(error, url);
      }

      const location = response.headers.get("location");
      if (redirectStatuses.has(response.status) && location !== null) {
        await response.body?.cancel().catch(() => undefined);
        if (hop >= maxRedirects) {
          throw new OutboundRequestError("too_many_redirects", "The site redirected too many times.", {
            internal: `more than ${maxRedirects} redirects, last ${url.href}`,
          });
        }
        let next: URL;
        try {
          next = parseOutboundUrl(new URL(location, url));
        } catch (error) {
          throw error instanceof AppError
            ? error
            : new OutboundRequestError("invalid_url", "The site redirected to an invalid address.", { cause: error });
        }
        if (
          (response.status === 303 && method !== "HEAD") ||
          ((response.status === 301 || response.status === 302) && method === "POST")
        ) {
          method = "GET";
          body = undefined;
          headers.delete("content-type");
          headers.delete("content-length");
        }
        if (!keepsCredentials(url, next)) {
          headers.delete("authorization");
          headers.delete("cookie");
          headers.delete("proxy-authorization");
        }
        url = next;
        continue;
      }

      let data: Uint8Array;
      try {
        data = await readLimited(response, maxResponseBytes, url);
      } catch (error) {
        return fail(error, url);
      }
      // A view of the same memory, typed as the fetch types want it (no copy).
      const view = new Uint8Array(data.buffer as ArrayBuffer, data.byteOffset, data.byteLength);
      const result = new Response(nullBodyStatuses.has(response.status) ? null : view, {
        status: response.status,
        statusText: response.statusText,
        headers: [...response.headers],
      });
      Object.defineProperty(result, "url", { value: url.href });
      Object.defineProperty(result, "redirected", { value: hop > 0 });
      return result;
    }
  };

  return Object.assign(safeFetch, { close: () => agent.close() });
}

/** IP literals never reach the connection's lookup, so they are checked here. */
async function resolveLiteral(url: URL, options: OutboundUrlOptions): Promise<void> {
  if (isIpLiteral(url.hostname)) await resolveAllowedAddresses(url.hostname, options);
}

/** Credentials follow a redirect within the same origin, or from http to https on the same host. */
function keepsCredentials(from: URL, to: URL): boolean {
  if (from.origin === to.origin) return true;
  const defaultPort = (u: URL) => u.port === "" || (u.protocol === "http:" ? u.port === "80" : u.port === "443");
  return (
    from.protocol === "http:" &&
    to.protocol === "https:" &&
    from.hostname === to.hostname &&
    defaultPort(from) &&
    defaultPort(to)
  );
}

async function readLimited(
  response: Awaited<ReturnType<typeof undiciFetch>>,
  maxBytes: number,
  url: URL,
): Promise<Uint8Array> {
  const tooLarge = () =>
    new OutboundRequestError("too_large", "The site sent a larger response than expected.", {
      internal: `response from ${url.href} over ${maxBytes} bytes`,
    });
  const declared = Number(response.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  if (!response.body) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, total);
}

const certificateCodes =
  /^(CERT_|UNABLE_TO_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|ERR_TLS_CERT_ALTNAME_INVALID|HOSTNAME_MISMATCH)/;
const tlsProtocolCodes = /^(ERR_SSL_|ERR_TLS_|EPROTO$)/;

function errorChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let current: unknown = error;
  while (current !== undefined && current !== null && chain.length < 8) {
    chain.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

function translateFailure(
  error: unknown,
  url: URL,
  context: { timeout: AbortSignal; callerSignal: AbortSignal | undefined; timeoutMs: number },
): Error {
  if (context.callerSignal?.aborted) return error instanceof Error ? error : new Error(String(error));
  const chain = errorChain(error);
  const known = chain.find((e): e is AppError => e instanceof AppError);
  if (known) return known;
  const host = url.host;
  if (context.timeout.aborted) {
    return new OutboundRequestError(
      "timeout",
      `${host} did not answer within ${Math.round(context.timeoutMs / 1000)} seconds.`,
      {
        internal: `timeout after ${context.timeoutMs} ms: ${url.href}`,
        cause: error,
      },
    );
  }
  const code = chain.map((e) => (e as { code?: unknown }).code).find((c): c is string => typeof c === "string") ?? "";
  const internal = `${code || "network error"} for ${url.href}`;
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") {
    return new OutboundRequestError(
      "dns",
      `The address "${url.hostname}" could not be found. Check the spelling of the site address.`,
      { internal, cause: error },
    );
  }
  if (code === "ECONNREFUSED") {
    return new OutboundRequestError(
      "refused",
      `${host} refused the connection. Check the address and that the site is online.`,
      { internal, cause: error },
    );
  }
  if (
    code === "UND_ERR_CONNECT_TIMEOUT" ||
    code === "ETIMEDOUT" ||
    code === "UND_ERR_HEADERS_TIMEOUT" ||
    code === "UND_ERR_BODY_TIMEOUT"
  ) {
    return new OutboundRequestError("timeout", `${host} did not answer in time.`, { internal, cause: error });
  }
  if (certificateCodes.test(code)) {
    return new OutboundRequestError(
      "tls",
      `The secure connection to ${host} failed: its HTTPS certificate could not be verified (${code}).`,
      { internal, cause: error },
    );
  }
  if (tlsProtocolCodes.test(code)) {
    return new OutboundRequestError(
      "tls",
      `A secure (HTTPS) connection to ${host} could not be set up (${code}). Check that the site supports HTTPS.`,
      { internal, cause: error },
    );
  }
  return new OutboundRequestError(
    "unreachable",
    `${host} could not be reached. Check the address and that the site is online.`,
    { internal, cause: error },
  );
}
