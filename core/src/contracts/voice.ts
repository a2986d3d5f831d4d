// The owner's voice for one connected site ("Brand voice"): how their own posts read, as the writers follow it and
// the surfaces show and edit it.
//   GET  /api/voice                      -> { sites: SiteVoice[] }
//   POST /api/voice/derive               { platform, connectionId }  -> SiteVoice  (read from the site's posts)
//   PUT  /api/voice                      { platform, connectionId, voice | preset }  -> SiteVoice
import { z } from "zod";

export const voicePersonValues = ["I", "we", "you"] as const;
export const voiceFormalityValues = ["formal", "neutral", "casual"] as const;
export const voiceSpellingValues = ["US", "UK"] as const;
export const voiceClosingValues = ["question", "call-to-action", "summary", "sign-off"] as const;
export const voicePresetIds = ["friendly-expert", "formal-business", "casual-short", "founder"] as const;
export type VoicePresetId = (typeof voicePresetIds)[number];

const spread = z.object({
  /** Mean. */
  mean: z.number().min(0).max(200),
  /** Standard deviation. */
  spread: z.number().min(0).max(200),
});

/** What the writers follow and the surfaces show; the owner may edit all of it. */
export const voiceSettingsSchema = z.object({
  /** Who the posts speak as: "I" (a founder, a blogger), "we" (a company), or mostly to "you". */
  person: z.enum(voicePersonValues),
  formality: z.enum(voiceFormalityValues),
  /** Words per sentence. */
  sentenceWords: spread,
  /** Sentences per paragraph. */
  paragraphSentences: spread,
  headingsPer1000Words: z.number().min(0).max(100),
  listsPer1000Words: z.number().min(0).max(100),
  spelling: z.enum(voiceSpellingValues),
  /** Words the owner uses often (and writers may use). */
  wordsUsed: z.array(z.string().trim().min(1).max(40)).max(20),
  /** Words the owner never uses (writers avoid them). */
  wordsAvoided: z.array(z.string().trim().min(1).max(40)).max(20),
  closing: z.enum(voiceClosingValues),
  /** How a post of theirs ends, in their words (a last line), or null. */
  closingExample: z.string().max(300).nullable(),
});
export type VoiceSettings = z.infer<typeof voiceSettingsSchema>;

/** The measured side of a voice: what the stylometric distance compares a text with. */
export const voiceFingerprintSchema = z.object({
  /** Share of each function word among the function words counted (null for a preset or a voice written by hand). */
  functionWords: z.record(z.string(), z.number()).nullable(),
  /** Share of sentences in each length band (see SENTENCE_BANDS in core/src/voice). */
  sentenceBands: z.array(z.number()),
  /** Shares of first person singular, first person plural and second person among those pronouns. */
  person: z.object({ I: z.number(), we: z.number(), you: z.number() }),
  /** Share of British spellings among the words spelt differently in the US and the UK (null when none was seen). */
  ukShare: z.number().min(0).max(1).nullable(),
});
export type VoiceFingerprint = z.infer<typeof voiceFingerprintSchema>;

export const voiceProfileSchema = voiceSettingsSchema.extend({
  /** Where it came from: the site's posts, a preset, or the owner's own edits. */
  source: z.enum(["posts", "preset", "edited"]),
  presetId: z.enum(voicePresetIds).nullable(),
  /** How many posts it was read from (0 for a preset). */
  postsRead: z.number().int().min(0),
  fingerprint: voiceFingerprintSchema,
});
export type VoiceProfile = z.infer<typeof voiceProfileSchema>;

/** How close a written post is to the voice: a measured distance (0 = same style, 1 = nothing in common). */
export const voiceMatchSchema = z.object({
  distance: z.number().min(0).max(1),
  /** 100 x (1 - distance), rounded, for display. */
  match: z.number().int().min(0).max(100),
  /** Each part of the distance (0-1): function words, sentence lengths, person, spelling (null where not measured). */
  parts: z.object({
    functionWords: z.number().nullable(),
    sentenceLengths: z.number(),
    person: z.number(),
    spelling: z.number().nullable(),
  }),
});
export type VoiceMatch = z.infer<typeof voiceMatchSchema>;

const platform = z.enum(["shopify", "wordpress"]);

/** One connected site's voice as the surfaces show it. */
export const siteVoiceSchema = z.object({
  platform,
  connectionId: z.number().int(),
  siteName: z.string(),
  siteUrl: z.string(),
  /** Null until the voice is read from the site's posts, chosen from a preset or written by hand. */
  voice: voiceProfileSchema.nullable(),
  /** The voice in plain words, one line per trait (empty without a voice). */
  description: z.array(z.string()),
  /** A short paragraph written in the voice (null without a voice). */
  example: z.string().nullable(),
});
export type SiteVoice = z.infer<typeof siteVoiceSchema>;

export const voicePresetSchema = z.object({
  id: z.enum(voicePresetIds),
  name: z.string(),
  summary: z.string(),
});

export const siteVoicesResponseSchema = z.object({
  sites: z.array(siteVoiceSchema),
  presets: z.array(voicePresetSchema),
});
export type SiteVoicesResponse = z.infer<typeof siteVoicesResponseSchema>;

const siteRef = {
  platform: platform.refine(Boolean, { message: "Choose a Shopify store or a WordPress site." }),
  connectionId: z.coerce.number({ message: "Choose one of your connected sites." }).int().positive(),
};

export const deriveSiteVoiceRequestSchema = z.object(siteRef);
export type DeriveSiteVoiceRequest = z.infer<typeof deriveSiteVoiceRequestSchema>;

/** Either a preset to start from, or the voice's settings as the owner edited them. */
export const saveSiteVoiceRequestSchema = z
  .object({
    ...siteRef,
    preset: z.enum(voicePresetIds, { message: "Choose one of the preset voices." }).optional(),
    voice: voiceSettingsSchema.optional(),
  })
  .refine((body) => (body.preset === undefined) !== (body.voice === undefined), {
    message: "Send either a preset or your voice's settings.",
  });
export type SaveSiteVoiceRequest = z.infer<typeof saveSiteVoiceRequestSchema>;

/** The plugin's view (GET /api/v1/voice): its own site's voice, and the presets. */
export const pluginSiteVoiceResponseSchema = z.object({
  site: siteVoiceSchema,
  presets: z.array(voicePresetSchema),
});
export type PluginSiteVoiceResponse = z.infer<typeof pluginSiteVoiceResponseSchema>;

/** PUT /api/v1/voice: a preset or the edited settings, for the credential's own site (the body names no site). */
export const pluginSaveVoiceRequestSchema = z
  .object({
    preset: z.enum(voicePresetIds, { message: "Choose one of the preset voices." }).optional(),
    voice: voiceSettingsSchema.optional(),
  })
  .strict()
  .refine((body) => (body.preset === undefined) !== (body.voice === undefined), {
    message: "Send either a preset or your voice's settings.",
  });
export type PluginSaveVoiceRequest = z.infer<typeof pluginSaveVoiceRequestSchema>;
