// A local stand-in for Shopify's Admin GraphQL API. Every request is checked against Shopify's real published schema
// and run against in-memory shops, behind the same access-token check and cost-based throttling as the real API.
//
// Addressing: one server hosts any number of shops. A client reaches a shop at
//   POST <origin>/shops/<shop domain>/admin/api/<version>/graphql.json   (path prefix; what apiBaseUrl(shop) returns)
//   POST <origin>/admin/api/<version>/graphql.json with the shop's domain in the Host header
// so a client configured with a base URL (`fake.apiBaseUrl(domain)`, or the template `fake.apiBaseUrlTemplate`
// with `{shop}` in it) sends exactly the requests it would send to https://<shop>/admin/api/<version>/graphql.json.
// Staged uploads go to <origin>/staged-uploads and files are served from <origin>/cdn/shop/<domain>/...
import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { defaultFieldResolver, execute, GraphQLError, type GraphQLFieldResolver } from "graphql";
import { answerConfirmation, type FakeWebhook } from "./app-billing.ts";
import { calculateQueryCost } from "./cost.ts";
import type { ThrottleStatus } from "./leaky-bucket.ts";
import { mutationRoot, queryRoot, type ResolverContext } from "./resolvers.ts";
import {
  ADMIN_SCHEMA_VERSION,
  loadAdminSchema,
  toShopifyError,
  validateAdminQuery,
  type ShopifyGraphqlError,
} from "./schema.ts";
import { FakeShop, type FakeShopOptions } from "./shop-state.ts";
import { handleStorefront, STOREFRONT_PATH } from "./storefront.ts";

export const DEFAULT_SHOP_DOMAIN = "postwright-test.myshopify.com";
export const DEFAULT_ACCESS_TOKEN = "shpat_test_token";
/** Shopify's exact response body for a missing or wrong access token (with HTTP 401). */
export const INVALID_TOKEN_BODY = {
  errors: "[API] Invalid API key or access token (unrecognized login or wrong password)",
};
/** Shopify's single-query limit: a query whose requested cost exceeds it is refused outright. */
export const SINGLE_QUERY_MAX_COST = 1000;

export interface StartFakeShopifyOptions {
  /** Shops to serve (default: one shop at DEFAULT_SHOP_DOMAIN with DEFAULT_ACCESS_TOKEN and a "News" blog). */
  shops?: FakeShopOptions[];
  /** Each shop's leaky bucket (default: Shopify's standard plan, 1000 points, 50 points restored per second). */
  throttle?: { maximumAvailable?: number; restoreRate?: number };
  /** How many reads of a new file report it as still processing before it is READY (default 1). */
  fileProcessingReads?: number;
  /**
   * The app whose client id and secret /admin/oauth/access_token accepts (token exchange of a session token signed
   * with the secret, and refresh of an expiring offline token). Default: the Shopify test helpers' testApiKey.
   */
  app?: { clientId: string; clientSecret: string };
  /** Lifetime of the offline access tokens it issues (default one hour, like Shopify's expiring tokens). */
  accessTokenTtlSeconds?: number;
}

/** What /admin/oauth/access_token answered. */
export interface FakeOauthGrant {
  shop: string;
  grantType: "token-exchange" | "refresh_token";
  accessToken: string;
  refreshToken: string;
}

export interface FakeShopifyRequest {
  kind: "graphql" | "staged-upload" | "cdn" | "oauth" | "billing";
  shop: string | null;
  method: string;
  path: string;
  status: number;
  operationName: string | null;
  query: string | null;
  variables: Record<string, unknown> | null;
  /** The response's `errors`, when it had some. */
  errors: ShopifyGraphqlError[] | null;
  throttled: boolean;
  requestedQueryCost: number | null;
  at: Date;
}

/**
 * An HTTP error answer, a connection dropped before the request runs ("network"), or one dropped after it ran, so
 * its effects stay but the client never hears back ("lost-response").
 */
export type FakeFailure = { status: number; body?: string } | "network" | "lost-response";

