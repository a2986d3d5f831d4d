// A local fake of the Google endpoints Search Console needs, speaking their documented wire formats, on one host
// (GOOGLE_API_BASE points the app at it):
//   GET  /o/oauth2/v2/auth        the authorization endpoint (accounts.google.com): consents at once for the seeded
//                                 account and redirects to redirect_uri with code and state (or error=access_denied)
//   POST /token                   the token endpoint (oauth2.googleapis.com): grant_type=authorization_code (PKCE S256
//                                 checked when a challenge was sent) and refresh_token; JSON { access_token,
//                                 expires_in, refresh_token?, scope, token_type }, errors { error, error_description }
//                                 with 400 (invalid_grant, invalid_request, unsupported_grant_type) or 401
//                                 (invalid_client)
//   POST /revoke?token=           revokes an access or refresh token and, as Google does, the whole grant it belongs to:
//                                 every token the seeded account gave this client (consents given again included)
//   GET  /webmasters/v3/sites     { siteEntry: [{ siteUrl, permissionLevel }] }
//   POST /webmasters/v3/sites/{siteUrl}/searchAnalytics/query
//                                 { startDate, endDate, dimensions, rowLimit, startRow, dataState? } -> { rows:
//                                 [{ keys, clicks, impressions, ctr, position }], responseAggregationType }, rows
//                                 summed over the days asked, sorted by clicks (then impressions), paged by startRow
// The API answers an expired, revoked or unknown token with 401 and Google's error envelope { error: { code, message,
// status: "UNAUTHENTICATED" } }, as Google does. Tests seed the account's properties and daily figures.
import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";

export const FAKE_GOOGLE_CLIENT_ID = "postwright-test.apps.googleusercontent.com";
export const FAKE_GOOGLE_CLIENT_SECRET = "GOCSPX-postwright-fake";
export const WEBMASTERS_READONLY = "https://www.googleapis.com/auth/webmasters.readonly";
/** The API's largest rowLimit. */
export const SEARCH_ANALYTICS_MAX_ROWS = 25_000;

export interface FakeSiteEntry {
  siteUrl: string;
  permissionLevel: "siteOwner" | "siteFullUser" | "siteRestrictedUser" | "siteUnverifiedUser";
}

/** One day's figures for a page and a query, as Google keeps them. */
export interface FakeAnalyticsRow {
  date: string;
  page: string;
  query: string;
  clicks: number;
  impressions: number;
  position: number;
}

export interface FakeGoogleRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  form?: Record<string, string>;
  json?: unknown;
  authorization?: string;
}

interface Grant {
  code: string;
  redirectUri: string;
  scope: string;
  challenge?: string;
  used: boolean;
}

interface TokenRecord {
  kind: "access" | "refresh";
  scope: string;
  expiresAt: number;
  revoked: boolean;
  /** The refresh token an access token came from. */
  from?: string;
}

export interface FakeGoogle {
  url: string;
  clientId: string;
  clientSecret: string;
  /** Every request received, in order. */
  requests: FakeGoogleRequest[];
  sites: FakeSiteEntry[];
  /** Figures per property (siteUrl), one row a day per page and query. */
  analytics: Map<string, FakeAnalyticsRow[]>;
  /** Access tokens live this many seconds (3599 by default, as Google's). */
  accessTokenSeconds: number;
  /** The next authorization is refused by the person (error=access_denied). */
  denyNext: boolean;
  /** Every token issued so far. */
  tokens: Map<string, TokenRecord>;
  seedSites(sites: FakeSiteEntry[]): void;
  seedAnalytics(siteUrl: string, rows: FakeAnalyticsRow[]): void;
  /** Revokes every refresh token (as when the person removes the app's access in their Google account). */
  revokeAll(): void;
  /** Makes every access token expired (as after an hour). */
  expireAccessTokens(): void;
  close(): Promise<void>;
}

export interface StartFakeGoogleOptions {
  clientId?: string;
  clientSecret?: string;
  now?: () => number;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(text),
  });
  res.end(text);
}

const oauthError = (res: ServerResponse, status: number, error: string, description: string) =>
  send(res, status, { error, error_description: description });

const apiError = (res: ServerResponse, code: number, status: string, message: string) =>
  send(res, code, { error: { code, message, errors: [{ message, domain: "global", reason: status }], status } });

const unauthenticated = (res: ServerResponse) =>
  apiError(
    res,
    401,
    "UNAUTHENTICATED",
    "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.",
  );

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

const token = (prefix: string) => `${prefix}${randomBytes(24).toString("base64url")}`;
const isDate = (value: unknown): value is string => typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value);

