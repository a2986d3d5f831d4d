// The fake's in-memory Stripe account: customers, prices, Checkout Sessions, subscriptions, invoices, billing portal
// sessions and the events their changes produce. Objects are typed with the Stripe SDK's own types, so they carry
// every field of the API version the SDK speaks (fields this fake has no use for hold Stripe's empty values).
import { randomBytes } from "node:crypto";
import Stripe from "stripe";
import { FakeStripeError } from "./errors.ts";
import {
  checkParams,
  expandList,
  metadataUpdate,
  optionalArray,
  optionalBoolean,
  optionalInteger,
  optionalObject,
  optionalString,
  optionalUrl,
  type Params,
  requiredString,
} from "./params.ts";

export interface PriceInput {
  id?: string;
  unitAmount: number;
  interval: "day" | "week" | "month" | "year";
  currency?: string;
  product?: string;
  nickname?: string;
  active?: boolean;
}

export interface RequestContext {
  requestId: string | null;
  idempotencyKey: string | null;
}

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
export function newId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let id = "";
  for (const byte of bytes) id += ALPHABET[byte % ALPHABET.length];
  return `${prefix}_${id}`;
}

const clone = <T>(value: T): T => structuredClone(value);
const list = <T>(data: T[], url: string): Stripe.ApiList<T> => ({ object: "list", data, has_more: false, url });

function addInterval(seconds: number, interval: string, count = 1): number {
  const date = new Date(seconds * 1000);
  if (interval === "year") date.setUTCFullYear(date.getUTCFullYear() + count);
  else if (interval === "month") date.setUTCMonth(date.getUTCMonth() + count);
  else if (interval === "week") date.setUTCDate(date.getUTCDate() + 7 * count);
  else date.setUTCDate(date.getUTCDate() + count);
  return Math.floor(date.getTime() / 1000);
}

// Top-level parameters the real endpoints accept (Stripe API reference), so that a real but unimplemented one is
// reported as such rather than as unknown.
const CUSTOMER_CREATE_PARAMS = ["address", "balance", "business_name", "cash_balance", "description", "email", "expand", "individual_name", "invoice_prefix", "invoice_settings", "metadata", "name", "next_invoice_sequence", "payment_method", "phone", "preferred_locales", "shipping", "source", "tax", "tax_exempt", "tax_id_data", "test_clock", "validate"];
const CHECKOUT_CREATE_PARAMS = ["adaptive_pricing", "after_expiration", "allow_promotion_codes", "allowed_payment_method_types", "automatic_tax", "billing_address_collection", "branding_settings", "cancel_url", "client_reference_id", "consent_collection", "currency", "custom_fields", "custom_text", "customer", "customer_account", "customer_creation", "customer_email", "customer_update", "discounts", "excluded_payment_method_types", "expand", "expires_at", "integration_identifier", "invoice_creation", "line_items", "locale", "managed_payments", "metadata", "mode", "name_collection", "optional_items", "origin_context", "payment_intent_data", "payment_method_collection", "payment_method_configuration", "payment_method_data", "payment_method_options", "permissions", "phone_number_collection", "redirect_on_completion", "return_url", "saved_payment_method_options", "setup_intent_data", "shipping_address_collection", "shipping_options", "submit_type", "subscription_data", "success_url", "tax_id_collection", "ui_mode", "wallet_options"];
const CHECKOUT_SUBSCRIPTION_DATA_PARAMS = ["application_fee_percent", "billing_cycle_anchor", "billing_cycle_anchor_config", "billing_mode", "default_tax_rates", "description", "invoice_settings", "metadata", "on_behalf_of", "pending_invoice_item_interval", "proration_behavior", "transfer_data", "trial_end", "trial_period_days", "trial_settings"];
const LINE_ITEM_PARAMS = ["adjustable_quantity", "dynamic_tax_rates", "metadata", "price", "price_data", "quantity", "tax_rates"];
const SUBSCRIPTION_UPDATE_PARAMS = ["add_invoice_items", "application_fee_percent", "automatic_tax", "billing_cycle_anchor", "billing_schedules", "billing_thresholds", "cancel_at", "cancel_at_period_end", "cancellation_details", "collection_method", "days_until_due", "default_payment_method", "default_source", "default_tax_rates", "description", "discounts", "expand", "invoice_settings", "items", "metadata", "off_session", "on_behalf_of", "pause_collection", "payment_behavior", "payment_settings", "pending_invoice_item_interval", "proration_behavior", "proration_date", "transfer_data", "trial_end", "trial_from_plan", "trial_settings"];
const SUBSCRIPTION_CANCEL_PARAMS = ["cancellation_details", "expand", "invoice_now", "prorate"];
const PORTAL_CREATE_PARAMS = ["after_expiration", "configuration", "customer", "customer_account", "expand", "flow_data", "locale", "on_behalf_of", "return_url"];
const PRICE_LIST_PARAMS = ["active", "created", "currency", "ending_before", "expand", "limit", "lookup_keys", "product", "recurring", "starting_after", "type"];

