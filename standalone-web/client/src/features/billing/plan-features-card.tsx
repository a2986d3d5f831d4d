import { Check } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { postLimitLabel } from "../../lib/pricing";
import { planLabel } from "./plan-labels";

/** What the plan in force includes. */
export function PlanFeaturesCard({ plan, features, limit }: { plan: string; features: string[]; limit: number }) {
  const lines = features.length ? features : [postLimitLabel(limit)];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Plan Features</CardTitle>
        <CardDescription>Included in your {planLabel(plan)} plan.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2.5 text-sm" aria-label={`${planLabel(plan)} plan features`}>
          {lines.map((feature) => (
            <li key={feature} className="flex gap-2">
              <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
              <span>{feature}</span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
