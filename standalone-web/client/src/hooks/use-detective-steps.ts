import { useCallback, useEffect, useState } from "react";

/** The email detective's pace: one stage every 2 seconds. */
export const DETECTIVE_STEP_MS = 2000;

/** Steps through `count` stages every `intervalMs`, stopping at the last; replay() starts again. */
export function useDetectiveSteps(count: number, intervalMs: number, { skip = false }: { skip?: boolean } = {}) {
  const [run, setRun] = useState({ step: skip ? count - 1 : 0, id: 0 });
  useEffect(() => {
    if (skip || run.step >= count - 1) return;
    const timer = setTimeout(() => setRun((r) => ({ ...r, step: r.step + 1 })), intervalMs);
    return () => clearTimeout(timer);
  }, [run, count, intervalMs, skip]);
  useEffect(() => {
    if (skip) setRun((r) => ({ ...r, step: count - 1 }));
  }, [skip, count]);
  const replay = useCallback(() => setRun((r) => ({ step: 0, id: r.id + 1 })), []);
  return { step: run.step, isDone: run.step >= count - 1, replay, runId: run.id };
}