export class FakeStripeState {
  readonly customers = new Map<string, Stripe.Customer>();
  readonly prices = new Map<string, Stripe.Price>();
  readonly checkoutSessions = new Map<string, Stripe.Checkout.Session>();
  readonly subscriptions = new Map<string, Stripe.Subscription>();
  readonly invoices = new Map<string, Stripe.Invoice>();
  readonly portalSessions = new Map<string, Stripe.BillingPortal.Session>();
  /** Every event, oldest first. */
  readonly events: Stripe.Event[] = [];
  private readonly lineItems = new Map<string, Array<{ price: Stripe.Price; quantity: number }>>();
  /** What a session's subscription will start with. */
  private readonly checkoutExtras = new Map<string, { trialDays: number | null; subscriptionMetadata: Record<string, string>; description: string | null }>();

  constructor(
    private readonly baseUrl: string,
    private readonly clock: () => Date,
  ) {}

  now(): number {
    return Math.floor(this.clock().getTime() / 1000);
  }

  private emit(type: string, object: { object: string }, ctx?: RequestContext, previous?: Record<string, unknown>): Stripe.Event {
    const event = {
      id: newId("evt"),
      object: "event",
      api_version: Stripe.API_VERSION,
      context: undefined,
      created: this.now(),
      data: { object: clone(object), ...(previous ? { previous_attributes: clone(previous) } : {}) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: ctx?.requestId ?? null, idempotency_key: ctx?.idempotencyKey ?? null },
      type,
    } as unknown as Stripe.Event;
    this.events.push(event);
    return event;
  }

  // Prices

  addPrice(input: PriceInput): Stripe.Price {
    const id = input.id ?? newId("price");
    const price: Stripe.Price = {
      id,
      object: "price",
      active: input.active ?? true,
      billing_scheme: "per_unit",
      created: this.now(),
      currency: input.currency ?? "usd",
      custom_unit_amount: null,
      livemode: false,
      lookup_key: null,
      metadata: {},
      nickname: input.nickname ?? null,
      product: input.product ?? newId("prod", 14),
      recurring: { interval: input.interval, interval_count: 1, meter: null, trial_period_days: null, usage_type: "licensed" },
      tax_behavior: "unspecified",
      tiers_mode: null,
      transform_quantity: null,
      type: "recurring",
      unit_amount: input.unitAmount,
      unit_amount_decimal: String(input.unitAmount) as unknown as Stripe.Price["unit_amount_decimal"],
    };
    this.prices.set(id, price);
    return price;
  }

  retrievePrice(id: string): Stripe.Price {
    const price = this.prices.get(id);
    if (!price) throw FakeStripeError.resourceMissing("price", id);
    return clone(price);
  }

  listPrices(params: Params): Stripe.ApiList<Stripe.Price> {
    checkParams(params, ["active", "expand", "limit", "product", "type"], PRICE_LIST_PARAMS);
    const active = optionalBoolean(params.active, "active");
    const product = optionalString(params.product, "product");
    const type = optionalString(params.type, "type");
    const limit = optionalInteger(params.limit, "limit") ?? 10;
    if (limit < 1 || limit > 100) throw FakeStripeError.invalid("This value must be between 1 and 100 (it currently is " + limit + ").", "limit");
    const matching = [...this.prices.values()]
      .filter((p) => (active === undefined || p.active === active) && (!product || p.product === product) && (!type || p.type === type))
      .reverse();
    return { ...list(matching.slice(0, limit).map(clone), "/v1/prices"), has_more: matching.length > limit };
  }

  // Customers

  createCustomer(params: Params, ctx?: RequestContext): Stripe.Customer {
    checkParams(params, ["description", "email", "expand", "metadata", "name", "phone"], CUSTOMER_CREATE_PARAMS);
    const id = newId("cus", 14);
    const customer: Stripe.Customer = {
      id,
      object: "customer",
      address: null,
      balance: 0,
      business_name: undefined,
      created: this.now(),
      currency: null,
      customer_account: null,
      default_source: null,
      delinquent: false,
      description: optionalString(params.description, "description") ?? null,
      discount: null,
      email: optionalString(params.email, "email") ?? null,
      invoice_prefix: id.slice(4, 12).toUpperCase(),
      invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
      livemode: false,
      metadata: metadataUpdate({}, params.metadata),
      name: optionalString(params.name, "name") ?? null,
      next_invoice_sequence: 1,
      phone: optionalString(params.phone, "phone") ?? null,
      preferred_locales: [],
      shipping: null,
      tax_exempt: "none",
      test_clock: null,
    };
    this.customers.set(id, customer);
    this.emit("customer.created", customer, ctx);
    return clone(customer);
  }

