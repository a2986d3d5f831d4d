// A local fake of the Stripe API (see server.ts for what it covers).
export {
  startFakeStripe,
  DEFAULT_API_KEY,
  DEFAULT_WEBHOOK_SECRET,
  POSTWRIGHT_PRICES,
  type FakeStripe,
  type FakeStripeRequest,
  type StartFakeStripeOptions,
  type WebhookDelivery,
} from "./server.ts";
export { FakeStripeState, type PriceInput } from "./state.ts";
export { FakeStripeError, type StripeErrorBody } from "./errors.ts";
