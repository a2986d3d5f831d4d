// The plan's refreshes of the store's existing articles: the merchant turns them on, and the plan then proposes at most
// one a week in one of its slots. Each waits for review at /app/your-posts/refreshes/:id: nothing changes on the store
// before.
import { useSubmit } from "@remix-run/react";
import { Badge, BlockStack, Checkbox, InlineStack, Link, Text } from "@shopify/polaris";
import { HeadedCard } from "./headed-card";
import type { LoadedPlan } from "./types";

export function PlanRefreshesCard({ plan }: { plan: Pick<LoadedPlan, "queueRefreshes" | "refreshes"> }) {
  const submit = useSubmit();
  return (
    <HeadedCard title="Refreshes" gap="300">
      <Checkbox
        label="Also propose refreshes of my existing posts"
        helpText="At most one a week, in one of the plan's slots: articles losing visitors in Search Console first. Nothing changes on your store until you open a refresh and publish it."
        checked={plan.queueRefreshes}
        onChange={(checked) =>
          submit({ intent: checked ? "refreshes-on" : "refreshes-off" }, { method: "post", replace: true })
        }
      />
      {plan.refreshes.length > 0 ? (
        <BlockStack gap="200">
          {plan.refreshes.map((refresh) => (
            <InlineStack key={refresh.id} gap="200" align="space-between" blockAlign="center">
              <Link url={`/app/your-posts/refreshes/${refresh.id}`}>
                {refresh.state === "proposed" ? `Review the refresh of "${refresh.title}"` : refresh.title}
              </Link>
              {refresh.state === "proposed" ? (
                <Badge tone="attention">To review</Badge>
              ) : (
                <Badge>{refresh.state}</Badge>
              )}
            </InlineStack>
          ))}
        </BlockStack>
      ) : plan.queueRefreshes ? (
        <Text as="p" tone="subdued">
          No refresh proposed yet. The next one takes a free slot of the plan.
        </Text>
      ) : null}
    </HeadedCard>
  );
}
