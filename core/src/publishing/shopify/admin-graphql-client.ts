// A small typed client for one shop's Admin GraphQL endpoint: sends an operation, waits out Shopify's cost-based
// throttling (proactively from the costs of earlier calls, and on "Throttled" answers), and turns every failure into a
// ShopifyRequestError that says whether trying again later can help.
import { SHOPIFY_API_VERSION } from "./api-version.ts";
import {
  sharedShopifyCostPacer,
  throttledWaitMs,
  type ShopifyCostExtension,
  type ShopifyCostPacer,
} from "./cost-pacer.ts";
import type { ShopifyOperation } from "./operations.ts";
import { ShopifyRequestError } from "./shopify-request-error.ts";

export interface AdminGraphqlClientOptions {
  fetch: typeof fetch;
  /**
   * Replaces https://<shop> in the endpoint address (tests point it at a local fake). May contain `{shop}`, replaced
   * by the shop's domain. The endpoint is `<base>/admin/api/<version>/graphql.json`.
   */
  apiBaseUrl?: string;
  pacer?: ShopifyCostPacer;
  sleep?: (ms: number) => Promise<void>;
  /** Per request (default 30 s). */
  timeoutMs?: number;
  /** The most time one call may spend waiting for throttling before it gives up as transient (default 60 s). */
  maxThrottleWaitMs?: number;
}

export interface AdminGraphqlClient {
  readonly shopDomain: string;
  readonly endpoint: string;
  request<T>(operation: ShopifyOperation<T>, variables?: Record<string, unknown>): Promise<T>;
}

interface GraphqlError {
  message: string;
  extensions?: { code?: string; requiredAccess?: string };
}

