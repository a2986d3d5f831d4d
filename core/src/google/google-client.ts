// Google's endpoints as Search Console needs them: the OAuth 2.0 token and revocation endpoints and the Search
// Console API v3 (sites.list, searchanalytics.query). Google's own hosts, or one host for all (GOOGLE_API_BASE, the
// tests' local fake). A refused token (the token endpoint's invalid_grant, the API's 401) is a GoogleAuthError, so the
// caller can ask the owner to reconnect instead of failing silently.
import { SEARCH_CONSOLE_SCOPE, type SearchConsoleProperty } from "../contracts/search-console.ts";
import { AppError } from "../errors/index.ts";

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface GoogleClientConfig {
  clientId: string;
  clientSecret: string;
  /** One host for every endpoint (tests); undefined for Google's. */
  apiBase?: string;
  fetch?: FetchLike;
}

export interface GoogleEndpoints {
  authorize: string;
  token: string;
  revoke: string;
  api: string;
}

export function googleEndpoints(apiBase: string | undefined): GoogleEndpoints {
  if (apiBase) {
    return {
      authorize: `${apiBase}/o/oauth2/v2/auth`,
      token: `${apiBase}/token`,
      revoke: `${apiBase}/revoke`,
      api: `${apiBase}/webmasters/v3`,
    };
  }
  return {
    authorize: "https://accounts.google.com/o/oauth2/v2/auth",
    token: "https://oauth2.googleapis.com/token",
    revoke: "https://oauth2.googleapis.com/revoke",
    api: "https://www.googleapis.com/webmasters/v3",
  };
}

/** Google refused the tokens (revoked, expired, or for another client): the owner has to connect again. */
export class GoogleAuthError extends AppError {
  constructor(internal: string) {
    super(
      "UNAUTHORIZED",
      "Google no longer accepts Postwright's access to your Search Console (it was removed or has expired). Choose Reconnect Search Console.",
      { internal },
    );
  }
}

const unreachable = (what: string, cause?: unknown) =>
  new AppError("UPSTREAM", `Google could not be reached to ${what}. Please try again in a few minutes.`, {
    internal: `google: ${what}`,
    cause,
  });

export interface GoogleTokens {
  accessToken: string;
  expiresInSeconds: number;
  refreshToken: string | undefined;
  scope: string;
}

export interface SearchAnalyticsRow {
  keys: string[];
  clicks: number;
  impressions: number;
  ctr: number;
  position: number;
}

export interface SearchAnalyticsRequest {
  startDate: string;
  endDate: string;
  dimensions: ("page" | "query")[];
  rowLimit: number;
  startRow: number;
}

export function createGoogleClient(config: GoogleClientConfig) {
  const endpoints = googleEndpoints(config.apiBase);
  const request = config.fetch ?? ((input: string, init?: RequestInit) => fetch(input, init));

  async function tokenRequest(form: Record<string, string>, what: string): Promise<GoogleTokens> {
    let res: Response;
    try {
      res = await request(endpoints.token, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
        body: new URLSearchParams({ ...form, client_id: config.clientId, client_secret: config.clientSecret }),
        signal: AbortSignal.timeout(20_000),
      });
    } catch (error) {
      throw unreachable(what, error);
    }
    const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    if (!res.ok) {
      const error = String(body.error ?? res.status);
      if (error === "invalid_grant")
        throw new GoogleAuthError(`token endpoint: invalid_grant (${String(body.error_description ?? "")})`);
      if (error === "invalid_client" || res.status === 401) {
        throw new AppError(
          "UPSTREAM",
          "Google refused this server's OAuth client. The administrator should check GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET.",
          { internal: `token endpoint: ${error}` },
        );
      }
      throw unreachable(what, new Error(`token endpoint ${res.status}: ${error}`));
    }
    if (typeof body.access_token !== "string") throw unreachable(what, new Error("no access_token in the answer"));
    return {
      accessToken: body.access_token,
      expiresInSeconds: typeof body.expires_in === "number" ? body.expires_in : 3600,
      refreshToken: typeof body.refresh_token === "string" ? body.refresh_token : undefined,
      scope: typeof body.scope === "string" ? body.scope : SEARCH_CONSOLE_SCOPE,
    };
  }

  async function api(accessToken: string, path: string, what: string, init: RequestInit = {}): Promise<unknown> {
    let res: Response;
    try {
      res = await request(`${endpoints.api}${path}`, {
        ...init,
        headers: { ...init.headers, authorization: `Bearer ${accessToken}`, accept: "application/json" },
        signal: AbortSignal.timeout(30_000),
      });
    } catch (error) {
      throw unreachable(what, error);
    }
    const body = (await res.json().catch(() => ({}))) as { error?: { message?: string; status?: string } };
    if (res.status === 401) throw new GoogleAuthError(`api 401: ${body.error?.message ?? ""}`);
    if (res.status === 403) {
      throw new AppError(
        "FORBIDDEN",
        "Your Google account cannot read this Search Console property any more. Choose another property, or ask its owner for access.",
        { internal: `api 403: ${body.error?.message ?? ""}` },
      );
    }
    if (!res.ok) throw unreachable(what, new Error(`api ${res.status}: ${body.error?.message ?? ""}`));
    return body;
  }

  return {
    endpoints,
    exchangeCode: (input: { code: string; redirectUri: string; codeVerifier: string }) =>
      tokenRequest(
        {
          grant_type: "authorization_code",
          code: input.code,
          redirect_uri: input.redirectUri,
          code_verifier: input.codeVerifier,
        },
        "finish connecting Search Console",
      ),
    refresh: (refreshToken: string) =>
      tokenRequest({ grant_type: "refresh_token", refresh_token: refreshToken }, "renew the access to Search Console"),
    /** Revokes a token (a refresh token takes its access tokens along); true when Google took it or knew it no more. */
    async revoke(token: string): Promise<boolean> {
      try {
        const res = await request(`${endpoints.revoke}?token=${encodeURIComponent(token)}`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          signal: AbortSignal.timeout(20_000),
        });
        // 400 invalid_token: already revoked or expired, which is what was asked.
        return res.ok || res.status === 400;
      } catch {
        return false;
      }
    },
    async listSites(accessToken: string): Promise<SearchConsoleProperty[]> {
      const body = (await api(accessToken, "/sites", "list your Search Console properties")) as {
        siteEntry?: { siteUrl?: unknown; permissionLevel?: unknown }[];
      };
      return (body.siteEntry ?? [])
        .filter((s) => typeof s.siteUrl === "string")
        .map((s) => ({ siteUrl: String(s.siteUrl), permissionLevel: String(s.permissionLevel ?? "") }));
    },
    async searchAnalytics(accessToken: string, siteUrl: string, query: SearchAnalyticsRequest) {
      const body = (await api(
        accessToken,
        `/sites/${encodeURIComponent(siteUrl)}/searchAnalytics/query`,
        "read your Search Console figures",
        {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ ...query, dataState: "final" }),
        },
      )) as { rows?: SearchAnalyticsRow[] };
      return body.rows ?? [];
    },
  };
}

export type GoogleClient = ReturnType<typeof createGoogleClient>;
