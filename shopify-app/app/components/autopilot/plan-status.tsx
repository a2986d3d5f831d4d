// The plan's state and what changes it: Pause or Resume (or, when the shop's plan cannot run it, See plans), and the
// banners above its titles: a failed action, a paused plan and why, a delayed preparation, and deleting the plan.
import { Form, useSubmit } from "@remix-run/react";
import { Banner, BlockStack, Button, InlineStack } from "@shopify/polaris";
import { FailureBanner } from "../../failure-banner";
import { useSubmittingIntent } from "./plan-hooks";
import type { LoadedPlan, PlanAnswer } from "./types";

const seePlans = { content: "See plans", url: "/app/plans" };

/** The page's primary action and the paused banner's, from the plan's status. */
export function usePlanStatus(plan: Pick<LoadedPlan, "status" | "canResume">) {
  const busyWith = useSubmittingIntent();
  const submit = useSubmit();
  const setStatus = (intent: "pause" | "resume") => submit({ intent }, { method: "post" });
  const paused = plan.status === "paused";
  // While the shop's plan cannot run the plan (no scheduling), Resume cannot work: the upgrade is offered instead.
  const upgradeInstead = paused && !plan.canResume;
  const resume = { content: "Resume", onAction: () => setStatus("resume"), loading: busyWith === "resume" };
  const pause = { content: "Pause", onAction: () => setStatus("pause"), loading: busyWith === "pause" };
  return {
    paused,
    upgradeInstead,
    primaryAction: upgradeInstead ? seePlans : paused ? resume : pause,
    resumeAction: upgradeInstead ? seePlans : resume,
  };
}

export type PlanStatus = ReturnType<typeof usePlanStatus>;

export function PlanBanners({
  plan,
  upgrade,
  status,
  answer,
  confirmDelete,
  onKeep,
}: {
  plan: Pick<LoadedPlan, "name" | "pausedReason" | "delayNotice">;
  upgrade: boolean;
  status: PlanStatus;
  answer: PlanAnswer;
  confirmDelete: boolean;
  onKeep: () => void;
}) {
  return (
    <>
      {answer && "status" in answer ? <FailureBanner failure={answer} /> : null}
      {status.paused ? (
        <Banner
          tone="warning"
          title="This plan is paused"
          action={status.resumeAction}
          secondaryAction={upgrade && !status.upgradeInstead ? seePlans : undefined}
        >
          <p>{plan.pausedReason ?? "Nothing is written or published until you resume it."}</p>
        </Banner>
      ) : null}
      {plan.delayNotice ? (
        <Banner tone="warning" title="Preparation is delayed">
          <p>{plan.delayNotice}</p>
        </Banner>
      ) : null}
      {confirmDelete ? <DeletePlanBanner name={plan.name} onKeep={onKeep} /> : null}
    </>
  );
}

function DeletePlanBanner({ name, onKeep }: { name: string; onKeep: () => void }) {
  const busyWith = useSubmittingIntent();
  return (
    <Banner tone="critical" title={`Delete “${name}”?`} onDismiss={onKeep}>
      <BlockStack gap="200">
        <p>
          Its titles are removed and approved drafts are not published. The posts already written stay in your Posts
          list.
        </p>
        <Form method="post">
          <input type="hidden" name="intent" value="delete" />
          <InlineStack gap="200">
            <Button submit variant="primary" tone="critical" loading={busyWith === "delete"}>
              Delete plan
            </Button>
            <Button onClick={onKeep}>Keep it</Button>
          </InlineStack>
        </Form>
      </BlockStack>
    </Banner>
  );
}
