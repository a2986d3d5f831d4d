// A local stand-in for the parts of Stripe's API that Postwright uses, speaking Stripe's wire format: form-encoded
// bodies in bracket notation (line_items[0][price]=...), Bearer secret keys, Idempotency-Key replay, Stripe's error
// objects and statuses, and signed webhook deliveries (Stripe-Signature, made with the SDK's own signing code).
//
//   API (point the SDK at fake.url: new Stripe(key, { host, port, protocol: "http" }))
//     POST /v1/customers, GET /v1/customers/:id
//     POST /v1/checkout/sessions, GET /v1/checkout/sessions/:id, POST /v1/checkout/sessions/:id/expire
//     GET/POST/DELETE /v1/subscriptions/:id   (update: cancel_at_period_end, metadata; delete: cancel now)
//     POST /v1/billing_portal/sessions
//     GET /v1/prices, GET /v1/prices/:id
//   Hosted pages (a browser test can use them like Stripe's own)
//     GET /checkout/:id   a payment page; "Start subscription" completes the session and redirects to success_url
//     GET /portal/:id     the customer's subscriptions with Cancel / Renew buttons and a return link
//
// Each change records Stripe's events (customer.subscription.created, invoice.paid, checkout.session.completed,
// ...). With a webhook URL they are posted there in order, signed with the webhook secret; without one they wait in
// fake.events for a test to deliver (in any order, or twice) with fake.deliver(event).
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import qs from "qs";
import Stripe from "stripe";
import { FakeStripeError } from "./errors.ts";
import type { Params } from "./params.ts";
import { FakeStripeState, newId, type PriceInput, type RequestContext } from "./state.ts";

export const DEFAULT_API_KEY = "sk_test_postwright_fake";
export const DEFAULT_WEBHOOK_SECRET = "whsec_postwright_fake";

/** Prices matching Postwright's paid plans (ids to give seedPlans as priceIds). */
export const POSTWRIGHT_PRICES = {
  "starter:month": { id: "price_starter_month", unitAmount: 2900, interval: "month", nickname: "Starter monthly" },
  "starter:year": { id: "price_starter_year", unitAmount: 27840, interval: "year", nickname: "Starter yearly" },
  "professional:month": { id: "price_professional_month", unitAmount: 5900, interval: "month", nickname: "Professional monthly" },
  "professional:year": { id: "price_professional_year", unitAmount: 56640, interval: "year", nickname: "Professional yearly" },
} as const satisfies Record<string, PriceInput & { id: string }>;

export interface StartFakeStripeOptions {
  apiKey?: string;
  webhookSecret?: string;
  /** Where events are posted as they happen (e.g. http://127.0.0.1:3000/api/stripe/webhook). */
  webhookUrl?: string;
  /** Prices available to checkout (default: POSTWRIGHT_PRICES). */
  prices?: PriceInput[];
  /** The fake's clock (default: the real one). */
  now?: () => Date;
}

export interface FakeStripeRequest {
  method: string;
  path: string;
  params: Params;
  idempotencyKey: string | null;
  status: number;
  replayed: boolean;
}

export interface WebhookDelivery {
  eventId: string;
  type: string;
  url: string;
  status: number;
  body: string;
}

export interface FakeStripe {
  /** http://127.0.0.1:<port>: the API base (STRIPE_API_BASE) and the origin of the hosted pages. */
  readonly url: string;
  readonly apiKey: string;
  readonly webhookSecret: string;
  readonly state: FakeStripeState;
  /** Every event, oldest first. */
  readonly events: Stripe.Event[];
  /** API requests received, oldest first. */
  readonly requests: FakeStripeRequest[];
  readonly deliveries: WebhookDelivery[];
  /** Start (or stop, with null) posting events to a URL as they happen. */
  setWebhookUrl(url: string | null): void;
  /** What the hosted page's button does; returns the redirect target (success_url with the session id). */
  completeCheckout(sessionId: string): Promise<{ session: Stripe.Checkout.Session; subscription: Stripe.Subscription; redirectUrl: string | null }>;
  /** The subscription reaches the end of its period (see FakeStripeState.advancePeriod). */
  advancePeriod(subscriptionId: string, payment: "succeeds" | "fails"): Promise<Stripe.Subscription>;
  /** A retried payment of a past-due subscription succeeds. */
  recoverPayment(subscriptionId: string): Promise<Stripe.Subscription>;
  /** The events recorded since a position in fake.events (e.g. const mark = fake.events.length). */
  eventsSince(mark: number): Stripe.Event[];
  /** Signs an event as Stripe would for a webhook endpoint. */
  signedPayload(event: Stripe.Event, options?: { secret?: string; timestamp?: number }): { payload: string; signature: string };
  /** Posts one event to a URL (default: the webhook URL), signed. */
  deliver(event: Stripe.Event, options?: { url?: string; secret?: string }): Promise<WebhookDelivery>;
  /** Resolves once every automatic delivery queued so far has been attempted. */
  settled(): Promise<void>;
  /** Answers the next `times` API requests with this status and Stripe error instead of running them. */
  failNext(status: number, message?: string, times?: number): void;
  close(): Promise<void>;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function money(cents: number | null, currency: string): string {
  return `${((cents ?? 0) / 100).toFixed(2)} ${currency.toUpperCase()}`;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** Stripe's body format: qs bracket notation, arrays by index. */
function parseForm(text: string): Params {
  return qs.parse(text, { depth: 20, arrayLimit: 100, parameterLimit: 5000, allowPrototypes: false }) as Params;
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(text),
    "stripe-version": Stripe.API_VERSION,
    ...headers,
  });
  res.end(text);
}