export async function startFakeGoogle(options: StartFakeGoogleOptions = {}): Promise<FakeGoogle> {
  const now = options.now ?? (() => Date.now());
  const grants = new Map<string, Grant>();
  const fake: FakeGoogle = {
    url: "",
    clientId: options.clientId ?? FAKE_GOOGLE_CLIENT_ID,
    clientSecret: options.clientSecret ?? FAKE_GOOGLE_CLIENT_SECRET,
    requests: [],
    sites: [],
    analytics: new Map(),
    accessTokenSeconds: 3599,
    denyNext: false,
    tokens: new Map(),
    seedSites(sites) {
      fake.sites = sites;
    },
    seedAnalytics(siteUrl, rows) {
      fake.analytics.set(siteUrl, [...(fake.analytics.get(siteUrl) ?? []), ...rows]);
    },
    revokeAll() {
      for (const record of fake.tokens.values()) record.revoked = true;
    },
    expireAccessTokens() {
      for (const record of fake.tokens.values()) if (record.kind === "access") record.expiresAt = now() - 1000;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };

  function issueAccess(scope: string, from: string): Record<string, unknown> {
    const access = token("ya29.");
    fake.tokens.set(access, {
      kind: "access",
      scope,
      expiresAt: now() + fake.accessTokenSeconds * 1000,
      revoked: false,
      from,
    });
    return { access_token: access, expires_in: fake.accessTokenSeconds, scope, token_type: "Bearer" };
  }

  function liveAccess(authorization: string | undefined): TokenRecord | undefined {
    const match = /^Bearer (\S+)$/.exec(authorization ?? "");
    const record = match ? fake.tokens.get(match[1]!) : undefined;
    if (!record || record.kind !== "access" || record.revoked || record.expiresAt <= now()) return undefined;
    if (record.from && fake.tokens.get(record.from)?.revoked) return undefined;
    return record;
  }

  function authorize(url: URL, res: ServerResponse): void {
    const q = Object.fromEntries(url.searchParams);
    if (q.client_id !== fake.clientId) {
      res.writeHead(401, { "content-type": "text/html" });
      res.end("<h1>Error 401: invalid_client</h1><p>The OAuth client was not found.</p>");
      return;
    }
    if (!q.redirect_uri || q.response_type !== "code" || !q.scope) {
      res.writeHead(400, { "content-type": "text/html" });
      res.end("<h1>Error 400: invalid_request</h1>");
      return;
    }
    const back = new URL(q.redirect_uri);
    if (q.state) back.searchParams.set("state", q.state);
    if (fake.denyNext) {
      fake.denyNext = false;
      back.searchParams.set("error", "access_denied");
    } else {
      if (q.code_challenge && q.code_challenge_method !== "S256") {
        res.writeHead(400, { "content-type": "text/html" });
        res.end("<h1>Error 400: invalid_request</h1><p>Invalid code_challenge_method.</p>");
        return;
      }
      const code = `4/0${randomBytes(24).toString("base64url")}`;
      grants.set(code, { code, redirectUri: q.redirect_uri, scope: q.scope, challenge: q.code_challenge, used: false });
      back.searchParams.set("code", code);
      back.searchParams.set("scope", q.scope);
    }
    res.writeHead(302, { location: back.toString() });
    res.end();
  }

  function exchange(form: Record<string, string>, res: ServerResponse): void {
    if (form.client_id !== fake.clientId || form.client_secret !== fake.clientSecret) {
      return oauthError(res, 401, "invalid_client", "Unauthorized");
    }
    if (form.grant_type === "authorization_code") {
      const grant = form.code ? grants.get(form.code) : undefined;
      if (!grant || grant.used || grant.redirectUri !== form.redirect_uri) {
        return oauthError(res, 400, "invalid_grant", "Bad Request");
      }
      if (grant.challenge) {
        const computed = createHash("sha256")
          .update(form.code_verifier ?? "")
          .digest("base64url");
        if (!form.code_verifier || computed !== grant.challenge) {
          return oauthError(res, 400, "invalid_grant", "Missing code verifier.");
        }
      }
      grant.used = true;
      const refresh = token("1//0");
      fake.tokens.set(refresh, { kind: "refresh", scope: grant.scope, expiresAt: Infinity, revoked: false });
      return send(res, 200, { ...issueAccess(grant.scope, refresh), refresh_token: refresh });
    }
    if (form.grant_type === "refresh_token") {
      const record = form.refresh_token ? fake.tokens.get(form.refresh_token) : undefined;
      if (!record || record.kind !== "refresh" || record.revoked) {
        return oauthError(res, 400, "invalid_grant", "Token has been expired or revoked.");
      }
      return send(res, 200, issueAccess(record.scope, form.refresh_token!));
    }
    return oauthError(res, 400, "unsupported_grant_type", "Invalid grant_type: " + (form.grant_type ?? ""));
  }

  function revoke(tokenText: string | undefined, res: ServerResponse): void {
    const record = tokenText ? fake.tokens.get(tokenText) : undefined;
    if (!record || record.revoked) return oauthError(res, 400, "invalid_token", "Token expired or revoked");
    // Google's grant is the account's consent to the client, not one token: revoking any token of it ends them all.
    for (const token of fake.tokens.values()) token.revoked = true;
    send(res, 200, {});
  }

  function query(siteUrl: string, body: unknown, res: ServerResponse): void {
    const b = (body ?? {}) as Record<string, unknown>;
    if (!isDate(b.startDate) || !isDate(b.endDate)) {
      return apiError(res, 400, "INVALID_ARGUMENT", "Request contains an invalid argument.");
    }
    const dimensions = Array.isArray(b.dimensions) ? (b.dimensions as string[]) : [];
    if (dimensions.some((d) => !["page", "query", "date"].includes(d))) {
      return apiError(res, 400, "INVALID_ARGUMENT", "This fake groups by page, query and date only.");
    }
    const rowLimit = b.rowLimit === undefined ? 1000 : Number(b.rowLimit);
    const startRow = b.startRow === undefined ? 0 : Number(b.startRow);
    if (!Number.isInteger(rowLimit) || rowLimit < 1 || rowLimit > SEARCH_ANALYTICS_MAX_ROWS) {
      return apiError(res, 400, "INVALID_ARGUMENT", "Request contains an invalid argument.");
    }
    if (!Number.isInteger(startRow) || startRow < 0) {
      return apiError(res, 400, "INVALID_ARGUMENT", "Request contains an invalid argument.");
    }
    const groups = new Map<string, { keys: string[]; clicks: number; impressions: number; weighted: number }>();
    for (const row of fake.analytics.get(siteUrl) ?? []) {
      if (row.date < b.startDate || row.date > b.endDate) continue;
      const keys = dimensions.map((d) => row[d as "page" | "query" | "date"]);
      const key = JSON.stringify(keys);
      const group = groups.get(key) ?? { keys, clicks: 0, impressions: 0, weighted: 0 };
      group.clicks += row.clicks;
      group.impressions += row.impressions;
      group.weighted += row.position * row.impressions;
      groups.set(key, group);
    }
    const rows = [...groups.values()]
      .sort((a, b) => b.clicks - a.clicks || b.impressions - a.impressions)
      .slice(startRow, startRow + rowLimit)
      .map((g) => ({
        keys: g.keys,
        clicks: g.clicks,
        impressions: g.impressions,
        ctr: g.impressions ? g.clicks / g.impressions : 0,
        position: g.impressions ? g.weighted / g.impressions : 0,
      }));
    // Google leaves `rows` out when there are none.
    send(res, 200, {
      ...(rows.length ? { rows } : {}),
      responseAggregationType: dimensions.includes("page") ? "byPage" : "byProperty",
    });
  }

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://fake");
      const text = req.method === "POST" ? await readBody(req) : "";
      const contentType = req.headers["content-type"] ?? "";
      const form = contentType.includes("application/x-www-form-urlencoded")
        ? Object.fromEntries(new URLSearchParams(text))
        : undefined;
      let json: unknown;
      if (contentType.includes("application/json") && text) {
        try {
          json = JSON.parse(text);
        } catch {
          return apiError(res, 400, "INVALID_ARGUMENT", "Invalid JSON payload received.");
        }
      }
      fake.requests.push({
        method: req.method ?? "GET",
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        form,
        json,
        authorization: req.headers.authorization,
      });
      if (req.method === "GET" && url.pathname === "/o/oauth2/v2/auth") return authorize(url, res);
      if (req.method === "POST" && url.pathname === "/token") return exchange(form ?? {}, res);
      if (req.method === "POST" && url.pathname === "/revoke") {
        return revoke(url.searchParams.get("token") ?? form?.token, res);
      }
      if (url.pathname.startsWith("/webmasters/v3/")) {
        const access = liveAccess(req.headers.authorization);
        if (!access) return unauthenticated(res);
        if (!access.scope.split(" ").includes(WEBMASTERS_READONLY)) {
          return apiError(res, 403, "PERMISSION_DENIED", "Request had insufficient authentication scopes.");
        }
        if (req.method === "GET" && url.pathname === "/webmasters/v3/sites") {
          return send(res, 200, fake.sites.length ? { siteEntry: fake.sites } : {});
        }
        const match = /^\/webmasters\/v3\/sites\/([^/]+)\/searchAnalytics\/query$/.exec(url.pathname);
        if (req.method === "POST" && match) {
          const siteUrl = decodeURIComponent(match[1]!);
          if (!fake.sites.some((s) => s.siteUrl === siteUrl)) {
            return apiError(
              res,
              403,
              "PERMISSION_DENIED",
              `User does not have sufficient permission for site '${siteUrl}'. See also: https://support.google.com/webmasters/answer/2451999.`,
            );
          }
          return query(siteUrl, json, res);
        }
      }
      apiError(res, 404, "NOT_FOUND", "Not Found");
    })().catch((error: unknown) => {
      res.writeHead(500);
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("the fake Google did not get a port");
  fake.url = `http://127.0.0.1:${address.port}`;
  return fake;
}
