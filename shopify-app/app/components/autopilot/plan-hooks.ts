// Where the plan's forms stand: which intent is on its way, and what to do once the action has answered one.
import { useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import type { PlanAnswer } from "./types";

/** The intent being submitted right now (not while the page loads again after it). */
export function useSubmittingIntent() {
  const navigation = useNavigation();
  return navigation.state === "submitting" ? navigation.formData?.get("intent") : undefined;
}

/** Whether a form of this intent is on its way: submitted, or its answer loading. */
export function usePendingIntent(intent: string) {
  return useNavigation().formData?.get("intent") === intent;
}

/** Runs `then` each time the action answers `intent` (a form clears itself once its own intent is done). */
export function useAnswered(
  answer: PlanAnswer,
  intent: string,
  then: (answer: Extract<NonNullable<PlanAnswer>, { intent: string }>) => void,
) {
  useEffect(() => {
    if (answer && "intent" in answer && answer.intent === intent) then(answer);
    // `then` reads the form's state when an answer arrives, not a reason to run again.
  }, [answer]);
}
