// "Brand voice": each connected site's voice, read from its posts, chosen from a preset, or edited by the owner.
import type { RouteContract } from "../api-v1.ts";
import {
  deriveSiteVoiceRequestSchema,
  saveSiteVoiceRequestSchema,
  siteVoiceSchema,
  siteVoicesResponseSchema,
} from "../voice.ts";
import { badInput, badRequest, ok, otherSite, refusal, signedOut, tooLarge } from "./answers.ts";

const notConnected = refusal("That store or site is not connected to this account.");

export const voiceRoutes = {
  getVoices: {
    method: "GET",
    path: "/voice",
    summary: "Each connected site's voice (or null), in plain words with an example paragraph, and the presets",
    caller: "user",
    responses: {
      200: ok(
        "The sites in use on each platform, with their voices, and the presets to start from.",
        siteVoicesResponseSchema,
      ),
      401: signedOut,
    },
  },
  deriveVoice: {
    method: "POST",
    path: "/voice/derive",
    summary: "Read the site's voice from its 20 most recent published posts, through its connection, and keep it",
    caller: "user",
    body: deriveSiteVoiceRequestSchema,
    responses: {
      200: ok("The voice read from the site's posts.", siteVoiceSchema),
      400: badInput,
      413: tooLarge,
      401: signedOut,
      403: otherSite,
      404: notConnected,
      409: refusal("The site has no published posts yet: message points to the presets."),
      502: refusal("The site's posts could not be read (message gives the platform's reason)."),
      503: refusal("The store is reached through the Shopify app, which is not configured here."),
    },
  },
  saveVoice: {
    method: "PUT",
    path: "/voice",
    summary: "Start from a preset, or save the owner's edits to the site's voice",
    caller: "user",
    body: saveSiteVoiceRequestSchema,
    responses: {
      200: ok("The voice as saved.", siteVoiceSchema),
      400: badRequest("Bad input: a preset and settings both or neither, or a setting out of range."),
      413: tooLarge,
      401: signedOut,
      403: otherSite,
      404: notConnected,
    },
  },
} as const satisfies Record<string, RouteContract>;
