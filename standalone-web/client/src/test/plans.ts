import type { PlanView } from "@postwright/core/contracts";

const plan = (p: Omit<PlanView, "description" | "isActive" | "checkoutAvailable"> & Partial<PlanView>): PlanView => ({
  description: null,
  isActive: true,
  checkoutAvailable: p.name !== "enterprise",
  ...p,
});

/** A plan list shaped like the API's answer with payments on: monthly and yearly rows, enterprise priced by sales. */
export const samplePlans: PlanView[] = [
  plan({
    id: 5,
    name: "professional",
    displayName: "Professional",
    price: 5900,
    interval: "month",
    features: ["100 blog posts per month"],
    blogPostLimit: 100,
  }),
  plan({
    id: 1,
    name: "free",
    displayName: "Free",
    price: 0,
    interval: "month",
    features: ["5 blog posts per month"],
    blogPostLimit: 5,
  }),
  plan({
    id: 2,
    name: "starter",
    displayName: "Starter",
    price: 2900,
    interval: "month",
    features: ["40 blog posts per month"],
    blogPostLimit: 40,
  }),
  plan({
    id: 3,
    name: "starter",
    displayName: "Starter",
    price: 27840,
    interval: "year",
    features: ["40 blog posts per month"],
    blogPostLimit: 40,
  }),
  plan({
    id: 6,
    name: "professional",
    displayName: "Professional",
    price: 56640,
    interval: "year",
    features: ["100 blog posts per month"],
    blogPostLimit: 100,
  }),
  plan({
    id: 7,
    name: "enterprise",
    displayName: "Enterprise",
    price: 0,
    interval: "month",
    features: ["Unlimited blog generation"],
    blogPostLimit: -1,
  }),
  plan({
    id: 8,
    name: "enterprise",
    displayName: "Enterprise",
    price: 0,
    interval: "year",
    features: ["Unlimited blog generation"],
    blogPostLimit: -1,
  }),
  plan({
    id: 9,
    name: "starter",
    displayName: "Starter (retired)",
    price: 1900,
    interval: "month",
    features: [],
    blogPostLimit: 20,
    isActive: false,
  }),
];

/** The same list from a site without online payments: only the free plan can be taken online. */
export const samplePlansWithoutPayments: PlanView[] = samplePlans.map((p) => ({
  ...p,
  checkoutAvailable: p.name === "free",
}));