function sendHtml(res: ServerResponse, status: number, title: string, body: string): void {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body>${body}</body></html>`;
  res.writeHead(status, { "content-type": "text/html; charset=utf-8", "content-length": Buffer.byteLength(html) });
  res.end(html);
}

function redirect(res: ServerResponse, location: string): void {
  res.writeHead(303, { location });
  res.end();
}

function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableStringify((value as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value);
}

export async function startFakeStripe(options: StartFakeStripeOptions = {}): Promise<FakeStripe> {
  const apiKey = options.apiKey ?? DEFAULT_API_KEY;
  const webhookSecret = options.webhookSecret ?? DEFAULT_WEBHOOK_SECRET;
  let webhookUrl = options.webhookUrl ?? null;
  const requests: FakeStripeRequest[] = [];
  const deliveries: WebhookDelivery[] = [];
  const idempotent = new Map<string, { fingerprint: string; status: number; body: unknown; requestId: string }>();
  const failures: Array<{ status: number; message: string }> = [];
  let deliveryQueue: Promise<void> = Promise.resolve();
  let delivered = 0;

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { error: { type: "api_error", message: `Fake Stripe failed: ${String(error)}` } });
      else res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const state = new FakeStripeState(url, options.now ?? (() => new Date()));
  for (const price of options.prices ?? Object.values(POSTWRIGHT_PRICES)) state.addPrice(price);

  function signedPayload(event: Stripe.Event, opts: { secret?: string; timestamp?: number } = {}) {
    const payload = JSON.stringify(event, null, 2);
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: opts.secret ?? webhookSecret,
      ...(opts.timestamp ? { timestamp: opts.timestamp } : {}),
    });
    return { payload, signature };
  }

  async function deliver(event: Stripe.Event, opts: { url?: string; secret?: string } = {}): Promise<WebhookDelivery> {
    const target = opts.url ?? webhookUrl;
    if (!target) throw new Error("No webhook URL: pass one or set it with setWebhookUrl");
    const { payload, signature } = signedPayload(event, opts.secret ? { secret: opts.secret } : {});
    let status = 0;
    let body = "";
    try {
      const response = await fetch(target, {
        method: "POST",
        headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": signature, "user-agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)" },
        body: payload,
      });
      status = response.status;
      body = await response.text();
    } catch (error) {
      body = String(error);
    }
    const delivery = { eventId: event.id, type: event.type, url: target, status, body };
    deliveries.push(delivery);
    return delivery;
  }

  /** Queues automatic delivery of the events recorded since the last call. */
  function flushEvents(): Promise<void> {
    const pending = state.events.slice(delivered);
    delivered = state.events.length;
    if (!webhookUrl) return deliveryQueue;
    for (const event of pending) deliveryQueue = deliveryQueue.then(() => deliver(event).then(() => undefined));
    return deliveryQueue;
  }

  function checkAuth(req: IncomingMessage): FakeStripeError | null {
    const header = req.headers.authorization ?? "";
    let key: string | null = null;
    if (header.startsWith("Bearer ")) key = header.slice(7).trim();
    else if (header.startsWith("Basic ")) key = Buffer.from(header.slice(6), "base64").toString("utf8").split(":")[0] ?? null;
    if (!key) {
      return new FakeStripeError(401, {
        type: "invalid_request_error",
        message:
          "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
      });
    }
    if (key !== apiKey) {
      return new FakeStripeError(401, {
        type: "invalid_request_error",
        message: `Invalid API Key provided: ${key.slice(0, 8)}${"*".repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`,
      });
    }
    return null;
  }

  function route(method: string, path: string, params: Params, ctx: RequestContext): unknown {
    const parts = path.split("/").filter(Boolean).slice(1); // drop "v1"
    const [resource, id, action] = parts;
    const key = `${method} ${resource ?? ""}${parts.length > 1 ? "/:id" : ""}${action ? `/${action}` : ""}`;
    switch (key) {
      case "POST customers":
        return state.createCustomer(params, ctx);
      case "GET customers/:id":
        return state.expand(state.retrieveCustomer(id!), params);
      case "GET prices":
        return state.listPrices(params);
      case "GET prices/:id":
        return state.expand(state.retrievePrice(id!), params);
      case "GET subscriptions/:id":
        return state.expand(state.retrieveSubscription(id!), params);
      case "POST subscriptions/:id":
        return state.expand(state.updateSubscription(id!, params, ctx), params);
      case "DELETE subscriptions/:id":
        return state.expand(state.cancelSubscription(id!, params, ctx), params);
      default:
        break;
    }
    if (resource === "checkout" && id === "sessions") {
      const sessionId = parts[2];
      const sessionAction = parts[3];
      if (method === "POST" && !sessionId) return state.expand(state.createCheckoutSession(params), params);
      if (method === "GET" && sessionId && !sessionAction) return state.expand(state.retrieveCheckoutSession(sessionId), params);
      if (method === "POST" && sessionId && sessionAction === "expire") return state.expireCheckoutSession(sessionId);
    }
    if (resource === "billing_portal" && id === "sessions" && method === "POST" && parts.length === 2) {
      return state.createPortalSession(params);
    }
    throw new FakeStripeError(404, {
      type: "invalid_request_error",
      message: `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    });
  }

  async function handleApi(req: IncomingMessage, res: ServerResponse, path: string, query: string): Promise<void> {
    const method = req.method ?? "GET";
    const raw = await readBody(req);
    const params: Params = { ...parseForm(query), ...parseForm(raw) };
    const idempotencyKey = typeof req.headers["idempotency-key"] === "string" ? req.headers["idempotency-key"] : null;
    const requestId = newId("req", 14);
    const record = (status: number, replayed = false) =>
      requests.push({ method, path, params, idempotencyKey, status, replayed });
    const fail = (error: FakeStripeError) => {
      record(error.status);
      sendJson(res, error.status, error.body, { "request-id": requestId });
    };

    const authError = checkAuth(req);
    if (authError) return fail(authError);
    const injected = failures.shift();
    if (injected) {
      return fail(new FakeStripeError(injected.status, { type: injected.status >= 500 ? "api_error" : "invalid_request_error", message: injected.message }));
    }

    const mutating = method === "POST" || method === "DELETE";
    const fingerprint = `${method} ${path} ${stableStringify(params)}`;
    if (mutating && idempotencyKey) {
      const previous = idempotent.get(idempotencyKey);
      if (previous) {
        if (previous.fingerprint !== fingerprint) {
          return fail(
            new FakeStripeError(400, {
              type: "idempotency_error",
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            }),
          );
        }
        record(previous.status, true);
        return sendJson(res, previous.status, previous.body, { "request-id": previous.requestId, "idempotent-replayed": "true", "original-request": previous.requestId });
      }
    }

    let body: unknown;
    try {
      body = route(method, path, params, { requestId, idempotencyKey });
    } catch (error) {
      if (error instanceof FakeStripeError) return fail(error);
      throw error;
    }
    // Stripe saves the result of a request that ran (validation failures are not saved).
    if (mutating && idempotencyKey) idempotent.set(idempotencyKey, { fingerprint, status: 200, body, requestId });
    record(200);
    sendJson(res, 200, body, { "request-id": requestId, ...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}) });
    void flushEvents();
  }

  function checkoutPage(res: ServerResponse, sessionId: string): void {
    const session = state.checkoutSessions.get(sessionId);
    if (!session) return sendHtml(res, 404, "Not found", "<h1>Something went wrong</h1><p>This checkout page does not exist.</p>");
    if (session.status !== "open") {
      return sendHtml(res, 410, "Checkout closed", `<h1>This checkout is ${escapeHtml(session.status ?? "closed")}</h1>`);
    }
    const items = state.checkoutLineItems(sessionId);
    const trialDays = state.checkoutTrialDays(sessionId);
    const rows = items
      .map(({ price, quantity }) => `<li>${escapeHtml(price.nickname ?? "Subscription")} × ${quantity}: ${money(price.unit_amount, price.currency)} / ${escapeHtml(price.recurring?.interval ?? "")}</li>`)
      .join("");
    const customer = typeof session.customer === "string" ? state.customers.get(session.customer) : undefined;
    sendHtml(
      res,
      200,
      "Checkout",
      `<main><h1>Subscribe</h1>
<p>Customer: <span data-testid="customer-email">${escapeHtml(customer?.email ?? session.customer_email ?? "")}</span></p>
<ul>${rows}</ul>
${trialDays ? `<p data-testid="trial">${trialDays}-day free trial</p>` : ""}
<p>Total due today: <strong data-testid="amount-total">${money(session.amount_total, session.currency ?? "usd")}</strong></p>
<form method="post" action="/checkout/${escapeHtml(sessionId)}/pay"><label>Card number <input name="card" value="4242 4242 4242 4242"></label>
<button type="submit">Start subscription</button></form>
${session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Back</a></p>` : ""}</main>`,
    );
  }

  async function completeCheckout(sessionId: string) {
    const { session, subscription } = state.completeCheckoutSession(sessionId);
    await flushEvents();
    const redirectUrl = session.success_url ? session.success_url.replaceAll("{CHECKOUT_SESSION_ID}", session.id) : null;
    return { session, subscription, redirectUrl };
  }

  function portalPage(res: ServerResponse, portalId: string, notice = ""): void {
    const portal = state.portalSessions.get(portalId);
    if (!portal) return sendHtml(res, 404, "Not found", "<h1>Something went wrong</h1><p>This billing page does not exist.</p>");
    const subscriptions = state.subscriptionsOf(portal.customer);
    const rows = subscriptions
      .map((s) => {
        const price = s.items.data[0]?.price;
        const action = s.status === "canceled" ? "" : s.cancel_at_period_end ? "renew" : "cancel";
        const button = action
          ? `<form method="post" action="/portal/${escapeHtml(portalId)}/${action}/${escapeHtml(s.id)}"><button type="submit">${action === "cancel" ? "Cancel plan" : "Renew plan"}</button></form>`
          : "";
        return `<li data-subscription="${escapeHtml(s.id)}">${escapeHtml(price?.nickname ?? "Subscription")}: <span data-testid="status">${escapeHtml(s.status)}${s.cancel_at_period_end ? " (cancels at period end)" : ""}</span>${button}</li>`;
      })
      .join("");
    sendHtml(
      res,
      200,
      "Billing",
      `<main><h1>Billing</h1>${notice ? `<p role="status">${escapeHtml(notice)}</p>` : ""}<ul>${rows || "<li>No subscriptions</li>"}</ul>
${portal.return_url ? `<p><a href="${escapeHtml(portal.return_url)}">Return to the site</a></p>` : ""}</main>`,
    );
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const [path = "/", query = ""] = (req.url ?? "/").split("?", 2);
    if (path.startsWith("/v1/")) return handleApi(req, res, path, query);
    const parts = path.split("/").filter(Boolean);
    if (parts[0] === "checkout" && parts[1]) {
      if (req.method === "GET" && parts.length === 2) return checkoutPage(res, parts[1]);
      if (req.method === "POST" && parts[2] === "pay") {
        await readBody(req);
        try {
          const { redirectUrl } = await completeCheckout(parts[1]);
          if (redirectUrl) return redirect(res, redirectUrl);
          return sendHtml(res, 200, "Thank you", "<h1>Thanks for your order</h1>");
        } catch (error) {
          if (error instanceof FakeStripeError) return sendHtml(res, 400, "Checkout", `<h1>${escapeHtml(error.message)}</h1>`);
          throw error;
        }
      }
    }
    if (parts[0] === "portal" && parts[1]) {
      if (req.method === "GET" && parts.length === 2) return portalPage(res, parts[1]);
      const portal = state.portalSessions.get(parts[1]);
      if (req.method === "POST" && portal && (parts[2] === "cancel" || parts[2] === "renew") && parts[3]) {
        await readBody(req);
        const owned = state.subscriptions.get(parts[3]);
        if (!owned || owned.customer !== portal.customer) return sendHtml(res, 404, "Not found", "<h1>Not found</h1>");
        state.updateSubscription(parts[3], { cancel_at_period_end: parts[2] === "cancel" ? "true" : "false" });
        await flushEvents();
        return redirect(res, `/portal/${parts[1]}`);
      }
    }
    sendHtml(res, 404, "Not found", "<h1>Not found</h1>");
  }

  return {
    url,
    apiKey,
    webhookSecret,
    state,
    events: state.events,
    requests,
    deliveries,
    setWebhookUrl(next) {
      webhookUrl = next;
      delivered = state.events.length;
    },
    completeCheckout,
    async advancePeriod(subscriptionId, payment) {
      const subscription = state.advancePeriod(subscriptionId, payment);
      await flushEvents();
      return subscription;
    },
    async recoverPayment(subscriptionId) {
      const subscription = state.recoverPayment(subscriptionId);
      await flushEvents();
      return subscription;
    },
    eventsSince: (mark) => state.events.slice(mark),
    signedPayload,
    deliver,
    settled: () => deliveryQueue,
    failNext(status, message = "An unknown error occurred", times = 1) {
      for (let i = 0; i < times; i++) failures.push({ status, message });
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
