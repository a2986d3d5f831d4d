// Ideas for the plan's titles from the merchant's niche: suggested, chosen with checkboxes, and added as titles; ideas
// the store already covers are left out and counted.
import { Form } from "@remix-run/react";
import { BlockStack, Button, Checkbox, FormLayout, InlineStack, Text, TextField } from "@shopify/polaris";
import { useState } from "react";
import { HeadedCard } from "./headed-card";
import { useAnswered, usePendingIntent } from "./plan-hooks";
import type { PlanAnswer } from "./types";

type Idea = { title: string; keywords: string[]; overlap: { title: string; percent: number } | null };

export function IdeasForm({ answer }: { answer: PlanAnswer }) {
  const asking = usePendingIntent("ideas");
  const adding = usePendingIntent("add-ideas");
  const [niche, setNiche] = useState("");
  const [ideas, setIdeas] = useState<Idea[]>([]);
  const [excluded, setExcluded] = useState(0);
  const [chosen, setChosen] = useState<string[]>([]);
  useAnswered(answer, "ideas", (done) => {
    if (!("ideas" in done)) return;
    setIdeas(done.ideas as Idea[]);
    setExcluded(Number(done.excluded ?? 0));
    setChosen([]);
  });
  useAnswered(answer, "add-ideas", () => {
    // The added ideas are titles of the plan now.
    setIdeas((current) => current.filter((idea) => !chosen.includes(idea.title)));
    setChosen([]);
  });
  return (
    <HeadedCard title="Ask for ideas" gap="300">
      <Form method="post">
        <FormLayout>
          <input type="hidden" name="intent" value="ideas" />
          <TextField
            label="Your niche"
            name="niche"
            value={niche}
            onChange={setNiche}
            autoComplete="off"
            placeholder="scented soy candles"
            helpText="Ideas draw on your store's products and leave out topics your blog already covers."
          />
          <InlineStack>
            <Button submit loading={asking} disabled={!niche.trim()}>
              Suggest ideas
            </Button>
          </InlineStack>
        </FormLayout>
      </Form>
      {ideas.length > 0 ? (
        <Form method="post">
          <BlockStack gap="200">
            <input type="hidden" name="intent" value="add-ideas" />
            {ideas
              .filter((idea) => chosen.includes(idea.title))
              .map((idea) => (
                <input key={idea.title} type="hidden" name="idea" value={JSON.stringify(idea)} />
              ))}
            {ideas.map((idea) => (
              <Checkbox
                key={idea.title}
                label={idea.title}
                checked={chosen.includes(idea.title)}
                onChange={(checked) =>
                  setChosen(checked ? [...chosen, idea.title] : chosen.filter((title) => title !== idea.title))
                }
                helpText={
                  `Keywords: ${idea.keywords.join(", ")}` +
                  (idea.overlap ? `. Close to "${idea.overlap.title}" (${idea.overlap.percent}% shared)` : "")
                }
              />
            ))}
            <InlineStack>
              <Button submit variant="primary" loading={adding} disabled={chosen.length === 0}>
                {`Add ${chosen.length} selected`}
              </Button>
            </InlineStack>
          </BlockStack>
        </Form>
      ) : null}
      {excluded > 0 ? (
        <Text as="p" tone="subdued">
          {excluded === 1
            ? "1 idea was left out because your store already covers it."
            : `${excluded} ideas were left out because your store already covers them.`}
        </Text>
      ) : null}
    </HeadedCard>
  );
}