export interface FakeShopify {
  /** http://127.0.0.1:<port> */
  readonly origin: string;
  /** The base URL a client uses instead of https://<domain> to reach one shop. */
  apiBaseUrl(domain?: string): string;
  /** `<origin>/shops/{shop}`: one base URL for every shop, `{shop}` replaced by the shop's domain. */
  readonly apiBaseUrlTemplate: string;
  /** The GraphQL endpoint of a shop. */
  graphqlUrl(domain?: string): string;
  shop(domain?: string): FakeShop;
  addShop(options: FakeShopOptions): FakeShop;
  /** Every request received, oldest first. */
  readonly requests: FakeShopifyRequest[];
  /** GraphQL requests answered with "Throttled". */
  throttledRequests(domain?: string): FakeShopifyRequest[];
  setThrottle(domain: string, status: Partial<ThrottleStatus>): void;
  /** Every access token granted by /admin/oauth/access_token, oldest first. */
  readonly grants: FakeOauthGrant[];
  /** Issues the shop a new offline access token and refresh token, as an install would (retiring the old token). */
  issueTokens(domain?: string): { accessToken: string; refreshToken: string };
  /** Makes the shop's next `times` GraphQL requests (only those of `operationName`, when given) fail this way. */
  failNext(domain: string, failure: FakeFailure, options?: { times?: number; operationName?: string }): void;
  /**
   * Answers a subscription's confirmation page as the merchant would (a POST of the page's form): approving makes it
   * ACTIVE, declining DECLINED. Gives where Shopify sends the merchant (the returnUrl with charge_id) and the
   * app_subscriptions/update webhooks Shopify sends the app.
   */
  approveSubscription(confirmationUrl: string): Promise<{ returnUrl: string; webhooks: FakeWebhook[] }>;
  declineSubscription(confirmationUrl: string): Promise<{ returnUrl: string; webhooks: FakeWebhook[] }>;
  close(): Promise<void>;
}

const STAGED_UPLOADS_PATH = "/staged-uploads";

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function isLoopback(hostname: string): boolean {
  return hostname === "127.0.0.1" || hostname === "localhost" || hostname === "[::1]" || hostname === "::1";
}

/** Runs fields the fake does not implement as errors that say so, instead of silent nulls. */
const strictFieldResolver: GraphQLFieldResolver<unknown, unknown> = (source, args, context, info) => {
  if (source !== null && typeof source === "object" && !(info.fieldName in source)) {
    throw new GraphQLError(`The fake Shopify does not implement ${info.parentType.name}.${info.fieldName}`, {
      extensions: { code: "NOT_IMPLEMENTED_IN_FAKE" },
    });
  }
  return defaultFieldResolver(source, args, context, info);
};

