// Talks to one WordPress site's REST API: finds where the API lives (/wp-json/, or wherever the site's
// Link: <...>; rel="https://api.w.org/" header points, e.g. ?rest_route= on sites without pretty permalinks), sends
// requests with the user's application password (HTTP Basic), and turns every failure into a WordpressRequestError
// whose message tells the site owner what to do.
import { OutboundRequestError } from "../../security/outbound-request-error.ts";
import { WordpressRequestError } from "./wordpress-request-error.ts";

export type FetchLike = (input: string | URL, init?: RequestInit) => Promise<Response>;

export interface WordpressCredentials {
  /** As typed by the user; normalised with normalizeSiteUrl before use. */
  siteUrl: string;
  /** The WordPress username (or e-mail) of the account the application password belongs to. */
  username: string;
  /** As WordPress shows it (groups of four separated by spaces) or without the spaces. */
  applicationPassword: string;
}

/** The parts of the REST index (GET /wp-json/) this client reads. */
export interface WordpressIndex {
  name?: string;
  url?: string;
  home?: string;
  namespaces?: string[];
  authentication?: Record<string, unknown>;
}

export interface WordpressSite {
  /** The REST API root, e.g. "https://example.com/wp-json/" or "https://example.com/index.php?rest_route=/". */
  restBase: string;
  /** null when the site answers REST requests but hides its index from visitors who are not logged in. */
  index: WordpressIndex | null;
}

export type QueryValue = string | number | boolean | Array<string | number> | undefined;

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as is (with `headers` describing it), e.g. an image file. */
  body?: RequestInit["body"];
  headers?: Record<string, string>;
  /** What the request does, in the words of an error message: "upload the image cover.png". */
  action: string;
}

export interface WordpressRestClient {
  readonly site: WordpressSite;
  request<T>(method: string, route: string, options: RequestOptions): Promise<{ data: T; headers: Headers }>;
}

interface WordpressErrorBody {
  code: string;
  message?: string;
  data?: Record<string, unknown> | null;
}

const API_REL = "https://api.w.org/";
const INDEX_FIELDS = "name,url,home,namespaces,authentication";
const TRANSIENT_NETWORK_REASONS = new Set(["timeout", "dns", "refused", "unreachable"]);

export function basicAuthorization(username: string, applicationPassword: string): string {
  return `Basic ${Buffer.from(`${username.trim()}:${applicationPassword.trim()}`, "utf8").toString("base64")}`;
}

/** The address of a route under a REST root, in either of WordPress's two forms (path, or ?rest_route=). */
export function restRouteUrl(restBase: string, route: string, query: Record<string, QueryValue> = {}): URL {
  const url = new URL(restBase);
  const clean = route.replace(/^\/+/, "");
  if (url.searchParams.has("rest_route")) {
    url.searchParams.set("rest_route", `/${clean}`);
  } else {
    url.pathname = `${url.pathname.replace(/\/*$/, "/")}${clean}`;
  }
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    url.searchParams.set(key, Array.isArray(value) ? value.join(",") : String(value));
  }
  return url;
}

/** The REST root a WordPress page advertises in its Link header. */
export function parseApiLink(header: string | null): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(/,(?=\s*<)/)) {
    const match = /^\s*<([^>]+)>\s*;(.*)$/.exec(part);
    if (!match) continue;
    const rels = /\brel\s*=\s*"?([^";]+)"?/i.exec(match[2] ?? "")?.[1]?.split(/\s+/) ?? [];
    if (rels.includes(API_REL)) return match[1];
  }
  return undefined;
}