interface GraphqlResponse {
  data?: unknown;
  errors?: GraphqlError[] | string | Record<string, unknown>;
  extensions?: { cost?: ShopifyCostExtension };
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
// Points flow back continuously; a little slack keeps the retry from landing a hair too early.
const THROTTLE_SLACK_MS = 50;

export function shopifyGraphqlEndpoint(shopDomain: string, apiBaseUrl?: string): string {
  const base = apiBaseUrl ? apiBaseUrl.replaceAll("{shop}", shopDomain) : `https://${shopDomain}`;
  return `${base.replace(/\/+$/, "")}/admin/api/${SHOPIFY_API_VERSION}/graphql.json`;
}

function retryAfterMs(header: string | null): number {
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 1000;
}

export function createAdminGraphqlClient(
  { shopDomain, accessToken }: { shopDomain: string; accessToken: string },
  options: AdminGraphqlClientOptions,
): AdminGraphqlClient {
  const endpoint = shopifyGraphqlEndpoint(shopDomain, options.apiBaseUrl);
  const pacer = options.pacer ?? sharedShopifyCostPacer;
  const sleep = options.sleep ?? defaultSleep;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const maxThrottleWaitMs = options.maxThrottleWaitMs ?? 60_000;

  const fail = (
    kind: ConstructorParameters<typeof ShopifyRequestError>[0],
    message: string,
    extra: { transient: boolean; status?: number; retryAfterMs?: number; cause?: unknown },
  ) => new ShopifyRequestError(kind, message, extra);

  /**
   * Sends one attempt. Its time limit covers reading the answer too, so it is stopped by the caller (stopTimer) once
   * the body is read; a timer is much cheaper than AbortSignal.timeout, which every request would otherwise create.
   */
  async function send(
    operation: ShopifyOperation<unknown>,
    variables: Record<string, unknown>,
  ): Promise<{ response: Response; stopTimer: () => void }> {
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new DOMException("The operation was aborted due to timeout", "TimeoutError")),
      timeoutMs,
    );
    timer.unref();
    const stopTimer = () => clearTimeout(timer);
    try {
      const response = await options.fetch(endpoint, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json",
          "x-shopify-access-token": accessToken,
        },
        body: JSON.stringify({ query: operation.document, variables, operationName: operation.name }),
        signal: controller.signal,
      });
      return { response, stopTimer };
    } catch (cause) {
      stopTimer();
      throw fail(
        "network",
        `Could not reach the Shopify store at ${shopDomain}. Check the store URL, or try again in a moment.`,
        { transient: true, cause },
      );
    }
  }

  async function request<T>(operation: ShopifyOperation<T>, variables: Record<string, unknown> = {}): Promise<T> {
    // The time limit of the attempt in progress, stopped however the request ends.
    const timer = { stop: () => {} };
    try {
      return await attempts(operation, variables, timer);
    } finally {
      timer.stop();
    }
  }

  async function attempts<T>(
    operation: ShopifyOperation<T>,
    variables: Record<string, unknown>,
    timer: { stop: () => void },
  ): Promise<T> {
    let waited = 0;
    const wait = async (ms: number, cause?: unknown) => {
      if (waited + ms > maxThrottleWaitMs) {
        throw fail(
          "throttled",
          `Shopify is limiting how fast ${shopDomain} can be updated; the publication will be retried shortly.`,
          { transient: true, retryAfterMs: ms, cause },
        );
      }
      waited += ms;
      await sleep(ms);
    };

    for (;;) {
      const paceMs = pacer.reserve(endpoint, operation.name);
      if (paceMs > 0) await wait(paceMs);
      timer.stop();
      const sent = await send(operation, variables);
      timer.stop = sent.stopTimer;
      const { response } = sent;
      const { status } = response;
      if (status === 429) {
        await wait(retryAfterMs(response.headers.get("retry-after")));
        continue;
      }
      if (status === 401) {
        throw fail(
          "unauthorized",
          "Shopify rejected the access token. Check the Admin API access token (it starts with shpat_) in your Shopify connection.",
          { transient: false, status },
        );
      }
      if (status === 403) {
        throw fail(
          "forbidden",
          "Shopify rejected the access token for this request. Make sure the app has read and write access to blog posts (read_content and write_content).",
          { transient: false, status },
        );
      }
      if (status === 404) {
        throw fail("not_found", `No Shopify store answered at ${shopDomain}. Check the store URL.`, {
          transient: false,
          status,
        });
      }
      if (status === 402 || status === 423) {
        throw fail(
          "unavailable",
          `Shopify says the store ${shopDomain} is unavailable (it may be paused, frozen or locked).`,
          { transient: false, status },
        );
      }
      if (status >= 500) {
        throw fail("server", `Shopify had a problem answering (HTTP ${status}). Please try again in a moment.`, {
          transient: true,
          status,
        });
      }
      let body: GraphqlResponse;
      try {
        body = (await response.json()) as GraphqlResponse;
      } catch (cause) {
        throw fail("unexpected", `Shopify sent a response that could not be read (HTTP ${status}).`, {
          transient: true,
          status,
          cause,
        });
      }
      if (status < 200 || status >= 300) {
        throw fail("rejected", `Shopify refused the request (HTTP ${status}).`, {
          transient: false,
          status,
          cause: body,
        });
      }
      const cost = body.extensions?.cost;
      pacer.record(endpoint, operation.name, cost);

      const errors = Array.isArray(body.errors)
        ? body.errors
        : body.errors
          ? [{ message: JSON.stringify(body.errors) }]
          : [];
      if (errors.some((e) => e.extensions?.code === "THROTTLED" || e.message === "Throttled")) {
        await wait((cost ? throttledWaitMs(cost) : 1000) + THROTTLE_SLACK_MS, errors);
        continue;
      }
      const denied = errors.find((e) => e.extensions?.code === "ACCESS_DENIED");
      if (denied) {
        const access = denied.extensions?.requiredAccess?.replace(/\.$/, "") ?? "more permissions";
        throw fail(
          "forbidden",
          `Shopify rejected the access token for this request: it needs ${access}. Update the app's Admin API scopes in Shopify, then try again.`,
          { transient: false, cause: errors },
        );
      }
      if (errors.some((e) => e.extensions?.code === "INTERNAL_SERVER_ERROR")) {
        throw fail("server", "Shopify had a problem answering. Please try again in a moment.", {
          transient: true,
          cause: errors,
        });
      }
      if (errors.length > 0) {
        throw fail("rejected", `Shopify refused the request: ${errors.map((e) => e.message).join("; ")}`, {
          transient: false,
          cause: errors,
        });
      }
      const parsed = operation.data.safeParse(body.data);
      if (!parsed.success) {
        throw fail("unexpected", "Shopify sent a response Postwright did not expect.", {
          transient: false,
          cause: parsed.error,
        });
      }
      return parsed.data;
    }
  }

  return { shopDomain, endpoint, request };
}
