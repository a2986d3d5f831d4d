import { z } from "zod";

export const planNames = ["free", "starter", "professional", "enterprise"] as const;
export type PlanName = (typeof planNames)[number];

export const subscriptionStatuses = ["free", "active", "cancelled", "past_due"] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

export const planViewSchema = z.object({
  id: z.number().int(),
  name: z.enum(planNames),
  displayName: z.string(),
  description: z.string().nullable(),
  price: z.number(),
  interval: z.enum(["month", "year"]),
  features: z.array(z.string()),
  blogPostLimit: z.number(),
  isActive: z.boolean(),
  /** Whether choosing this plan can go ahead on the site: always for free; for a paid plan only when online payments
   * are configured; never for enterprise, which is arranged with sales (the pricing page links to /contact). */
  checkoutAvailable: z.boolean(),
});
export type PlanView = z.infer<typeof planViewSchema>;

export const checkoutSchema = z.object({
  planId: z.coerce.number({ error: "Choose a plan" }).int().positive("Choose a plan"),
});

export const checkoutSuccessSchema = z.object({
  sessionId: z.string({ error: "No session ID found" }).trim().min(1, "No session ID found").max(300),
});

/** What a plan without scheduling is told: the server's 403, and the schedule dialog before a time is picked. */
export const SCHEDULING_NOT_INCLUDED =
  "Scheduling is available on the Starter plan and above. Upgrade to schedule posts.";

export const subscriptionDetailsSchema = z.object({
  subscriptionPlan: z.enum(planNames),
  subscriptionStatus: z.enum(subscriptionStatuses),
  subscriptionEndDate: z.iso.datetime().nullable(),
  /** canSchedule: whether the plan schedules posts (the schedule dialog says so before a time is picked). */
  tierInfo: z.object({
    plan: z.enum(planNames),
    blogPostLimit: z.number(),
    usageRemaining: z.number(),
    features: z.array(z.string()),
    canSchedule: z.boolean(),
  }),
  usage: z.object({ blogPostsGenerated: z.number(), blogPostsPublished: z.number() }),
  billingEnabled: z.boolean(),
});
export type SubscriptionDetails = z.infer<typeof subscriptionDetailsSchema>;

/** GET /api/subscription/current: the plan part of the details. */
export const currentSubscriptionSchema = subscriptionDetailsSchema.pick({
  subscriptionPlan: true,
  subscriptionStatus: true,
  subscriptionEndDate: true,
});

/** POST /api/subscription/checkout: a paid plan answers the payment page's url; the free plan answers {}. */
export const checkoutAnswerSchema = z.object({ url: z.string().optional() });

/** POST /api/subscription/billing-portal: the payment provider's page for the member's billing. */
export const billingPortalAnswerSchema = z.object({ url: z.string() });

export const adminSetSubscriptionSchema = z.object({
  userId: z.coerce.number({ error: "Please select user, plan, and status" }).int().positive("Please select user, plan, and status"),
  planName: z.enum(["free", "starter", "professional", "enterprise"], { error: "Please select user, plan, and status" }),
  status: z.enum(["free", "active", "cancelled", "past_due"], { error: "Please select user, plan, and status" }),
});

export const adminUserRowSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  planName: z.enum(planNames),
  status: z.enum(subscriptionStatuses),
  blogsUsed: z.number(),
  maxBlogs: z.number(),
  createdAt: z.iso.datetime(),
  currentPeriodEnd: z.iso.datetime().nullable(),
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;
