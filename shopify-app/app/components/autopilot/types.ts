// What the plan's page hands its parts: the plan as its loader reads it (slots written in the plan's time zone), and
// the answer of its action's last intent. The route's loader and action are checked against these shapes, so the
// parts need not import the route.
import type { ContentPlanDetailView, ContentPlanItemView, PlanIdeasResponse } from "@postwright/core/contracts";

export type LoadedItem = ContentPlanItemView & { slot: string | null };
export type LoadedPlan = Omit<ContentPlanDetailView, "items"> & { nextSlot: string | null; items: LoadedItem[] };

/** A row of a refused CSV file (line 0: the file as a whole). */
export type CsvProblem = { line: number; reason: string };

/** The action's answer (a done intent, ideas, or a failure), or nothing before the first one. */
export type PlanAnswer =
  | { intent: string; message: string }
  | ({ intent: "ideas" } & PlanIdeasResponse)
  | { message: string; status: number; code: string; problems?: CsvProblem[] }
  | undefined;