  retrieveCustomer(id: string): Stripe.Customer {
    const customer = this.customers.get(id);
    if (!customer) throw FakeStripeError.resourceMissing("customer", id);
    return clone(customer);
  }

  // Checkout

  createCheckoutSession(params: Params): Stripe.Checkout.Session {
    checkParams(
      params,
      ["cancel_url", "client_reference_id", "customer", "customer_email", "expand", "line_items", "metadata", "mode", "subscription_data", "success_url"],
      CHECKOUT_CREATE_PARAMS,
    );
    const mode = requiredString(params.mode, "mode");
    if (!["payment", "setup", "subscription"].includes(mode)) {
      throw FakeStripeError.invalid(`Invalid mode: must be one of payment, setup, or subscription`, "mode");
    }
    if (mode !== "subscription") throw FakeStripeError.unsupported("mode");
    const customerId = optionalString(params.customer, "customer");
    if (customerId && !this.customers.has(customerId)) throw FakeStripeError.resourceMissing("customer", customerId, "customer");
    const customerEmail = optionalString(params.customer_email, "customer_email");
    if (customerId && customerEmail) {
      throw FakeStripeError.invalid("You may only specify one of these parameters: customer, customer_email.", "customer_email");
    }
    const clientReferenceId = optionalString(params.client_reference_id, "client_reference_id");
    if (clientReferenceId && clientReferenceId.length > 200) {
      throw FakeStripeError.invalid("client_reference_id must be at most 200 characters", "client_reference_id");
    }
    const successUrl = optionalUrl(params.success_url, "success_url");
    const cancelUrl = optionalUrl(params.cancel_url, "cancel_url");

    const rawItems = optionalArray(params.line_items, "line_items");
    if (!rawItems || rawItems.length === 0) throw FakeStripeError.parameterMissing("line_items");
    const items = rawItems.map((raw, i) => this.lineItem(raw, `line_items[${i}]`));
    if (!items.some((item) => item.price.type === "recurring")) {
      throw FakeStripeError.invalid("You must provide at least one recurring price in `subscription` mode when using prices.", "line_items");
    }
    const currencies = new Set(items.map((item) => item.price.currency));
    if (currencies.size > 1) throw FakeStripeError.invalid("All prices must use the same currency.", "line_items");

    const subscriptionData = optionalObject(params.subscription_data, "subscription_data") ?? {};
    checkParams(subscriptionData, ["description", "metadata", "trial_period_days"], CHECKOUT_SUBSCRIPTION_DATA_PARAMS, "subscription_data");
    const trialDays = optionalInteger(subscriptionData.trial_period_days, "subscription_data[trial_period_days]");
    if (trialDays !== undefined && (trialDays < 1 || trialDays > 730)) {
      throw FakeStripeError.invalid("The trial period must be between 1 and 730 days.", "subscription_data[trial_period_days]");
    }
    metadataUpdate({}, subscriptionData.metadata, "subscription_data[metadata]");

    const id = newId("cs_test", 58);
    const amount = items.reduce((sum, item) => sum + (item.price.unit_amount ?? 0) * item.quantity, 0);
    const created = this.now();
    const session = {
      id,
      object: "checkout.session",
      adaptive_pricing: null,
      after_expiration: null,
      allow_promotion_codes: null,
      allowed_payment_method_types: null,
      amount_subtotal: amount,
      amount_total: amount,
      automatic_tax: { enabled: false, liability: null, provider: null, status: null },
      billing_address_collection: null,
      cancel_url: cancelUrl ?? null,
      client_reference_id: clientReferenceId ?? null,
      client_secret: null,
      collected_information: null,
      consent: null,
      consent_collection: null,
      created,
      currency: items[0]?.price.currency ?? "usd",
      currency_conversion: null,
      custom_fields: [],
      custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
      customer: customerId ?? null,
      customer_account: null,
      customer_creation: customerId ? null : "always",
      customer_details: customerEmail ? { address: null, business_name: null, email: customerEmail, individual_name: null, name: null, phone: null, tax_exempt: "none", tax_ids: null } : null,
      customer_email: customerEmail ?? null,
      discounts: [],
      expires_at: created + 24 * 60 * 60,
      integration_identifier: null,
      invoice: null,
      invoice_creation: null,
      livemode: false,
      locale: null,
      managed_payments: null,
      metadata: metadataUpdate({}, params.metadata),
      mode: "subscription",
      origin_context: null,
      payment_intent: null,
      payment_link: null,
      payment_method_collection: "always",
      payment_method_configuration_details: null,
      payment_method_options: {},
      payment_method_types: ["card"],
      payment_status: "unpaid",
      permissions: null,
      recovered_from: null,
      saved_payment_method_options: null,
      setup_intent: null,
      shipping_address_collection: null,
      shipping_cost: null,
      shipping_options: [],
      status: "open",
      submit_type: null,
      subscription: null,
      success_url: successUrl ?? null,
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
      ui_mode: "hosted",
      url: `${this.baseUrl}/checkout/${id}`,
      wallet_options: null,
    } satisfies Stripe.Checkout.Session;
    this.checkoutSessions.set(id, session);
    this.lineItems.set(id, items);
    this.checkoutExtras.set(id, {
      trialDays: trialDays ?? null,
      subscriptionMetadata: metadataUpdate({}, subscriptionData.metadata, "subscription_data[metadata]"),
      description: optionalString(subscriptionData.description, "subscription_data[description]") ?? null,
    });
    return clone(session);
  }

