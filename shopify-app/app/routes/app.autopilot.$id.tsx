// One autopilot plan: pause or resume it (and why the autopilot paused it), review its drafts (open, approve, skip),
// see what is coming, published, skipped or failed (as lists, or on a month calendar; 50 titles a page, ?page=2 for the
// next), add titles by hand or from a CSV file, remove a waiting title, and delete the plan. Every rule is the core's (@postwright/core/autopilot); each
// action is one intent of one form.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { Badge, BlockStack, Layout, Page } from "@shopify/polaris";
import { useState } from "react";
import {
  contentPlanView,
  formatSlot,
  parsePlanId,
  planActions,
  planIdeasSchema,
  planItemSchema,
  type PlanItemInput,
} from "@postwright/core/autopilot";
import { badRequest, isAppError, parseInput } from "@postwright/core/errors";
import { actionError, loaderError } from "../action-error.server";
import { readForm } from "../read-form.server";
import { cadenceText, modeLabel, planStatusLabel } from "../autopilot-format";
import { AddTitleForm } from "../components/autopilot/add-title-form";
import { IdeasForm } from "../components/autopilot/ideas-form";
import { ImportCsvForm } from "../components/autopilot/import-csv-form";
import { NextSlotCard } from "../components/autopilot/next-slot-card";
import { PlanBanners, usePlanStatus } from "../components/autopilot/plan-status";
import { PlanRefreshesCard } from "../components/autopilot/plan-refreshes-card";
import { PlanTitles } from "../components/autopilot/plan-titles";
import type { CsvProblem } from "../components/autopilot/types";
import { useActionToast } from "../use-action-toast";
import { shopAccount } from "../shop-account.server";
import { writerFor } from "../context.server";
import { authenticate } from "../shopify.server";

export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  try {
    const { ctx, user } = await shopAccount(session.shop, admin);
    // One page of titles: the address's ?page (and ?pageSize), checked by the core (400 with its message otherwise).
    const query = new URL(request.url).searchParams;
    const plan = await contentPlanView({ prisma: ctx.db.prisma }, user.id, parsePlanId(params.id), new Date(), {
      page: query.get("page") ?? undefined,
      pageSize: query.get("pageSize") ?? undefined,
    });
    // Slots read in the plan's own time zone, as the merchant set it.
    const slot = (iso: string | null) => (iso ? formatSlot(new Date(iso), plan.cadence.timeZone) : null);
    return {
      plan: {
        ...plan,
        nextSlot: slot(plan.nextSlotAt),
        items: plan.items.map((i) => ({ ...i, slot: slot(i.slotAt) })),
      },
      // The autopilot's reasons that a better plan fixes (no scheduling on this plan, the month's posts used up).
      upgrade: plan.needsUpgrade,
    };
  } catch (error) {
    throw loaderError(error);
  }
};

