// Ideas from Search Console on "Your posts": what people search for that no page of the site answers yet, the most
// seen first, with the query's figures. Each can be added to one of the owner's content plans as a title (its query
// as the keyword, its figures in the notes); without a plan, a link to the autopilot says where plans are made.
import type { ContentPlanView, SearchConsoleIdea } from "@postwright/core/contracts";
import { ideaFigures, ideasPlan } from "@postwright/core/contracts/search-console-view";
import { siteApiContract as contract } from "@postwright/core/contracts/site-api";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Lightbulb } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router-dom";
import { Button } from "../../components/ui/button";
import { TitledCard } from "../../components/ui/titled-card";
import { toast } from "../../hooks/use-toast";
import { callRoute, errorMessage, routeQuery } from "../../lib/api";

export function SearchConsoleIdeas({ ideas }: { ideas: readonly SearchConsoleIdea[] }) {
  const plans = useQuery(routeQuery(contract.listContentPlans));
  const list = plans.data?.plans ?? [];
  const [planId, setPlanId] = useState<number | null>(null);
  const target = ideasPlan(list, planId);
  return (
    <TitledCard
      icon={Lightbulb}
      title="Ideas from Search Console"
      description="What people searched for and saw your site for, that none of your pages answers yet. The most seen first."
      contentClassName="grid gap-3"
    >
      {ideas.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No ideas yet: every query people saw your site for is already answered by one of your pages, or the figures
          are still being read.
        </p>
      ) : (
        <>
          {list.length > 1 ? (
            <div className="grid gap-1">
              <label htmlFor="ideas-plan" className="text-sm font-medium">
                Add ideas to
              </label>
              <select
                id="ideas-plan"
                className="h-10 w-full max-w-md rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                value={target?.id ?? ""}
                onChange={(event) => setPlanId(Number(event.target.value))}
              >
                {list.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </select>
            </div>
          ) : plans.isSuccess && list.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              To have Postwright write these,{" "}
              <Link to="/autopilot" className="underline underline-offset-4">
                create a content plan
              </Link>
              ; then add ideas to it from here.
            </p>
          ) : null}
          <ul className="grid gap-2" aria-label="Ideas">
            {ideas.map((idea) => (
              <Idea key={idea.query} idea={idea} plan={target} />
            ))}
          </ul>
        </>
      )}
    </TitledCard>
  );
}

function Idea({ idea, plan }: { idea: SearchConsoleIdea; plan: ContentPlanView | undefined }) {
  const [added, setAdded] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: (to: ContentPlanView) =>
      callRoute(contract.addPlanItems, {
        params: { id: to.id },
        body: { items: [{ title: idea.title, keywords: idea.keywords, notes: idea.notes }] },
      }).then(() => to.name),
    onSuccess: (name) => {
      setAdded(name);
      toast({ title: `Added to ${name}` });
    },
    onError: (error) =>
      toast({
        title: "The idea could not be added",
        description: errorMessage(error, "Please try again."),
        variant: "destructive",
      }),
  });
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border p-3">
      <div>
        <p className="font-medium">{idea.title}</p>
        <p className="text-sm text-muted-foreground">{ideaFigures(idea)}</p>
      </div>
      {plan ? (
        added ? (
          <p className="text-sm text-success" role="status">
            Added to {added}
          </p>
        ) : (
          <Button
            variant="outline"
            size="sm"
            onClick={() => add.mutate(plan)}
            disabled={add.isPending}
            aria-label={`Add "${idea.title}" to ${plan.name}`}
          >
            {add.isPending ? "Adding..." : "Add to plan"}
          </Button>
        )
      ) : null}
    </li>
  );
}