  private lineItem(raw: unknown, param: string): { price: Stripe.Price; quantity: number } {
    const item = optionalObject(raw, param) ?? {};
    checkParams(item, ["price", "price_data", "quantity"], LINE_ITEM_PARAMS, param);
    const quantity = optionalInteger(item.quantity, `${param}[quantity]`);
    if (quantity === undefined) throw FakeStripeError.parameterMissing(`${param}[quantity]`);
    if (quantity < 1) throw FakeStripeError.invalid("Quantity must be at least 1.", `${param}[quantity]`);
    const priceId = optionalString(item.price, `${param}[price]`);
    const priceData = optionalObject(item.price_data, `${param}[price_data]`);
    if (priceId && priceData) throw FakeStripeError.invalid("You may only specify one of these parameters: price, price_data.", `${param}[price]`);
    if (priceId) {
      const price = this.prices.get(priceId);
      if (!price) throw FakeStripeError.resourceMissing("price", priceId, `${param}[price]`);
      if (!price.active) throw FakeStripeError.invalid(`The price specified is inactive. This field only accepts active prices.`, `${param}[price]`);
      return { price, quantity };
    }
    if (!priceData) throw FakeStripeError.parameterMissing(`${param}[price]`);
    const p = `${param}[price_data]`;
    checkParams(priceData, ["currency", "product", "product_data", "recurring", "unit_amount"], ["tax_behavior", "unit_amount_decimal"], p);
    const currency = requiredString(priceData.currency, `${p}[currency]`);
    const unitAmount = optionalInteger(priceData.unit_amount, `${p}[unit_amount]`);
    if (unitAmount === undefined) throw FakeStripeError.parameterMissing(`${p}[unit_amount]`);
    const productData = optionalObject(priceData.product_data, `${p}[product_data]`);
    const product = optionalString(priceData.product, `${p}[product]`);
    if (!product && !productData) throw FakeStripeError.parameterMissing(`${p}[product]`);
    if (productData) {
      checkParams(productData, ["description", "metadata", "name"], ["images", "tax_code", "unit_label"], `${p}[product_data]`);
      requiredString(productData.name, `${p}[product_data][name]`);
    }
    const recurring = optionalObject(priceData.recurring, `${p}[recurring]`);
    if (!recurring) throw FakeStripeError.unsupported(`${p}[recurring] (one-time prices)`);
    checkParams(recurring, ["interval", "interval_count"], [], `${p}[recurring]`);
    const interval = requiredString(recurring.interval, `${p}[recurring][interval]`);
    if (!["day", "week", "month", "year"].includes(interval)) {
      throw FakeStripeError.invalid("Invalid recurring[interval]: must be one of day, week, month, or year", `${p}[recurring][interval]`);
    }
    const price = this.addPrice({ unitAmount, interval: interval as PriceInput["interval"], currency, active: false, ...(product ? { product } : {}) });
    return { price, quantity };
  }

  retrieveCheckoutSession(id: string): Stripe.Checkout.Session {
    const session = this.checkoutSessions.get(id);
    if (!session) throw FakeStripeError.resourceMissing("checkout.session", id);
    return clone(session);
  }

  checkoutTrialDays(id: string): number | null {
    return this.checkoutExtras.get(id)?.trialDays ?? null;
  }

