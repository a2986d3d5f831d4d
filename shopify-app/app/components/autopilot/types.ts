// What the plan's page hands its parts: the plan as its loader reads it, and the answer of its action's last intent.
import type { useActionData } from "@remix-run/react";
import type { action, loader } from "../../routes/app.autopilot.$id";

export type LoadedPlan = Awaited<ReturnType<typeof loader>>["plan"];
export type LoadedItem = LoadedPlan["items"][number];

/** The action's answer (a done intent, or a failure), or nothing before the first one. */
export type PlanAnswer = ReturnType<typeof useActionData<typeof action>>;

/** A row of a refused CSV file (line 0: the file as a whole). */
export type CsvProblem = { line: number; reason: string };