export const action = async ({ request, params }: ActionFunctionArgs) => {
  const { session, admin, redirect } = await authenticate.admin(request);
  try {
    const { ctx, user } = await shopAccount(session.shop, admin);
    const plans = planActions({ db: ctx.db, writer: writerFor(ctx) }, { userId: user.id });
    const planId = params.id;
    const form = await readForm(request);
    const intent = String(form.get("intent") ?? "");
    const itemId = form.get("itemId");
    // Each action is the core's (the titles take their slots again after any change that frees or fills one).
    switch (intent) {
      case "pause":
        await plans.update(planId, { status: "paused" });
        return { intent, message: "Plan paused" };
      case "resume":
        await plans.update(planId, { status: "active" });
        return { intent, message: "Plan resumed" };
      case "refreshes-on":
      case "refreshes-off":
        await plans.update(planId, { queueRefreshes: intent === "refreshes-on" });
        return {
          intent,
          message: intent === "refreshes-on" ? "Refreshes turned on" : "Refreshes turned off",
        };
      case "add": {
        const keywords = String(form.get("keywords") ?? "")
          .split(",")
          .map((k) => k.trim())
          .filter(Boolean);
        const notes = String(form.get("notes") ?? "").trim();
        await plans.addItems(planId, [{ title: String(form.get("title") ?? ""), keywords, notes: notes || null }]);
        return { intent, message: "Title added" };
      }
      case "import": {
        const { added } = await plans.importCsv(planId, String(form.get("csv") ?? ""));
        return { intent, message: added === 1 ? "1 title imported" : `${added} titles imported` };
      }
      case "approve":
        await plans.approveItem(planId, itemId);
        return { intent, message: "Approved: it will be published in its slot" };
      case "skip":
        await plans.skipItem(planId, itemId);
        return { intent, message: "Skipped: it will not be published" };
      case "earlier":
      case "later":
        await plans.moveItem(planId, itemId, { direction: intent });
        return { intent, message: intent === "earlier" ? "Moved earlier" : "Moved later" };
      case "remove":
        await plans.removeItem(planId, itemId);
        return { intent, message: "Title removed" };
      case "ideas": {
        const answer = await plans.suggestIdeas(
          planId,
          parseInput(planIdeasSchema, { niche: String(form.get("niche") ?? "") }),
        );
        return { intent, ...answer };
      }
      case "add-ideas": {
        // Each chosen idea comes back as the JSON of its title and keywords, checked as a typed title.
        const items: PlanItemInput[] = form.getAll("idea").map((value) => {
          try {
            const idea = JSON.parse(String(value)) as { title?: unknown; keywords?: unknown };
            return parseInput(planItemSchema, { title: idea.title, keywords: idea.keywords, notes: null });
          } catch (error) {
            if (isAppError(error)) throw error;
            throw badRequest("Choose ideas from the list.");
          }
        });
        await plans.addItems(planId, items);
        return { intent, message: items.length === 1 ? "Title added" : `${items.length} titles added` };
      }
      case "delete":
        await plans.remove(planId);
        return redirect("/app/autopilot");
      default:
        throw badRequest("Unknown action.");
    }
  } catch (error) {
    // A refused CSV file: every row to fix, with its line.
    const problems = isAppError(error) ? error.details?.problems : undefined;
    if (isAppError(error) && Array.isArray(problems)) {
      return data(
        {
          message: error.message,
          status: error.status,
          code: error.code,
          problems: problems as CsvProblem[],
        },
        { status: error.status },
      );
    }
    return actionError(error);
  }
};

// Another view, or another month of the calendar, shows the plan already loaded; anything else (an action, another
// page) loads it again.
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => {
  const withoutView = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete("view");
    params.delete("month");
    return `${url.pathname}?${params}`;
  };
  if (!formMethod && withoutView(currentUrl) === withoutView(nextUrl)) return false;
  return defaultShouldRevalidate;
};

export default function AutopilotPlan() {
  const { plan, upgrade } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  useActionToast(answer);
  const status = usePlanStatus(plan);
  const [confirmDelete, setConfirmDelete] = useState(false);
  return (
    <Page
      title={plan.name}
      titleMetadata={<Badge tone={status.paused ? "warning" : "success"}>{planStatusLabel[plan.status]}</Badge>}
      subtitle={`${cadenceText(plan.cadence)}. ${modeLabel[plan.mode]}.`}
      backAction={{ content: "Autopilot", url: "/app/autopilot" }}
      primaryAction={status.primaryAction}
      secondaryActions={[{ content: "Delete plan", destructive: true, onAction: () => setConfirmDelete(true) }]}
    >
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            <PlanBanners
              plan={plan}
              upgrade={upgrade}
              status={status}
              answer={answer}
              confirmDelete={confirmDelete}
              onKeep={() => setConfirmDelete(false)}
            />
            <PlanTitles plan={plan} />
          </BlockStack>
        </Layout.Section>
        <Layout.Section variant="oneThird">
          <BlockStack gap="400">
            <NextSlotCard plan={plan} />
            <PlanRefreshesCard plan={plan} />
            <AddTitleForm answer={answer} />
            <IdeasForm answer={answer} />
            <ImportCsvForm answer={answer} />
          </BlockStack>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