export async function startFakeShopify(options: StartFakeShopifyOptions = {}): Promise<FakeShopify> {
  const schema = loadAdminSchema();
  const shops: FakeShop[] = [];
  const requests: FakeShopifyRequest[] = [];
  let idCounter = 1_000_000;
  const nextId = () => ++idCounter;
  const throttle = {
    maximumAvailable: options.throttle?.maximumAvailable ?? 1000,
    restoreRate: options.throttle?.restoreRate ?? 50,
  };
  let origin = "";

  const findShop = (host: string | undefined): FakeShop | undefined => {
    const name = host?.toLowerCase().replace(/:\d+$/, "");
    return shops.find((s) => s.domain === name || s.aliases.includes(name ?? ""));
  };

  const download: ResolverContext["download"] = async (url) => {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return null;
    }
    for (const shop of shops) {
      const asset = shop.cdnAsset(url);
      if (asset) return asset;
    }
    if (!isLoopback(parsed.hostname) || parsed.origin === origin) return null;
    const response = await fetch(parsed, { signal: AbortSignal.timeout(5000) });
    if (!response.ok) return null;
    return { data: Buffer.from(await response.arrayBuffer()), contentType: response.headers.get("content-type") ?? "" };
  };

  const log = (entry: Omit<FakeShopifyRequest, "at">) => requests.push({ ...entry, at: new Date() });

  async function handleGraphql(
    req: IncomingMessage,
    res: ServerResponse,
    shop: FakeShop | undefined,
    version: string,
    path: string,
  ) {
    const raw = (await readBody(req)).toString("utf8");
    let body: { query?: unknown; variables?: unknown; operationName?: unknown };
    try {
      body = (req.headers["content-type"] ?? "").includes("application/graphql")
        ? { query: raw }
        : (JSON.parse(raw) as typeof body);
    } catch {
      body = {};
    }
    const query = typeof body.query === "string" ? body.query : null;
    const variables =
      body.variables && typeof body.variables === "object" ? (body.variables as Record<string, unknown>) : {};
    const operationName =
      typeof body.operationName === "string"
        ? body.operationName
        : (/\b(?:query|mutation)\s+(\w+)/.exec(query ?? "")?.[1] ?? null);
    const entry = {
      kind: "graphql" as const,
      shop: shop?.domain ?? null,
      method: req.method ?? "",
      path,
      operationName,
      query,
      variables,
      errors: null,
      throttled: false,
      requestedQueryCost: null,
    };
    if (!shop) {
      log({ ...entry, status: 404 });
      return sendJson(res, 404, { errors: "Not Found" });
    }
    const failureIndex = shop.pendingFailures.findIndex((f) => !f.operationName || f.operationName === operationName);
    const failure = failureIndex >= 0 ? shop.pendingFailures.splice(failureIndex, 1)[0]!.failure : undefined;
    if (failure === "network") {
      log({ ...entry, status: 0 });
      req.socket.destroy();
      return;
    }
    if (failure && failure !== "lost-response") {
      log({ ...entry, status: failure.status });
      res.writeHead(failure.status, { "content-type": "application/json; charset=utf-8" });
      res.end(failure.body ?? JSON.stringify({ errors: failure.status >= 500 ? "Internal Server Error" : "Error" }));
      return;
    }
    // The request runs, but its answer never reaches the client (a crash or a cut connection on the way back).
    const respond = (status: number, payload: unknown) =>
      failure === "lost-response" ? req.socket.destroy() : sendJson(res, status, payload);

    const token = req.headers["x-shopify-access-token"];
    if (token !== shop.accessToken && !(typeof token === "string" && stillValid(shop, token))) {
      log({ ...entry, status: 401 });
      return respond(401, INVALID_TOKEN_BODY);
    }
    if (version !== ADMIN_SCHEMA_VERSION) {
      log({ ...entry, status: 404 });
      return respond(404, { errors: `Not Found: this fake serves only API version ${ADMIN_SCHEMA_VERSION}` });
    }
    if (req.method !== "POST") {
      log({ ...entry, status: 405 });
      return respond(405, { errors: "Method Not Allowed" });
    }
    if (!query) {
      log({ ...entry, status: 400 });
      return respond(400, { errors: { query: "Required parameter missing or invalid" } });
    }

    const validation = validateAdminQuery(query, variables, operationName);
    if (!validation.ok) {
      log({ ...entry, status: 200, errors: validation.errors });
      return respond(200, { errors: validation.errors });
    }
    const { document, operation } = validation;
    const requestedQueryCost = calculateQueryCost(schema, document, operation, validation.variables);
    if (requestedQueryCost > SINGLE_QUERY_MAX_COST) {
      const errors = [
        {
          message: `Query cost is ${requestedQueryCost}, which exceeds the single query max cost limit (${SINGLE_QUERY_MAX_COST}).`,
          extensions: {
            code: "MAX_COST_EXCEEDED",
            cost: requestedQueryCost,
            maxCost: SINGLE_QUERY_MAX_COST,
            documentation: "https://shopify.dev/api/usage/rate-limits",
          },
        },
      ];
      log({ ...entry, status: 200, errors, requestedQueryCost });
      return respond(200, { errors });
    }
    if (!shop.bucket.tryTake(requestedQueryCost)) {
      const errors = [
        {
          message: "Throttled",
          extensions: { code: "THROTTLED", documentation: "https://shopify.dev/api/usage/rate-limits" },
        },
      ];
      log({ ...entry, status: 200, errors, throttled: true, requestedQueryCost });
      return respond(200, {
        errors,
        extensions: { cost: { requestedQueryCost, actualQueryCost: null, throttleStatus: shop.bucket.status() } },
      });
    }

    const context: ResolverContext = { shop, stagedUploadsUrl: `${origin}${STAGED_UPLOADS_PATH}`, download, origin };
    const result = await execute({
      schema,
      document,
      operationName: operation.name?.value,
      variableValues: variables,
      rootValue: operation.operation === "mutation" ? mutationRoot(context) : queryRoot(context),
      fieldResolver: strictFieldResolver,
    });
    const actualQueryCost =
      operation.operation === "mutation"
        ? requestedQueryCost
        : calculateQueryCost(schema, document, operation, validation.variables, result.data ?? {});
    shop.bucket.refund(requestedQueryCost - actualQueryCost);
    const errors = result.errors?.map((e) => toShopifyError(e)) ?? null;
    log({ ...entry, status: failure === "lost-response" ? 0 : 200, errors, requestedQueryCost });
    respond(200, {
      ...(errors ? { errors } : {}),
      data: result.data ?? null,
      extensions: { cost: { requestedQueryCost, actualQueryCost, throttleStatus: shop.bucket.status() } },
    });
  }

  async function handleStagedUpload(req: IncomingMessage, res: ServerResponse, url: URL) {
    const xmlError = (status: number, code: string, message: string) => {
      res.writeHead(status, { "content-type": "application/xml; charset=UTF-8" });
      res.end(`<?xml version='1.0' encoding='UTF-8'?><Error><Code>${code}</Code><Message>${message}</Message></Error>`);
      return status;
    };
    const findUpload = (key: string) => {
      for (const shop of shops) {
        const upload = shop.stagedUploads.get(key);
        if (upload) return { shop, upload };
      }
      return undefined;
    };
    let status: number;
    let shopDomain: string | null = null;
    if (req.method === "POST" && url.pathname === STAGED_UPLOADS_PATH) {
      const request = new Request(`${origin}${url.pathname}`, {
        method: "POST",
        headers: { "content-type": req.headers["content-type"] ?? "" },
        body: Readable.toWeb(req) as ReadableStream,
        duplex: "half",
      } as RequestInit);
      const form = await request.formData().catch(() => null);
      const key = form?.get("key");
      const found = typeof key === "string" ? findUpload(key) : undefined;
      const file = form?.get("file");
      shopDomain = found?.shop.domain ?? null;
      if (!form || !found || found.upload.httpMethod !== "POST") {
        status = xmlError(400, "InvalidArgument", "Unknown or missing upload key.");
      } else if (form.get("x-goog-signature") !== found.upload.signature || form.get("policy") === null) {
        status = xmlError(
          403,
          "SignatureDoesNotMatch",
          "The request signature we calculated does not match the signature you provided.",
        );
      } else if (form.get("Content-Type") !== found.upload.mimeType) {
        status = xmlError(
          403,
          "AccessDenied",
          'Invalid according to Policy: Policy Condition failed: ["eq", "$Content-Type"]',
        );
      } else if (!(file instanceof Blob)) {
        status = xmlError(400, "InvalidArgument", "The file field is missing.");
      } else {
        found.upload.data = Buffer.from(await file.arrayBuffer());
        found.upload.contentType = found.upload.mimeType;
        status = 201;
        res.writeHead(201, { "content-type": "application/xml; charset=UTF-8" });
        res.end(
          `<?xml version='1.0' encoding='UTF-8'?><PostResponse><Location>${origin}${STAGED_UPLOADS_PATH}/${found.upload.key}</Location><Key>${found.upload.key}</Key></PostResponse>`,
        );
      }
    } else if (req.method === "PUT") {
      const found = findUpload(decodeURIComponent(url.pathname.slice(STAGED_UPLOADS_PATH.length + 1)));
      shopDomain = found?.shop.domain ?? null;
      const data = await readBody(req);
      if (!found || found.upload.httpMethod !== "PUT") status = xmlError(400, "InvalidArgument", "Unknown upload key.");
      else if (url.searchParams.get("X-Goog-Signature") !== found.upload.signature) {
        status = xmlError(
          403,
          "SignatureDoesNotMatch",
          "The request signature we calculated does not match the signature you provided.",
        );
      } else if (req.headers["content-type"] !== found.upload.mimeType) {
        status = xmlError(403, "SignatureDoesNotMatch", "Content-Type does not match the signed upload.");
      } else {
        found.upload.data = data;
        found.upload.contentType = found.upload.mimeType;
        status = 200;
        res.writeHead(200).end();
      }
    } else {
      status = xmlError(405, "MethodNotAllowed", "Method not allowed.");
    }
    log({
      kind: "staged-upload",
      shop: shopDomain,
      method: req.method ?? "",
      path: url.pathname,
      status,
      operationName: null,
      query: null,
      variables: null,
      errors: null,
      throttled: false,
      requestedQueryCost: null,
    });
  }

  function handleCdn(req: IncomingMessage, res: ServerResponse, url: URL) {
    const asset = shops.map((s) => s.cdnAsset(`${origin}${url.pathname}`)).find(Boolean);
    const status = asset ? 200 : 404;
    if (asset)
      res.writeHead(200, { "content-type": asset.contentType, "content-length": asset.data.length }).end(asset.data);
    else res.writeHead(404).end();
    log({
      kind: "cdn",
      shop: null,
      method: req.method ?? "",
      path: url.pathname,
      status,
      operationName: null,
      query: null,
      variables: null,
      errors: null,
      throttled: false,
      requestedQueryCost: null,
    });
  }

  // The merchant's confirmation page of a subscription: GET shows it, POST decision=approve|decline answers it and
  // redirects to the app's returnUrl with charge_id.
  async function handleConfirmation(
    req: IncomingMessage,
    res: ServerResponse,
    shop: FakeShop | undefined,
    chargeId: string,
    url: URL,
  ) {
    let status: number;
    const signature = url.searchParams.get("signature");
    if (req.method === "GET") {
      const known = shop?.subscriptions.find(
        (s) => s.id.endsWith(`/${chargeId}`) && s.confirmationSignature === signature,
      );
      status = known ? 200 : 404;
      res.writeHead(status, { "content-type": "text/html; charset=utf-8" });
      res.end(
        known
          ? `<!doctype html><title>Approve subscription</title><p>${known.name}: ${known.amount} ${known.currencyCode}</p><form method="post"><button name="decision" value="approve">Approve</button><button name="decision" value="decline">Decline</button></form>`
          : "Not Found",
      );
    } else {
      const decision = new URLSearchParams((await readBody(req)).toString("utf8")).get("decision");
      const answered =
        shop && (decision === "approve" || decision === "decline")
          ? answerConfirmation(shop, chargeId, signature, decision)
          : null;
      status = answered ? 302 : 404;
      if (answered) {
        res.writeHead(302, {
          location: answered.location,
          "x-fake-webhooks": answered.webhooks.map((w) => w.id).join(","),
        });
        res.end();
      } else sendJson(res, 404, { errors: "Not Found" });
    }
    log({
      kind: "billing",
      shop: shop?.domain ?? null,
      method: req.method ?? "",
      path: url.pathname,
      status,
      operationName: null,
      query: null,
      variables: null,
      errors: null,
      throttled: false,
      requestedQueryCost: null,
    });
  }

  async function answerAsMerchant(confirmationUrl: string, decision: "approve" | "decline") {
    const response = await fetch(confirmationUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `decision=${decision}`,
      redirect: "manual",
    });
    const returnUrl = response.headers.get("location");
    if (response.status !== 302 || !returnUrl)
      throw new Error(`No pending subscription to ${decision} at ${confirmationUrl}`);
    const ids = (response.headers.get("x-fake-webhooks") ?? "").split(",");
    const webhooks = shops.flatMap((s) => s.webhooks).filter((w) => ids.includes(w.id));
    return { returnUrl, webhooks };
  }

  const grants: FakeOauthGrant[] = [];
  const app = options.app ?? { clientId: "testApiKey", clientSecret: "testApiSecretKey" };
  const ttl = options.accessTokenTtlSeconds ?? 3600;
  // Access tokens issued before the shop's latest one stay valid until they expire, as Shopify's do: an embedded
  // app's parallel loaders each exchange a session token on first install and each use the token it received.
  const exchangedTokens = new Map<string, { shop: string; expiresAt: number }>();
  const stillValid = (shop: FakeShop, token: string) => {
    const grant = exchangedTokens.get(token);
    return grant !== undefined && grant.shop === shop.domain && grant.expiresAt > Date.now();
  };
  const refreshTokens = new Map<string, string>();

  const issue = (shop: FakeShop) => {
    const accessToken = `shpat_${randomUUID().replace(/-/g, "")}`;
    const refreshToken = `shprt_${randomUUID().replace(/-/g, "")}`;
    exchangedTokens.set(accessToken, { shop: shop.domain, expiresAt: Date.now() + ttl * 1000 });
    shop.accessToken = accessToken;
    refreshTokens.set(shop.domain, refreshToken);
    return { accessToken, refreshToken };
  };

  // Shopify's token endpoint: token exchange (a session token signed with the app's secret, for that shop) and the
  // refresh of an expiring offline token. Issuing a token retires the shop's previous refresh token.
  async function handleOauth(req: IncomingMessage, res: ServerResponse, shop: FakeShop | undefined, path: string) {
    const raw = (await readBody(req)).toString("utf8");
    const type = req.headers["content-type"] ?? "";
    const body: Record<string, string> = type.includes("json")
      ? (JSON.parse(raw || "{}") as Record<string, string>)
      : Object.fromEntries(new URLSearchParams(raw));
    const refuse = (status: number, error: string) => {
      sendJson(res, status, { error, error_description: error });
      return status;
    };
    let status: number;
    let grantType: FakeOauthGrant["grantType"] | null = null;
    if (req.method !== "POST" || !shop) status = refuse(404, "not_found");
    else if (body.client_id !== app.clientId || body.client_secret !== app.clientSecret) {
      status = refuse(401, "invalid_client");
    } else if (body.grant_type === "urn:ietf:params:oauth:grant-type:token-exchange") {
      const claims = verifySessionToken(body.subject_token ?? "", app.clientSecret);
      if (!claims || claims.dest !== `https://${shop.domain}` || claims.aud !== app.clientId) {
        status = refuse(400, "invalid_subject_token");
      } else grantType = "token-exchange";
    } else if (body.grant_type === "refresh_token") {
      if (!body.refresh_token || refreshTokens.get(shop.domain) !== body.refresh_token) {
        status = refuse(400, "invalid_grant");
      } else grantType = "refresh_token";
    } else status = refuse(400, "unsupported_grant_type");
    if (grantType && shop) {
      const { accessToken, refreshToken } = issue(shop);
      grants.push({ shop: shop.domain, grantType, accessToken, refreshToken });
      status = 200;
      sendJson(res, 200, {
        access_token: accessToken,
        scope: [...shop.scopes].join(","),
        expires_in: ttl,
        refresh_token: refreshToken,
        refresh_token_expires_in: 90 * 24 * 3600,
      });
    }
    log({
      kind: "oauth",
      shop: shop?.domain ?? null,
      method: req.method ?? "",
      path,
      status: status!,
      operationName: grantType,
      query: null,
      variables: null,
      errors: null,
      throttled: false,
      requestedQueryCost: null,
    });
  }

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake.invalid");
    const prefixedOauth = /^\/shops\/([^/]+)\/admin\/oauth\/access_token$/.exec(url.pathname);
    const prefixed = /^\/shops\/([^/]+)\/admin\/api\/([^/]+)\/graphql\.json$/.exec(url.pathname);
    const hosted = /^\/admin\/api\/([^/]+)\/graphql\.json$/.exec(url.pathname);
    const confirmation =
      /^\/shops\/([^/]+)\/admin\/charges\/[^/]+\/(\d+)\/RecurringApplicationCharge\/confirm_recurring_application_charge$/.exec(
        url.pathname,
      );
    const storefront = new RegExp(`^${STOREFRONT_PATH}/([^/]+)(/.*)$`).exec(url.pathname);
    let work: Promise<unknown>;
    if (confirmation) {
      work = handleConfirmation(req, res, findShop(decodeURIComponent(confirmation[1]!)), confirmation[2]!, url);
    } else if (prefixedOauth)
      work = handleOauth(req, res, findShop(decodeURIComponent(prefixedOauth[1]!)), url.pathname);
    else if (url.pathname === "/admin/oauth/access_token")
      work = handleOauth(req, res, findShop(req.headers.host), url.pathname);
    else if (prefixed)
      work = handleGraphql(req, res, findShop(decodeURIComponent(prefixed[1]!)), prefixed[2]!, url.pathname);
    else if (hosted) work = handleGraphql(req, res, findShop(req.headers.host), hosted[1]!, url.pathname);
    else if (url.pathname === STAGED_UPLOADS_PATH || url.pathname.startsWith(`${STAGED_UPLOADS_PATH}/`))
      work = handleStagedUpload(req, res, url);
    else if (url.pathname.startsWith("/cdn/shop/")) work = Promise.resolve(handleCdn(req, res, url));
    else if (storefront) work = Promise.resolve(handleStorefront(req, res, findShop(storefront[1]), storefront[2]!));
    else work = Promise.resolve(sendJson(res, 404, { errors: "Not Found" }));
    work.catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { errors: [{ message: `Fake Shopify failed: ${String(error)}` }] });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const addShop = (shopOptions: FakeShopOptions) => {
    if (findShop(shopOptions.domain)) throw new Error(`The fake already serves ${shopOptions.domain}`);
    const shop = new FakeShop(shopOptions, { nextId, throttle, origin });
    shop.fileProcessingReads = options.fileProcessingReads ?? 1;
    shops.push(shop);
    return shop;
  };
  for (const shopOptions of options.shops ?? [{ domain: DEFAULT_SHOP_DOMAIN, accessToken: DEFAULT_ACCESS_TOKEN }])
    addShop(shopOptions);

  const shop = (domain?: string) => {
    const found = domain ? findShop(domain) : shops[0];
    if (!found) throw new Error(`The fake does not serve ${domain}`);
    return found;
  };

  return {
    origin,
    apiBaseUrl: (domain) => `${origin}/shops/${shop(domain).domain}`,
    apiBaseUrlTemplate: `${origin}/shops/{shop}`,
    graphqlUrl: (domain) => `${origin}/shops/${shop(domain).domain}/admin/api/${ADMIN_SCHEMA_VERSION}/graphql.json`,
    shop,
    addShop,
    requests,
    grants,
    issueTokens: (domain) => issue(shop(domain)),
    throttledRequests: (domain) => requests.filter((r) => r.throttled && (!domain || r.shop === shop(domain).domain)),
    setThrottle: (domain, status) => shop(domain).bucket.set(status),
    failNext: (domain, failure, { times = 1, operationName } = {}) => {
      for (let i = 0; i < times; i++) shop(domain).pendingFailures.push({ failure, operationName });
    },
    approveSubscription: (confirmationUrl) => answerAsMerchant(confirmationUrl, "approve"),
    declineSubscription: (confirmationUrl) => answerAsMerchant(confirmationUrl, "decline"),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** The claims of a session token (HS256 JWT) signed with the secret and valid now, or null. */
function verifySessionToken(token: string, secret: string): Record<string, unknown> | null {
  const [header, payload, signature] = token.split(".");
  if (!header || !payload || !signature) return null;
  const expected = createHmac("sha256", secret).update(`${header}.${payload}`).digest("base64url");
  if (expected.length !== signature.length || !timingSafeEqual(Buffer.from(expected), Buffer.from(signature))) {
    return null;
  }
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Record<string, unknown>;
  const now = Math.floor(Date.now() / 1000);
  if (typeof claims.exp === "number" && claims.exp < now) return null;
  return claims;
}