  checkoutLineItems(id: string): Array<{ price: Stripe.Price; quantity: number }> {
    return this.lineItems.get(id) ?? [];
  }

  /** What the hosted page's Pay button does: a card is accepted, the subscription starts (with its trial). */
  completeCheckoutSession(id: string): { session: Stripe.Checkout.Session; subscription: Stripe.Subscription } {
    const session = this.checkoutSessions.get(id);
    if (!session) throw FakeStripeError.resourceMissing("checkout.session", id);
    if (session.status !== "open") throw FakeStripeError.invalid(`This Checkout Session is ${session.status ?? "closed"}.`);
    if (session.expires_at <= this.now()) {
      this.expireCheckoutSession(id);
      throw FakeStripeError.invalid("This Checkout Session has expired.");
    }
    let customerId = typeof session.customer === "string" ? session.customer : null;
    if (!customerId) customerId = this.createCustomer({ ...(session.customer_email ? { email: session.customer_email } : {}) }).id;
    const extras = this.checkoutExtras.get(id) ?? { trialDays: null, subscriptionMetadata: {}, description: null };
    const subscription = this.startSubscription({
      customerId,
      items: this.lineItems.get(id) ?? [],
      trialDays: extras.trialDays,
      metadata: extras.subscriptionMetadata,
      description: extras.description,
    });
    const invoice = this.subscriptionInvoice(subscription, "subscription_create", true);
    subscription.latest_invoice = invoice.id;
    Object.assign(session, {
      customer: customerId,
      subscription: subscription.id,
      invoice: invoice.id,
      status: "complete",
      payment_status: extras.trialDays ? "no_payment_required" : "paid",
      url: null,
    } satisfies Partial<Stripe.Checkout.Session>);
    if (extras.trialDays) Object.assign(session, { amount_total: 0, amount_subtotal: 0 });
    this.emit("customer.subscription.created", subscription);
    this.emit("invoice.paid", invoice);
    this.emit("checkout.session.completed", session);
    return { session: clone(session), subscription: clone(subscription) };
  }

  expireCheckoutSession(id: string): Stripe.Checkout.Session {
    const session = this.checkoutSessions.get(id);
    if (!session) throw FakeStripeError.resourceMissing("checkout.session", id);
    if (session.status !== "open") throw FakeStripeError.invalid(`Only Checkout Sessions with a status of open can be expired.`);
    Object.assign(session, { status: "expired", url: null });
    this.emit("checkout.session.expired", session);
    return clone(session);
  }

  // Subscriptions

