import type { Platform } from "@postwright/core/contracts";
import { Globe, ShoppingBag } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { cn } from "../../lib/utils";

export type PlatformChoice = Platform | null;

const options: Array<{ value: Platform; label: string; icon: typeof Globe }> = [
  { value: "shopify", label: "Shopify", icon: ShoppingBag },
  { value: "wordpress", label: "WordPress", icon: Globe },
];

export interface PlatformChooserProps {
  value: PlatformChoice;
  onChange: (value: PlatformChoice) => void;
  connected: Record<Platform, boolean>;
}

/** Where Publish sends posts: Shopify, WordPress or neither. Choosing the chosen one again turns it off. */
export function PlatformChooser({ value, onChange, connected }: PlatformChooserProps) {
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle>Publishing Platform</CardTitle>
        <CardDescription>
          {value
            ? "Posts are published to the platform selected below."
            : "No platform selected. Choose one to publish."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <div className="grid grid-cols-2 gap-3" role="group" aria-label="Publishing platform">
          {options.map(({ value: option, label, icon: Icon }) => {
            const selected = value === option;
            return (
              <button
                key={option}
                type="button"
                aria-pressed={selected}
                onClick={() => onChange(selected ? null : option)}
                className={cn(
                  "flex flex-col items-center gap-1.5 rounded-lg border-2 px-3 py-3 text-sm font-semibold transition-colors",
                  "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2",
                  selected
                    ? "border-primary bg-secondary text-secondary-foreground"
                    : "border-border bg-card text-foreground hover:border-primary/50 hover:bg-muted",
                )}
              >
                <Icon className="size-5" aria-hidden="true" />
                {label}
                <span
                  className={cn("text-xs font-normal", connected[option] ? "text-success" : "text-muted-foreground")}
                >
                  {connected[option] ? "Connected" : "Not connected"}
                </span>
              </button>
            );
          })}
        </div>
      </CardContent>
    </Card>
  );
}
