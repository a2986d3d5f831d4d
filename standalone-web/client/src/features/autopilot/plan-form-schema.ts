// The autopilot forms' rules, with the API's own messages: a plan's settings (name, cadence, posts ahead, mode), where
// a new plan publishes, a title with its keywords (typed as one comma-separated string) and notes, and the niche that
// ideas are asked for.
import { keywordsSchema, timeZoneSchema } from "@postwright/core/contracts";
import { z } from "zod";

export const POSTS_AHEAD_MAX = 14;

const postsAheadMessage = `Prepare between 1 and ${POSTS_AHEAD_MAX} posts ahead.`;

export const planSettingsSchema = z.object({
  name: z.string().trim().min(1, "Give the plan a name.").max(100, "Keep the name under 100 characters."),
  weekdays: z
    .array(z.number().int().min(1).max(7))
    .min(1, "Choose at least one weekday to publish on.")
    .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
  time: z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, "Give the time as HH:MM, for example 09:30."),
  timeZone: timeZoneSchema,
  // A number field gives its text: empty, or digits.
  postsAhead: z
    .string()
    .trim()
    .regex(/^\d+$/, postsAheadMessage)
    .transform(Number)
    .pipe(z.number().int().min(1, postsAheadMessage).max(POSTS_AHEAD_MAX, postsAheadMessage)),
  mode: z.enum(["review", "auto"]),
});

export const createPlanSchema = planSettingsSchema.extend({
  platform: z.enum(["shopify", "wordpress"], { error: "Choose where to publish." }),
});

export type PlanSettingsValues = z.input<typeof planSettingsSchema>;
export type PlanSettings = z.output<typeof planSettingsSchema>;
export type CreatePlanValues = z.input<typeof createPlanSchema>;
export type CreatePlanFields = z.output<typeof createPlanSchema>;

export const planItemSchema = z.object({
  title: z.string().trim().min(1, "Give the title.").max(200, "Keep titles under 200 characters."),
  keywords: keywordsSchema.pipe(z.array(z.string()).max(10, "Give at most 10 keywords for each title.")),
  notes: z
    .string()
    .trim()
    .max(2_000, "Keep the notes under 2,000 characters.")
    .transform((notes) => notes || null),
});

export type PlanItemValues = z.input<typeof planItemSchema>;
export type PlanItemFields = z.output<typeof planItemSchema>;

export const emptyPlanItem = { title: "", keywords: "", notes: "" } as const;

const nicheMessage = "Describe your niche, for example organic gardening supplies.";

export const ideasRequestSchema = z.object({
  niche: z.string().trim().min(2, nicheMessage).max(200, "Keep the niche under 200 characters."),
});

export type IdeasRequestValues = z.input<typeof ideasRequestSchema>;
export type IdeasRequest = z.output<typeof ideasRequestSchema>;
