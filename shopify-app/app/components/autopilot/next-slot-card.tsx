import { Text } from "@shopify/polaris";
import { HeadedCard } from "./headed-card";
import type { LoadedPlan } from "./types";

/** When the plan publishes next, and how far ahead its drafts are written. */
export function NextSlotCard({ plan }: { plan: Pick<LoadedPlan, "nextSlot" | "postsAhead"> }) {
  return (
    <HeadedCard title="Next slot" gap="100">
      <Text as="p">{plan.nextSlot ?? "None yet: add titles to fill the slots."}</Text>
      <Text as="p" tone="subdued">
        {`${plan.postsAhead} ${plan.postsAhead === 1 ? "post" : "posts"} prepared ahead. Each draft is written about a day before its slot.`}
      </Text>
    </HeadedCard>
  );
}
