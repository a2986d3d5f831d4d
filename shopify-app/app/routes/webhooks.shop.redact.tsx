import { webhookAction } from "../webhooks.server";

export const action = webhookAction;
