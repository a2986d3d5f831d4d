// The member's Shopify stores: the store in use, every saved store, checking a token, saving and disconnecting. The
// access token is checked against the store before it is saved, stored encrypted and never returned.
import { z } from "zod";
import type { RouteContract } from "../api-v1.ts";
import { accountMessageSchema } from "../account.ts";
import {
  shopifyConnectionSchema,
  shopifyConnectionViewSchema,
  shopifyTestConnectionSchema,
  shopifyTestResultSchema,
} from "../connections.ts";
import { badRequest, ok, otherSite, otherSiteOr, refusal, signedOut, tooLarge, tooMany } from "./answers.ts";

const checks = tooMany("Too many connection checks by this member in a minute (20).");
const disconnected = ok("Disconnected; message says so.", accountMessageSchema);

export const shopifyRoutes = {
  getShopifyConnection: {
    method: "GET",
    path: "/shopify/connection",
    summary: "The Shopify store in use",
    caller: "user",
    responses: { 200: ok("The store, or null when none is connected.", shopifyConnectionViewSchema.nullable()), 401: signedOut },
  },
  listShopifyConnections: {
    method: "GET",
    path: "/shopify/connections",
    summary: "Every saved Shopify store (several on Professional)",
    caller: "user",
    responses: { 200: ok("The stores.", z.array(shopifyConnectionViewSchema)), 401: signedOut },
  },
  testShopifyConnection: {
    method: "POST",
    path: "/shopify/test-connection",
    summary: "Check a store address and Admin API token, and list the store's blogs",
    caller: "user",
    body: shopifyTestConnectionSchema,
    responses: {
      200: ok("valid, the blogs, and Shopify's reason when the token is refused.", shopifyTestResultSchema),
      400: badRequest("Bad input: message says what to fix."),
      401: signedOut,
      403: otherSite,
      413: tooLarge,
      429: checks,
    },
  },
  saveShopifyConnection: {
    method: "POST",
    path: "/shopify/connection",
    summary: "Save a store (checked against Shopify first) as the store in use",
    caller: "user",
    body: shopifyConnectionSchema,
    responses: {
      200: ok("The store as saved.", shopifyConnectionViewSchema),
      400: badRequest("Bad input, or Shopify refused the address or token (message has its reason)."),
      401: signedOut,
      403: otherSiteOr("the plan connects no more stores"),
      413: tooLarge,
      429: checks,
    },
  },
  disconnectShopify: {
    method: "DELETE",
    path: "/shopify/connection",
    summary: "Disconnect the store in use",
    caller: "user",
    responses: { 200: disconnected, 401: signedOut, 403: otherSite, 404: refusal("No store is connected.") },
  },
  disconnectShopifyStore: {
    method: "DELETE",
    path: "/shopify/connections/:id",
    summary: "Disconnect one saved store",
    caller: "user",
    responses: {
      200: disconnected,
      400: badRequest("Not a connection id."),
      401: signedOut,
      403: otherSite,
      404: refusal("No such store among the member's."),
    },
  },
} as const satisfies Record<string, RouteContract>;
