// Ideas from Search Console on Your posts: what people search for that no page of the store answers yet, the most
// seen first, with the query's figures. Each can be added to one of the merchant's content plans as a title (its
// query as the keyword, its figures in the notes); without a plan, a link to the autopilot says where plans are made.
import { useFetcher } from "@remix-run/react";
import { useAppBridge } from "@shopify/app-bridge-react";
import { BlockStack, Button, Card, InlineStack, Link, Select, Text } from "@shopify/polaris";
import { useEffect, useRef, useState } from "react";
import type { SearchConsoleIdea } from "@postwright/core/contracts";
import { ideaFigures, ideasPlan } from "@postwright/core/contracts/search-console-view";

type Plan = { id: number; name: string };

export function SearchConsoleIdeas({ ideas, plans }: { ideas: readonly SearchConsoleIdea[]; plans: readonly Plan[] }) {
  const [planId, setPlanId] = useState<number | null>(null);
  const target = ideasPlan(plans, planId);
  return (
    <Card>
      <BlockStack gap="300">
        <BlockStack gap="100">
          <Text as="h2" variant="headingMd">
            Ideas from Search Console
          </Text>
          <Text as="p" tone="subdued">
            What people searched for and saw your store for, that none of your pages answers yet. The most seen first.
          </Text>
        </BlockStack>
        {ideas.length === 0 ? (
          <Text as="p" tone="subdued">
            No ideas yet: every query people saw your store for is already answered by one of your pages, or the figures
            are still being read.
          </Text>
        ) : (
          <>
            {plans.length > 1 ? (
              <Select
                label="Add ideas to"
                options={plans.map((p) => ({ label: p.name, value: String(p.id) }))}
                value={String(target?.id ?? "")}
                onChange={(value) => setPlanId(Number(value))}
              />
            ) : plans.length === 0 ? (
              <Text as="p" tone="subdued">
                To have Postwright write these, <Link url="/app/autopilot">create a content plan</Link>; then add ideas
                to it from here.
              </Text>
            ) : null}
            <BlockStack gap="200">
              {ideas.map((idea) => (
                <Idea key={idea.query} idea={idea} plan={target} />
              ))}
            </BlockStack>
          </>
        )}
      </BlockStack>
    </Card>
  );
}

function Idea({ idea, plan }: { idea: SearchConsoleIdea; plan: Plan | undefined }) {
  const fetcher = useFetcher<{ message?: string; status?: number }>();
  const shopify = useAppBridge();
  const [added, setAdded] = useState<string | null>(null);
  const answer = fetcher.data;
  // Each answer is told once, with the plan it was added to.
  const told = useRef<object | undefined>(undefined);
  useEffect(() => {
    if (!answer || told.current === answer) return;
    told.current = answer;
    if ("status" in answer) shopify.toast.show(answer.message ?? "The idea could not be added", { isError: true });
    else {
      setAdded(plan?.name ?? "the plan");
      shopify.toast.show(`Added to ${plan?.name ?? "the plan"}`);
    }
  }, [answer, plan, shopify]);
  return (
    <InlineStack align="space-between" blockAlign="center" gap="300" wrap>
      <BlockStack gap="050">
        <Text as="p" fontWeight="semibold">
          {idea.title}
        </Text>
        <Text as="p" tone="subdued">
          {ideaFigures(idea)}
        </Text>
      </BlockStack>
      {plan ? (
        added ? (
          <Text as="p" tone="success">
            Added to {added}
          </Text>
        ) : (
          <Button
            size="slim"
            loading={fetcher.state !== "idle"}
            accessibilityLabel={`Add to plan ${plan.name}: ${idea.title}`}
            onClick={() =>
              fetcher.submit(
                {
                  intent: "add-idea",
                  planId: String(plan.id),
                  query: idea.query,
                  title: idea.title,
                  keywords: JSON.stringify(idea.keywords),
                  notes: idea.notes,
                },
                { method: "post" },
              )
            }
          >
            Add to plan
          </Button>
        )
      ) : null}
    </InlineStack>
  );
}
