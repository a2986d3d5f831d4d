// The autopilot's request bodies (content plans and their titles), with the messages a person reads when one does not
// fit. The core's autopilot parses with them, and the plugin API's contract (api-v1.ts) declares its routes with them.
import { z } from "zod";
import { isKnownTimeZone, TIME_ZONE_MESSAGE } from "./account.ts";

/** The longest keyword of a plan's title, typed or imported (as the API's generate request allows). */
export const PLAN_KEYWORD_MAX = 100;

/** Weekdays as ISO numbers: 1 Monday ... 7 Sunday. */
export const weekdaySchema = z
  .number()
  .int()
  .min(1, "Choose weekdays from Monday to Sunday.")
  .max(7, "Choose weekdays from Monday to Sunday.");

export const cadenceSchema = z.object({
  weekdays: z
    .array(weekdaySchema)
    .min(1, "Choose at least one weekday to publish on.")
    .max(7)
    .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
  /** Local time, 24-hour "HH:MM". */
  time: z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, "Give the time as HH:MM, for example 09:30."),
  timeZone: z.string().refine(isKnownTimeZone, TIME_ZONE_MESSAGE),
});

export const createContentPlanSchema = z.object({
  name: z.string().trim().min(1, "Give the plan a name.").max(100, "Keep the name under 100 characters."),
  platform: z.enum(["shopify", "wordpress"], { message: "Choose Shopify or WordPress." }),
  connectionId: z.number().int().positive().nullable().default(null),
  blogId: z.string().max(200).nullable().default(null),
  cadence: cadenceSchema,
  postsAhead: z
    .number()
    .int()
    .min(1, "Prepare at least one post ahead.")
    .max(14, "Prepare at most 14 posts ahead.")
    .default(3),
  mode: z.enum(["review", "auto"]).default("review"),
  /** Also propose refreshes of the site's existing posts, each taking one of the plan's slots, for review. */
  queueRefreshes: z.boolean().default(false),
});
export type CreateContentPlanInput = z.input<typeof createContentPlanSchema>;

export const planItemSchema = z.object({
  title: z.string().trim().min(1, "Give each title.").max(200, "Keep titles under 200 characters."),
  keywords: z
    .array(
      z.string().trim().min(1).max(PLAN_KEYWORD_MAX, `Keep each keyword to ${PLAN_KEYWORD_MAX} characters or fewer.`),
    )
    .min(1, "Give at least one keyword for each title.")
    .max(10, "Give at most 10 keywords for each title."),
  notes: z.string().trim().max(2_000).nullable().default(null),
});

export const updateContentPlanSchema = z
  .object({
    name: createContentPlanSchema.shape.name,
    cadence: cadenceSchema,
    postsAhead: createContentPlanSchema.shape.postsAhead.unwrap(),
    mode: z.enum(["review", "auto"], { message: 'Choose "review" or "auto".' }),
    queueRefreshes: z.boolean({ message: "Say whether the plan proposes refreshes (true or false)." }),
    status: z.enum(["active", "paused"], { message: 'Choose "active" or "paused".' }),
  })
  .partial()
  .strict();

/** How many of a plan's titles one view holds unless the address asks otherwise, and at most. */
export const PLAN_ITEMS_PAGE_SIZE = 50;
export const PLAN_ITEMS_PAGE_SIZE_MAX = 200;
/** The last page anyone may ask for (a plan holds at most a few thousand titles). */
export const PLAN_ITEMS_PAGE_MAX = 10_000;

const pageMessage = `Give page as a whole number from 1 to ${PLAN_ITEMS_PAGE_MAX.toLocaleString("en-US")}.`;
const pageSizeMessage = `Give pageSize as a whole number from 1 to ${PLAN_ITEMS_PAGE_SIZE_MAX}.`;

/**
 * Which page of a plan's titles to show, from the address (?page=2&pageSize=50): strings from a query string or
 * numbers. Other parameters are left alone (an embedded app's address carries its own).
 */
export const planItemsPageSchema = z.object({
  page: z.coerce
    .number({ message: pageMessage })
    .int(pageMessage)
    .min(1, pageMessage)
    .max(PLAN_ITEMS_PAGE_MAX, pageMessage)
    .default(1),
  pageSize: z.coerce
    .number({ message: pageSizeMessage })
    .int(pageSizeMessage)
    .min(1, pageSizeMessage)
    .max(PLAN_ITEMS_PAGE_SIZE_MAX, pageSizeMessage)
    .default(PLAN_ITEMS_PAGE_SIZE),
});
export type PlanItemsPageQuery = z.input<typeof planItemsPageSchema>;

export const movePlanItemSchema = z.object({
  direction: z.enum(["earlier", "later"], { message: 'Choose "earlier" or "later".' }),
});

export const planIdeasSchema = z.object({
  niche: z
    .string({ message: "Describe your niche, for example organic gardening supplies." })
    .trim()
    .min(2, "Describe your niche, for example organic gardening supplies.")
    .max(200, "Keep the niche under 200 characters."),
  count: z.number().int().min(1).max(20, "Ask for at most 20 ideas at a time.").default(10),
});

/** Titles added to a plan by hand (the core checks them all or nothing: at least one, at most 100 at a time). */
export const addPlanItemsSchema = z.object({
  items: z
    .array(planItemSchema)
    .min(1, "Give at least one title.")
    .max(100, "Add at most 100 titles at a time; import a CSV file for more."),
});

export const importPlanCsvSchema = z.object({
  csv: z
    .string({ message: "Send the CSV file's text in csv." })
    .max(1_000_000, "Import at most 1 MB of CSV at a time."),
});

/** A plan created by a connected WordPress site: it always publishes to that site, so the body names no target. */
export const siteContentPlanSchema = createContentPlanSchema.omit({ platform: true, connectionId: true, blogId: true });