/** The same advertisement as a <link rel="https://api.w.org/" href="..."> in a page's head. */
function parseHtmlApiLink(html: string): string | undefined {
  for (const tag of html.match(/<link\b[^>]*>/gi) ?? []) {
    if (!/\brel\s*=\s*["']https:\/\/api\.w\.org\/["']/i.test(tag)) continue;
    const href = /\bhref\s*=\s*["']([^"']+)["']/i.exec(tag)?.[1];
    if (href) return href.replace(/&amp;/g, "&");
  }
  return undefined;
}

function looksLikeWordpress(html: string): boolean {
  return /\/wp-content\/|\/wp-includes\/|<meta[^>]+generator[^>]+WordPress/i.test(html);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isErrorBody(value: unknown): value is WordpressErrorBody {
  return typeof value === "object" && value !== null && typeof (value as { code?: unknown }).code === "string";
}

function isIndex(value: unknown): value is WordpressIndex {
  return typeof value === "object" && value !== null && Array.isArray((value as WordpressIndex).namespaces);
}

/** WordPress messages may contain markup and entities; users get plain text. */
function plainMessage(message: string | undefined): string {
  return (message ?? "")
    .replace(/<[^>]*>/g, "")
    .replace(/&quot;/g, '"')
    .replace(/&#0*39;|&apos;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

function withoutTrailingPeriod(text: string): string {
  return text.replace(/[.\s]+$/, "");
}

export function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

export function networkFailure(error: unknown): WordpressRequestError {
  if (error instanceof WordpressRequestError) return error;
  if (error instanceof OutboundRequestError) {
    return new WordpressRequestError("network", error.message, {
      transient: TRANSIENT_NETWORK_REASONS.has(error.reason),
      cause: error,
    });
  }
  return new WordpressRequestError(
    "network",
    "Your WordPress site could not be reached. Check the address and that the site is online.",
    { transient: true, cause: error },
  );
}

const notLoggedInMessage =
  "WordPress did not accept the username and application password. Check that the username is your WordPress " +
  "username and that the application password is complete. If both are right, your web server is removing the " +
  'Authorization header before WordPress sees it: add `SetEnvIf Authorization "(.*)" HTTP_AUTHORIZATION=$1` ' +
  "(or `RewriteRule .* - [E=HTTP_AUTHORIZATION:%{HTTP:Authorization}]`) to the .htaccess file of your site, or ask " +
  "your host to pass the Authorization header to PHP.";

const applicationPasswordsUnavailableMessage =
  "Application passwords are not available on this WordPress site. WordPress offers them only on sites served " +
  "over HTTPS (use your site's https:// address), and a security plugin may have turned them off.";

/** Whether the index says application passwords can be used (unknown when the index is hidden). */
function applicationPasswordsAvailable(index: WordpressIndex | null): boolean | undefined {
  if (!index) return undefined;
  return index.authentication !== undefined && "application-passwords" in index.authentication;
}

function httpFailure(
  response: Response,
  data: unknown,
  context: { action: string; username: string; index: WordpressIndex | null },
): WordpressRequestError {
  const status = response.status;
  const body = isErrorBody(data) ? data : undefined;
  const code = body?.code;
  const said = plainMessage(body?.message);
  const wordpressSaid = said ? ` WordPress said: "${withoutTrailingPeriod(said)}".` : "";
  const base = { status, code, data: body?.data ?? undefined };

  if (code === "rest_disabled") {
    return new WordpressRequestError(
      "rest_disabled",
      "The REST API is switched off on this WordPress site, and publishing needs it. Turn it back on (look for a " +
        "plugin that disables it) and try again.",
      { ...base, transient: false },
    );
  }
  if (status === 401) {
    let message: string;
    switch (code) {
      case "incorrect_password":
        message =
          "WordPress did not accept the application password for this user. Create a new application password " +
          "(Users > Profile > Application Passwords) and enter it here.";
        break;
      case "invalid_username":
      case "invalid_email":
        message = `WordPress has no user "${context.username.trim()}". Enter your WordPress username, not the name you gave the application password.`;
        break;
      case "application_passwords_disabled":
        message =
          "Application passwords are turned off on this WordPress site, often by a security plugin. Allow them and try again.";
        break;
      case "application_passwords_disabled_for_user":
        message = `Application passwords are turned off for the user "${context.username.trim()}". Allow them for this account, or use another account.`;
        break;
      default:
        // WordPress answers 401 (rest_not_logged_in, rest_forbidden_context, rest_cannot_create, ...) to requests it
        // treats as coming from a visitor: the credentials did not log in.
        message =
          applicationPasswordsAvailable(context.index) === false
            ? applicationPasswordsUnavailableMessage
            : notLoggedInMessage;
    }
    return new WordpressRequestError("unauthorized", message, { ...base, transient: false });
  }
  if (status === 403) {
    const message = body
      ? `The WordPress user "${context.username.trim()}" is not allowed to ${context.action}.${wordpressSaid}`
      : `Your WordPress site refused to ${context.action} (HTTP 403 without a WordPress answer): a firewall or ` +
        "security plugin may be blocking requests from this service.";
    return new WordpressRequestError("forbidden", message, { ...base, transient: false });
  }
  if (status === 429) {
    return new WordpressRequestError(
      "rate_limited",
      `Your WordPress site is limiting requests and did not let us ${context.action}; it will be tried again later.`,
      { ...base, transient: true, retryAfterMs: retryAfterMs(response.headers.get("retry-after")) },
    );
  }
  if (code?.startsWith("rest_upload_")) {
    // WordPress reports a refused file (a type it does not accept, a full disk) as a 500; retrying will not help.
    return new WordpressRequestError("rejected", `WordPress refused to ${context.action}.${wordpressSaid}`, {
      ...base,
      transient: false,
    });
  }
  if (status >= 500 || status === 408) {
    return new WordpressRequestError(
      "server",
      `Your WordPress site had an error (HTTP ${status}) when asked to ${context.action}.${wordpressSaid}`,
      { ...base, transient: true, retryAfterMs: retryAfterMs(response.headers.get("retry-after")) },
    );
  }
  if (status === 404) {
    const message =
      code === "rest_no_route"
        ? `Your WordPress site's REST API does not offer what is needed to ${context.action} (a plugin may have switched that part off).`
        : `Your WordPress site could not find what was needed to ${context.action}.${wordpressSaid}`;
    return new WordpressRequestError("not_found", message, { ...base, transient: false });
  }
  if (status === 413) {
    return new WordpressRequestError(
      "rejected",
      `Your WordPress site refused to ${context.action}: the file is larger than the site accepts.`,
      { ...base, transient: false },
    );
  }
  return new WordpressRequestError(
    "rejected",
    `WordPress refused to ${context.action} (HTTP ${status}).${wordpressSaid}`,
    { ...base, transient: false },
  );
}

async function readBody(response: Response): Promise<{ text: string; data: unknown }> {
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw networkFailure(error);
  }
  return { text, data: parseJson(text) };
}

async function get(fetch: FetchLike, url: URL | string): Promise<Response> {
  try {
    return await fetch(url, { headers: { accept: "application/json, text/html;q=0.8" } });
  } catch (error) {
    throw networkFailure(error);
  }
}

type IndexProbe =
  | { kind: "index"; restBase: string; index: WordpressIndex }
  | { kind: "wordpress-error"; restBase: string; body: WordpressErrorBody; response: Response }
  | { kind: "other"; text: string; response: Response };

async function probeIndex(fetch: FetchLike, restBase: string): Promise<IndexProbe> {
  const url = restRouteUrl(restBase, "", { _fields: INDEX_FIELDS });
  const response = await get(fetch, url);
  const { text, data } = await readBody(response);
  // Redirects (http to https, to www.) move the API; later requests go straight to where it answered.
  const answeredAt = new URL(response.url || url.href);
  answeredAt.searchParams.delete("_fields");
  if (isIndex(data)) return { kind: "index", restBase: answeredAt.href, index: data };
  if (isErrorBody(data)) return { kind: "wordpress-error", restBase: answeredAt.href, body: data, response };
  return { kind: "other", text, response };
}

function fromProbe(probe: IndexProbe, username: string): WordpressSite | undefined {
  if (probe.kind === "index") {
    if (!probe.index.namespaces?.includes("wp/v2")) {
      throw new WordpressRequestError(
        "rest_disabled",
        "Your WordPress site's REST API does not offer WordPress's own routes (wp/v2), which publishing needs. A " +
          "plugin may have switched them off.",
        { transient: false },
      );
    }
    return { restBase: probe.restBase, index: probe.index };
  }
  if (probe.kind === "wordpress-error") {
    // The API is there but refuses visitors who are not logged in (or is switched off entirely).
    if (probe.body.code === "rest_disabled" || probe.response.status >= 500) {
      throw httpFailure(probe.response, probe.body, { action: "open its REST API", username, index: null });
    }
    return { restBase: probe.restBase, index: null };
  }
  return undefined;
}

/** Finds the REST API of the WordPress site at a normalised address. Throws WordpressRequestError. */
export async function discoverWordpressSite(siteUrl: string, fetch: FetchLike, username = ""): Promise<WordpressSite> {
  const direct = await probeIndex(fetch, `${siteUrl}/wp-json/`);
  const found = fromProbe(direct, username);
  if (found) return found;

  // /wp-json/ is not the API here: the site's pages advertise where it is.
  const home = await get(fetch, `${siteUrl}/`);
  const homeText = (await readBody(home)).text;
  const advertised = parseApiLink(home.headers.get("link")) ?? parseHtmlApiLink(homeText);
  if (advertised) {
    let advertisedUrl: string | undefined;
    try {
      advertisedUrl = new URL(advertised, home.url || `${siteUrl}/`).href;
    } catch {
      advertisedUrl = undefined;
    }
    // Only a REST root on the site itself (where the user connected, or where its home page redirected) is used: the
    // application password is sent only there, never to another host a page names.
    const ownOrigins = new Set([new URL(siteUrl).origin, new URL(home.url || `${siteUrl}/`).origin]);
    if (advertisedUrl && !ownOrigins.has(new URL(advertisedUrl).origin)) {
      throw new WordpressRequestError(
        "unsafe",
        `Your site says its REST API is at ${new URL(advertisedUrl).origin}, another address than ${siteUrl}. ` +
          "Postwright sends your application password only to the site you connected: if that address is really your " +
          "WordPress site, connect it with that address instead.",
        { transient: false },
      );
    }
    if (advertisedUrl) {
      const viaLink = fromProbe(await probeIndex(fetch, advertisedUrl), username);
      if (viaLink) return viaLink;
    }
  }
  const pages = direct.kind === "other" ? direct.text + homeText : homeText;
  if (advertised || looksLikeWordpress(pages)) {
    throw new WordpressRequestError(
      "rest_disabled",
      "This looks like a WordPress site, but its REST API does not answer, and publishing needs it. Check that no " +
        "plugin or firewall blocks /wp-json/ and try again.",
      { transient: false },
    );
  }
  if (home.status >= 500) {
    throw new WordpressRequestError("server", `Your site had an error (HTTP ${home.status}). Try again later.`, {
      transient: true,
      status: home.status,
    });
  }
  throw new WordpressRequestError(
    "not_wordpress",
    `No WordPress site answered at ${siteUrl}. Check the address: it is the address of your site's home page, where WordPress is installed.`,
    { transient: false },
  );
}

export const plainHttpMessage =
  "Your WordPress site answers over plain http://, which would send your application password unencrypted. Turn on " +
  "HTTPS for your site (most hosts offer a free certificate) and connect it with its https:// address.";

export interface WordpressClientOptions {
  /** Lets the password go over plain http (the operator allowed private network targets: development and tests). */
  allowPlainHttp?: boolean;
}

/**
 * A client of the REST API found by discoverWordpressSite, sending the application password with every request, and
 * only to the REST root's own origin over HTTPS (plain http only when allowPlainHttp).
 */
export function createWordpressRestClient(
  site: WordpressSite,
  credentials: Pick<WordpressCredentials, "username" | "applicationPassword">,
  fetch: FetchLike,
  options: WordpressClientOptions = {},
): WordpressRestClient {
  const origin = new URL(site.restBase).origin;
  if (new URL(site.restBase).protocol !== "https:" && !options.allowPlainHttp) {
    throw new WordpressRequestError("unsafe", plainHttpMessage, { transient: false });
  }
  // No credentials (a site connected through the plugin, read for its public pages): anonymous requests.
  const authorization: Record<string, string> =
    credentials.username || credentials.applicationPassword
      ? { authorization: basicAuthorization(credentials.username, credentials.applicationPassword) }
      : {};
  return {
    site,
    async request<T>(method: string, route: string, options: RequestOptions) {
      const url = restRouteUrl(site.restBase, route, options.query);
      if (url.origin !== origin) {
        throw new WordpressRequestError("unsafe", "A WordPress request was about to leave your site; it was not sent.", {
          transient: false,
        });
      }
      const headers: Record<string, string> = { accept: "application/json", ...options.headers, ...authorization };
      let body = options.body;
      if (options.json !== undefined) {
        headers["content-type"] = "application/json";
        body = JSON.stringify(options.json);
      }
      let response: Response;
      try {
        response = await fetch(url, { method, headers, body });
      } catch (error) {
        throw networkFailure(error);
      }
      const { data } = await readBody(response);
      if (!response.ok) {
        throw httpFailure(response, data, {
          action: options.action,
          username: credentials.username,
          index: site.index,
        });
      }
      if (data === undefined) {
        throw new WordpressRequestError(
          "unexpected",
          `Your WordPress site answered with a web page instead of WordPress data when asked to ${options.action}. ` +
            "A maintenance page, a cache or a security plugin may be in the way.",
          { transient: false, status: response.status },
        );
      }
      return { data: data as T, headers: response.headers };
    },
  };
}
