import { z } from "zod";

export const planNames = ["free", "starter", "professional", "enterprise"] as const;
export type PlanName = (typeof planNames)[number];

export const subscriptionStatuses = ["free", "active", "cancelled", "past_due"] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

export interface PlanView {
  id: number;
  name: PlanName;
  displayName: string;
  description: string | null;
  price: number;
  interval: "month" | "year";
  features: string[];
  blogPostLimit: number;
  isActive: boolean;
  /** Whether choosing this plan can go ahead on the site: always for free; for a paid plan only when online payments
   * are configured; never for enterprise, which is arranged with sales (the pricing page links to /contact). */
  checkoutAvailable: boolean;
}

export const checkoutSchema = z.object({
  planId: z.coerce.number({ error: "Choose a plan" }).int().positive("Choose a plan"),
});

export const checkoutSuccessSchema = z.object({
  sessionId: z.string({ error: "No session ID found" }).trim().min(1, "No session ID found").max(300),
});

/** What a plan without scheduling is told: the server's 403, and the schedule dialog before a time is picked. */
export const SCHEDULING_NOT_INCLUDED =
  "Scheduling is available on the Starter plan and above. Upgrade to schedule posts.";

export interface SubscriptionDetails {
  subscriptionPlan: PlanName;
  subscriptionStatus: SubscriptionStatus;
  subscriptionEndDate: string | null;
  /** canSchedule: whether the plan schedules posts (the schedule dialog says so before a time is picked). */
  tierInfo: { plan: PlanName; blogPostLimit: number; usageRemaining: number; features: string[]; canSchedule: boolean };
  usage: { blogPostsGenerated: number; blogPostsPublished: number };
  billingEnabled: boolean;
}

export const adminSetSubscriptionSchema = z.object({
  userId: z.coerce.number({ error: "Please select user, plan, and status" }).int().positive("Please select user, plan, and status"),
  planName: z.enum(["free", "starter", "professional", "enterprise"], { error: "Please select user, plan, and status" }),
  status: z.enum(["free", "active", "cancelled", "past_due"], { error: "Please select user, plan, and status" }),
});

export interface AdminUserRow {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  planName: PlanName;
  status: SubscriptionStatus;
  blogsUsed: number;
  maxBlogs: number;
  createdAt: string;
  currentPeriodEnd: string | null;
}
