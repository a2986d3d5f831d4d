// The autopilot's content plans on the site's own API (/content-plans): the same routes, queries, bodies and answers
// as the plugin API's (api-v1.ts), taken from there, as the signed-in member calls them: the member's own plans, on any
// of their sites or stores, signed-out and CSRF answers instead of the site credential's, and a create body that names
// the plan's target (platform, connectionId, blogId) where the plugin's is always its own site.
import { apiV1Contract as pluginApi, type RouteContract } from "../api-v1.ts";
import { createContentPlanSchema } from "../autopilot-requests.ts";
import { otherSite, otherSiteOr, refusal, signedOut, tooLarge } from "./answers.ts";

type Answer = RouteContract["responses"][number];

/** The plugin API's answers for its site credential, which a member's call does not give (replaced below). */
type SiteCredentialStatus = 401 | 403 | 404 | 429;
const siteCredentialStatuses: readonly number[] = [401, 403, 404, 429] satisfies SiteCredentialStatus[];

/** A plugin API content-plan route as the signed-in member calls it, with these `errors` (and `summary`) of its own. */
function forMember<R extends RouteContract, E extends Record<number, Answer>>(
  route: R,
  errors: E,
  summary: string = route.summary,
) {
  const kept = Object.entries(route.responses).filter(([status]) => !siteCredentialStatuses.includes(Number(status)));
  return {
    ...route,
    summary,
    caller: "user",
    responses: { ...Object.fromEntries(kept), 401: signedOut, ...errors },
  } as Omit<R, "summary" | "caller" | "responses"> & {
    summary: string;
    caller: "user";
    responses: Omit<R["responses"], SiteCredentialStatus> & { 401: typeof signedOut } & E;
  };
}

const noPlan = refusal("No such plan among the member's.");
const noTitle = refusal("No such plan among the member's, or no such title in it.");
const planLimit = otherSiteOr(
  "the account's plan allows no more (content plans, titles per plan) or does not include this; message says which plan does",
);
/** A write that needs no more of the account's plan: refused only by the CSRF guard. */
const write = { 403: otherSite, 413: tooLarge } as const;

export const contentPlanRoutes = {
  listContentPlans: forMember(pluginApi.listContentPlans, {}, "The member's content plans"),
  createContentPlan: {
    ...forMember(
      pluginApi.createContentPlan,
      { 403: planLimit, 413: tooLarge },
      "Create a plan that publishes to one of the member's sites or stores (platform, connectionId, blogId)",
    ),
    body: createContentPlanSchema,
  },
  getContentPlan: forMember(pluginApi.getContentPlan, { 404: noPlan }),
  updateContentPlan: forMember(pluginApi.updateContentPlan, {
    403: planLimit,
    404: noPlan,
    413: tooLarge,
  }),
  deleteContentPlan: forMember(pluginApi.deleteContentPlan, {
    403: otherSite,
    404: noPlan,
  }),
  addPlanItems: forMember(pluginApi.addPlanItems, {
    403: planLimit,
    404: noPlan,
    413: tooLarge,
  }),
  importPlanCsv: forMember(pluginApi.importPlanCsv, {
    403: planLimit,
    404: noPlan,
    413: tooLarge,
  }),
  suggestPlanIdeas: forMember(pluginApi.suggestPlanIdeas, {
    403: otherSite,
    404: noPlan,
    413: tooLarge,
    429: refusal("This month's title suggestions of the account's plan are used up (message says so)."),
  }),
  updatePlanItem: forMember(pluginApi.updatePlanItem, { ...write, 404: noTitle }),
  removePlanItem: forMember(pluginApi.removePlanItem, {
    403: otherSite,
    404: noTitle,
  }),
  approvePlanItem: forMember(pluginApi.approvePlanItem, {
    403: planLimit,
    404: noTitle,
  }),
  skipPlanItem: forMember(pluginApi.skipPlanItem, { 403: otherSite, 404: noTitle }),
  movePlanItem: forMember(pluginApi.movePlanItem, { ...write, 404: noTitle }),
} as const satisfies Record<string, RouteContract>;
