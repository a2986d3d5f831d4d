// The autopilot's views as zod schemas, for the plugin API's OpenAPI document (api-v1-openapi.ts). Each is checked
// against its TypeScript view in autopilot.ts, so the document cannot drift from what the server answers.
import { z } from "zod";
import {
  planItemActions,
  planItemStatuses,
  type ContentPlanDetailView,
  type ContentPlanItemView,
  type ContentPlanListResponse,
  type ContentPlanView,
  type PlanIdeasResponse,
  type PlanItemsPage,
} from "./autopilot.ts";

const planItemStatusSchema = z.enum(planItemStatuses);

export const contentPlanItemViewSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  keywords: z.array(z.string()),
  notes: z.string().nullable(),
  position: z.number().int(),
  preferredDate: z.string().nullable(),
  slotAt: z.string().nullable(),
  status: planItemStatusSchema,
  post: z.object({ id: z.number().int(), title: z.string(), seoScore: z.number(), status: z.string() }).nullable(),
  lastError: z.string().nullable(),
  actions: z.array(z.enum(planItemActions)),
}) satisfies z.ZodType<ContentPlanItemView>;

export const contentPlanViewSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  platform: z.enum(["shopify", "wordpress"]),
  connectionId: z.number().int().nullable(),
  blogId: z.string().nullable(),
  cadence: z.object({ weekdays: z.array(z.number().int()), time: z.string(), timeZone: z.string() }),
  postsAhead: z.number().int(),
  mode: z.enum(["review", "auto"]),
  queueRefreshes: z.boolean(),
  status: z.enum(["active", "paused"]),
  pausedReason: z.string().nullable(),
  needsUpgrade: z.boolean(),
  canResume: z.boolean(),
  nextSlotAt: z.string().nullable(),
  delayNotice: z.string().nullable(),
  counts: z.record(planItemStatusSchema, z.number().int()),
  createdAt: z.string(),
}) satisfies z.ZodType<ContentPlanView>;

export const planItemsPageViewSchema = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
}) satisfies z.ZodType<PlanItemsPage>;

export const contentPlanDetailViewSchema = contentPlanViewSchema.extend({
  items: z.array(contentPlanItemViewSchema),
  itemsPage: planItemsPageViewSchema,
  refreshes: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      url: z.string(),
      state: z.string(),
      slotAt: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
}) satisfies z.ZodType<ContentPlanDetailView>;

export const contentPlanListResponseSchema = z.object({
  plans: z.array(contentPlanViewSchema),
}) satisfies z.ZodType<ContentPlanListResponse>;

export const planItemsAddedSchema = z.object({ added: z.number().int() });

export const planIdeasResponseSchema = z.object({
  ideas: z.array(
    z.object({
      title: z.string(),
      keywords: z.array(z.string()),
      overlap: z.object({ title: z.string(), percent: z.number() }).nullable(),
    }),
  ),
  excluded: z.number().int(),
}) satisfies z.ZodType<PlanIdeasResponse>;
