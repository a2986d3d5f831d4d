// "Ask for ideas": titles with keywords for the owner's niche and what their connected site sells. Topics the site
// already covers are left out (and counted); an idea close to an existing one names it with the share of keywords in
// common, so two posts do not compete for the same search. The ideas ticked are added as titles and leave the list.
import type { PlanIdeasResponse } from "@postwright/core/contracts";
import { Plus, Sparkles } from "lucide-react";
import { useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { BoundForm } from "../../components/ui/bound-form";
import { Label } from "../../components/ui/label";
import { TextField } from "../../components/ui/text-field";
import { errorMessage } from "../../lib/api";
import { zodResolver } from "../../lib/zod-resolver";
import { ideasRequestSchema, type IdeasRequest, type IdeasRequestValues } from "./plan-form-schema";
import { useAddItems, useSuggestIdeas } from "./plan-mutations";

type Idea = PlanIdeasResponse["ideas"][number] & { key: string };

interface IdeasAnswer {
  ideas: Idea[];
  excluded: number;
  /** How many ideas the answer held before any was added to the plan. */
  received: number;
}

export function AskIdeasCard({ planId }: { planId: number }) {
  const id = useId();
  const form = useForm<IdeasRequestValues, unknown, IdeasRequest>({
    resolver: zodResolver(ideasRequestSchema),
    defaultValues: { niche: "" },
  });
  const suggest = useSuggestIdeas(planId);
  const add = useAddItems(planId, () => undefined);
  const [answer, setAnswer] = useState<IdeasAnswer | null>(null);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [refusal, setRefusal] = useState<string | null>(null);
  // Each answer's ideas get keys of their own, so a choice never carries over to the next answer.
  const answers = useRef(0);

  function ask({ niche }: IdeasRequest) {
    setRefusal(null);
    suggest.mutate(niche, {
      onSuccess: (data) => {
        const round = ++answers.current;
        setAnswer({
          ideas: data.ideas.map((idea, index) => ({ ...idea, key: `${round}-${index}` })),
          excluded: data.excluded,
          received: data.ideas.length,
        });
        setChosen(new Set());
      },
      onError: (error) => setRefusal(errorMessage(error, "We could not suggest ideas. Please try again.")),
    });
  }

  function toggle(key: string, checked: boolean) {
    setChosen((current) => {
      const next = new Set(current);
      if (checked) next.add(key);
      else next.delete(key);
      return next;
    });
  }

  function addChosen() {
    const picked = answer?.ideas.filter((idea) => chosen.has(idea.key)) ?? [];
    if (picked.length === 0) return;
    const added = new Set(picked.map((idea) => idea.key));
    add.mutate(
      picked.map(({ title, keywords }) => ({ title, keywords, notes: null })),
      {
        onSuccess: () => {
          setAnswer((current) =>
            current ? { ...current, ideas: current.ideas.filter((idea) => !added.has(idea.key)) } : current,
          );
          setChosen((current) => new Set([...current].filter((key) => !added.has(key))));
        },
      },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Ask for ideas</CardTitle>
        <CardDescription>
          Titles with keywords for your niche and what your site sells. Topics your site already covers are left out,
          and an idea close to one of your posts says so, so two posts do not compete for the same search.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <BoundForm form={form} label="Ask for ideas" onSubmit={ask}>
          <TextField
            control={form.control}
            name="niche"
            label="Your niche"
            placeholder="organic gardening supplies"
            autoComplete="off"
            description="What your site sells or writes about, in a few words."
          />

          {refusal ? (
            <p
              role="alert"
              className="rounded-lg border border-destructive/30 bg-destructive-soft p-3 text-sm font-semibold text-destructive"
            >
              {refusal}
            </p>
          ) : null}

          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" variant="outline" loading={suggest.isPending}>
              {suggest.isPending ? null : <Sparkles aria-hidden="true" />}
              {suggest.isPending ? "Suggesting..." : "Suggest ideas"}
            </Button>
            <p aria-live="polite" className="text-sm text-muted-foreground">
              {suggest.isPending ? "This can take a few seconds." : null}
            </p>
          </div>
        </BoundForm>

        {answer ? (
          <section aria-labelledby={`${id}-ideas`} className="grid gap-3">
            <h3 id={`${id}-ideas`} className="text-sm font-semibold">
              Suggested titles
            </h3>
            {answer.ideas.length > 0 ? (
              <ul className="grid gap-2">
                {answer.ideas.map((idea) => (
                  <IdeaRow
                    key={idea.key}
                    id={`${id}-${idea.key}`}
                    idea={idea}
                    checked={chosen.has(idea.key)}
                    onCheckedChange={(checked) => toggle(idea.key, checked)}
                  />
                ))}
              </ul>
            ) : (
              <p className="rounded-lg border border-dashed border-border p-4 text-sm text-muted-foreground">
                {answer.received > 0
                  ? "All these ideas are in the plan now. Ask again for more."
                  : "No new ideas this time. Try describing your niche in other words."}
              </p>
            )}
            {answer.excluded > 0 ? (
              <p className="text-sm text-muted-foreground">
                {answer.excluded === 1
                  ? "1 idea was left out because your site already covers it."
                  : `${answer.excluded} ideas were left out because your site already covers them.`}
              </p>
            ) : null}
            {answer.ideas.length > 0 ? (
              <Button
                type="button"
                className="justify-self-start"
                disabled={chosen.size === 0}
                loading={add.isPending}
                onClick={addChosen}
              >
                {add.isPending ? null : <Plus aria-hidden="true" />}
                {add.isPending ? "Adding..." : `Add ${chosen.size} selected`}
              </Button>
            ) : null}
          </section>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** One idea: a checkbox named by its title, its keywords, and the existing topic it comes close to. */
function IdeaRow({
  id,
  idea,
  checked,
  onCheckedChange,
}: {
  id: string;
  idea: Idea;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  return (
    <li className="flex gap-3 rounded-lg border border-border bg-card p-3">
      <input
        id={id}
        type="checkbox"
        className="mt-0.5 size-4 shrink-0 rounded border-input accent-[var(--color-primary)]"
        checked={checked}
        aria-describedby={`${id}-about`}
        onChange={(event) => onCheckedChange(event.target.checked)}
      />
      <div className="grid min-w-0 gap-2">
        <Label htmlFor={id} className="cursor-pointer leading-snug break-words">
          {idea.title}
        </Label>
        <div id={`${id}-about`} className="grid gap-1.5">
          {idea.keywords.length > 0 ? (
            <p className="flex flex-wrap gap-1">
              <span className="sr-only">Keywords: </span>
              {idea.keywords.map((keyword, index) => (
                <Badge
                  key={`${index}-${keyword}`}
                  variant="secondary"
                  className="font-medium whitespace-normal break-words"
                >
                  {index > 0 ? <span className="sr-only">, </span> : null}
                  {keyword}
                </Badge>
              ))}
            </p>
          ) : null}
          {idea.overlap ? (
            <p className="text-xs text-muted-foreground break-words">
              {`Close to "${idea.overlap.title}" (${idea.overlap.percent}% of keywords shared)`}
            </p>
          ) : null}
        </div>
      </div>
    </li>
  );
}