  private startSubscription(input: {
    customerId: string;
    items: Array<{ price: Stripe.Price; quantity: number }>;
    trialDays: number | null;
    metadata: Record<string, string>;
    description: string | null;
  }): Stripe.Subscription {
    const id = newId("sub");
    const start = this.now();
    const trialEnd = input.trialDays ? start + input.trialDays * 24 * 60 * 60 : null;
    const subscription: Stripe.Subscription = {
      id,
      object: "subscription",
      application: null,
      application_fee_percent: null,
      automatic_tax: { disabled_reason: null, enabled: false, liability: null },
      billing_cycle_anchor: trialEnd ?? start,
      billing_cycle_anchor_config: null,
      billing_mode: { flexible: null, type: "flexible", updated_at: start },
      billing_schedules: [],
      billing_thresholds: null,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: null },
      collection_method: "charge_automatically",
      created: start,
      currency: input.items[0]?.price.currency ?? "usd",
      customer: input.customerId,
      customer_account: null,
      days_until_due: null,
      default_payment_method: newId("pm"),
      default_source: null,
      default_tax_rates: [],
      description: input.description,
      discounts: [],
      ended_at: null,
      invoice_settings: { account_tax_ids: null, custom_fields: null, description: null, footer: null, issuer: { type: "self" } },
      items: list([], `/v1/subscription_items?subscription=${id}`),
      latest_invoice: null,
      livemode: false,
      managed_payments: null,
      metadata: input.metadata,
      next_pending_invoice_item_invoice: null,
      on_behalf_of: null,
      pause_collection: null,
      payment_settings: { payment_method_options: null, payment_method_types: null, save_default_payment_method: "off" },
      pending_invoice_item_interval: null,
      pending_setup_intent: null,
      pending_update: null,
      schedule: null,
      start_date: start,
      status: trialEnd ? "trialing" : "active",
      test_clock: null,
      transfer_data: null,
      trial_end: trialEnd,
      trial_settings: { end_behavior: { billing_cycle_anchor: null, missing_payment_method: "create_invoice" } },
      trial_start: trialEnd ? start : null,
    };
    subscription.items.data = input.items.map(({ price, quantity }) => this.subscriptionItem(id, price, quantity, start, trialEnd));
    subscription.items = { ...subscription.items, total_count: subscription.items.data.length } as Stripe.ApiList<Stripe.SubscriptionItem>;
    this.subscriptions.set(id, subscription);
    return subscription;
  }

  private subscriptionItem(subscriptionId: string, price: Stripe.Price, quantity: number, start: number, trialEnd: number | null): Stripe.SubscriptionItem {
    const interval = price.recurring?.interval ?? "month";
    const item: Stripe.SubscriptionItem = {
      id: newId("si", 14),
      object: "subscription_item",
      billing_thresholds: null,
      created: start,
      current_period_end: trialEnd ?? addInterval(start, interval, price.recurring?.interval_count ?? 1),
      current_period_start: start,
      current_trial: null,
      discounts: [],
      metadata: {},
      plan: {
        id: price.id,
        object: "plan",
        active: price.active,
        amount: price.unit_amount,
        amount_decimal: price.unit_amount_decimal,
        billing_scheme: "per_unit",
        created: price.created,
        currency: price.currency,
        interval,
        interval_count: price.recurring?.interval_count ?? 1,
        livemode: false,
        metadata: {},
        meter: null,
        nickname: price.nickname,
        product: price.product,
        tiers_mode: null,
        transform_usage: null,
        trial_period_days: null,
        usage_type: "licensed",
      },
      price: clone(price),
      quantity,
      subscription: subscriptionId,
      tax_rates: [],
    };
    return item;
  }

  private subscriptionInvoice(subscription: Stripe.Subscription, reason: Stripe.Invoice.BillingReason, paid: boolean): Stripe.Invoice {
    const item = subscription.items.data[0];
    const trialing = subscription.status === "trialing";
    const amount = trialing ? 0 : subscription.items.data.reduce((sum, i) => sum + (i.price.unit_amount ?? 0) * (i.quantity ?? 1), 0);
    const now = this.now();
    const id = newId("in");
    const invoice = {
      id,
      object: "invoice",
      account_country: "US",
      account_name: "Postwright (fake)",
      account_tax_ids: null,
      amount_due: amount,
      amount_overpaid: 0,
      amount_paid: paid ? amount : 0,
      amount_remaining: paid ? 0 : amount,
      amount_shipping: 0,
      application: null,
      attempt_count: amount === 0 ? 0 : 1,
      attempted: amount !== 0,
      auto_advance: !paid,
      automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
      automatically_finalizes_at: null,
      billing_reason: reason,
      collection_method: "charge_automatically",
      created: now,
      currency: subscription.currency,
      custom_fields: null,
      customer: subscription.customer,
      customer_account: null,
      customer_address: null,
      customer_email: this.customers.get(String(subscription.customer))?.email ?? null,
      customer_name: this.customers.get(String(subscription.customer))?.name ?? null,
      customer_phone: null,
      customer_shipping: null,
      customer_tax_exempt: "none",
      customer_tax_ids: [],
      default_payment_method: null,
      default_source: null,
      default_tax_rates: [],
      description: null,
      discounts: [],
      due_date: null,
      effective_at: now,
      ending_balance: 0,
      footer: null,
      from_invoice: null,
      hosted_invoice_url: `${this.baseUrl}/invoices/${id}`,
      invoice_pdf: null,
      issuer: { type: "self" },
      last_finalization_error: null,
      latest_revision: null,
      lines: list([], `/v1/invoices/${id}/lines`),
      livemode: false,
      metadata: {},
      next_payment_attempt: paid ? null : now + 3 * 24 * 60 * 60,
      number: `FAKE-${String(this.invoices.size + 1).padStart(4, "0")}`,
      on_behalf_of: null,
      parent: {
        quote_details: null,
        subscription_details: { metadata: clone(subscription.metadata), subscription: subscription.id },
        type: "subscription_details",
      },
      payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
      period_end: item?.current_period_start ?? now,
      period_start: item?.current_period_start ?? now,
      post_payment_credit_notes_amount: 0,
      pre_payment_credit_notes_amount: 0,
      receipt_number: null,
      rendering: null,
      shipping_cost: null,
      shipping_details: null,
      starting_balance: 0,
      statement_descriptor: null,
      status: paid ? "paid" : "open",
      status_transitions: { finalized_at: now, marked_uncollectible_at: null, paid_at: paid ? now : null, voided_at: null },
      subtotal: amount,
      subtotal_excluding_tax: amount,
      test_clock: null,
      total: amount,
      total_discount_amounts: [],
      total_excluding_tax: amount,
      total_pretax_credit_amounts: [],
      total_taxes: [],
      webhooks_delivered_at: now,
    } satisfies Stripe.Invoice;
    this.invoices.set(id, invoice);
    return invoice;
  }

  retrieveSubscription(id: string): Stripe.Subscription {
    const subscription = this.subscriptions.get(id);
    if (!subscription) throw FakeStripeError.resourceMissing("subscription", id);
    return clone(subscription);
  }

  updateSubscription(id: string, params: Params, ctx?: RequestContext): Stripe.Subscription {
    const subscription = this.subscriptions.get(id);
    if (!subscription) throw FakeStripeError.resourceMissing("subscription", id);
    checkParams(params, ["cancel_at_period_end", "cancellation_details", "expand", "metadata", "proration_behavior"], SUBSCRIPTION_UPDATE_PARAMS);
    if (subscription.status === "canceled" || subscription.status === "incomplete_expired") {
      const allowed = ["cancellation_details", "metadata", "expand"];
      const other = Object.keys(params).find((key) => !allowed.includes(key));
      if (other) throw FakeStripeError.invalid("A canceled subscription can only update its cancellation_details and metadata.", other);
    }
    const proration = optionalString(params.proration_behavior, "proration_behavior");
    if (proration && !["always_invoice", "create_prorations", "none"].includes(proration)) {
      throw FakeStripeError.invalid("Invalid proration_behavior: must be one of always_invoice, create_prorations, or none", "proration_behavior");
    }
    const previous: Record<string, unknown> = {};
    const cancelAtPeriodEnd = optionalBoolean(params.cancel_at_period_end, "cancel_at_period_end");
    if (cancelAtPeriodEnd !== undefined && cancelAtPeriodEnd !== subscription.cancel_at_period_end) {
      Object.assign(previous, {
        cancel_at_period_end: subscription.cancel_at_period_end,
        cancel_at: subscription.cancel_at,
        canceled_at: subscription.canceled_at,
      });
      subscription.cancel_at_period_end = cancelAtPeriodEnd;
      subscription.cancel_at = cancelAtPeriodEnd ? this.periodEnd(subscription) : null;
      subscription.canceled_at = cancelAtPeriodEnd ? this.now() : null;
      subscription.cancellation_details = {
        comment: null,
        feedback: null,
        feedback_option: null,
        reason: cancelAtPeriodEnd ? "cancellation_requested" : null,
      };
    }
    const details = optionalObject(params.cancellation_details, "cancellation_details");
    if (details) {
      checkParams(details, ["comment", "feedback"], [], "cancellation_details");
      previous.cancellation_details = clone(subscription.cancellation_details);
      subscription.cancellation_details = {
        ...(subscription.cancellation_details ?? { reason: null, feedback_option: null }),
        comment: optionalString(details.comment, "cancellation_details[comment]") ?? null,
        feedback: (optionalString(details.feedback, "cancellation_details[feedback]") ?? null) as Stripe.Subscription.CancellationDetails.Feedback | null,
      };
    }
    if (params.metadata !== undefined) {
      previous.metadata = clone(subscription.metadata);
      subscription.metadata = metadataUpdate(subscription.metadata, params.metadata);
    }
    if (Object.keys(previous).length > 0) this.emit("customer.subscription.updated", subscription, ctx, previous);
    return clone(subscription);
  }

  cancelSubscription(id: string, params: Params, ctx?: RequestContext): Stripe.Subscription {
    const subscription = this.subscriptions.get(id);
    if (!subscription) throw FakeStripeError.resourceMissing("subscription", id);
    checkParams(params, ["cancellation_details", "expand", "invoice_now", "prorate"], SUBSCRIPTION_CANCEL_PARAMS);
    optionalBoolean(params.invoice_now, "invoice_now");
    optionalBoolean(params.prorate, "prorate");
    if (subscription.status === "canceled") {
      throw FakeStripeError.invalid(`No such subscription: '${id}'. It has already been canceled.`, "id", "resource_missing");
    }
    this.endSubscription(subscription, this.now(), ctx);
    return clone(subscription);
  }

  private endSubscription(subscription: Stripe.Subscription, at: number, ctx?: RequestContext): void {
    Object.assign(subscription, {
      status: "canceled",
      ended_at: at,
      canceled_at: subscription.canceled_at ?? at,
      cancel_at: subscription.cancel_at ?? null,
      cancellation_details: {
        comment: subscription.cancellation_details?.comment ?? null,
        feedback: subscription.cancellation_details?.feedback ?? null,
        feedback_option: null,
        reason: subscription.cancellation_details?.reason ?? "cancellation_requested",
      },
    } satisfies Partial<Stripe.Subscription>);
    this.emit("customer.subscription.deleted", subscription, ctx);
  }

  private periodEnd(subscription: Stripe.Subscription): number {
    return Math.max(...subscription.items.data.map((item) => item.current_period_end));
  }

  /**
   * The end of the current period arrives: a subscription set to cancel ends; otherwise the next period starts and
   * its invoice is charged, successfully (active) or not (past_due).
   */
  advancePeriod(id: string, payment: "succeeds" | "fails"): Stripe.Subscription {
    const subscription = this.subscriptions.get(id);
    if (!subscription) throw FakeStripeError.resourceMissing("subscription", id);
    if (subscription.status === "canceled") throw FakeStripeError.invalid("This subscription has ended.");
    const end = this.periodEnd(subscription);
    if (subscription.cancel_at_period_end) {
      this.endSubscription(subscription, end);
      return clone(subscription);
    }
    const previous = { status: subscription.status, items: clone(subscription.items) };
    for (const item of subscription.items.data) {
      item.current_period_start = end;
      item.current_period_end = addInterval(end, item.price.recurring?.interval ?? "month", item.price.recurring?.interval_count ?? 1);
    }
    subscription.status = payment === "succeeds" ? "active" : "past_due";
    const invoice = this.subscriptionInvoice(subscription, "subscription_cycle", payment === "succeeds");
    subscription.latest_invoice = invoice.id;
    this.emit(payment === "succeeds" ? "invoice.paid" : "invoice.payment_failed", invoice);
    this.emit("customer.subscription.updated", subscription, undefined, previous);
    return clone(subscription);
  }

  /** A later payment attempt on a past-due subscription succeeds. */
  recoverPayment(id: string): Stripe.Subscription {
    const subscription = this.subscriptions.get(id);
    if (!subscription) throw FakeStripeError.resourceMissing("subscription", id);
    if (subscription.status !== "past_due") throw FakeStripeError.invalid("This subscription has no unpaid invoice.");
    const invoice = this.invoices.get(String(subscription.latest_invoice));
    if (invoice) {
      Object.assign(invoice, { status: "paid", amount_paid: invoice.amount_due, amount_remaining: 0, next_payment_attempt: null });
      invoice.status_transitions.paid_at = this.now();
      this.emit("invoice.paid", invoice);
    }
    subscription.status = "active";
    this.emit("customer.subscription.updated", subscription, undefined, { status: "past_due" });
    return clone(subscription);
  }

  // Billing portal

  createPortalSession(params: Params): Stripe.BillingPortal.Session {
    checkParams(params, ["customer", "expand", "locale", "return_url"], PORTAL_CREATE_PARAMS);
    const customer = requiredString(params.customer, "customer");
    if (!this.customers.has(customer)) throw FakeStripeError.resourceMissing("customer", customer, "customer");
    const returnUrl = optionalUrl(params.return_url, "return_url");
    const id = newId("bps");
    const session: Stripe.BillingPortal.Session = {
      id,
      object: "billing_portal.session",
      configuration: "bpc_fake_default",
      created: this.now(),
      customer,
      customer_account: null,
      flow: null,
      livemode: false,
      locale: (optionalString(params.locale, "locale") ?? null) as Stripe.BillingPortal.Session.Locale | null,
      on_behalf_of: null,
      return_url: returnUrl ?? null,
      url: `${this.baseUrl}/portal/${id}`,
    };
    this.portalSessions.set(id, session);
    return clone(session);
  }

  subscriptionsOf(customerId: string): Stripe.Subscription[] {
    return [...this.subscriptions.values()].filter((s) => s.customer === customerId).map(clone);
  }

  /** Replaces ids by objects for the `expand` parameter (one level, the fields the fake knows). */
  expand<T extends object>(object: T, params: Params): T {
    const fields = expandList(params);
    const result = clone(object) as Record<string, unknown>;
    for (const field of fields) {
      const id = result[field];
      if (typeof id !== "string") {
        if (!(field in result)) throw FakeStripeError.invalid(`This property cannot be expanded (${field}).`, "expand");
        continue;
      }
      const target =
        this.customers.get(id) ?? this.subscriptions.get(id) ?? this.invoices.get(id) ?? this.prices.get(id) ?? this.checkoutSessions.get(id);
      if (!target) throw FakeStripeError.invalid(`This property cannot be expanded (${field}).`, "expand");
      result[field] = clone(target);
    }
    return result as T;
  }
}
