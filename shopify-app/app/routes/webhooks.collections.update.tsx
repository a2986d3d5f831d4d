// collections/update: the page is added to, changed in or removed from the store's site index (see webhooks.server.ts).
import { webhookAction } from "../webhooks.server";

export const action = webhookAction;
