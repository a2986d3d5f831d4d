// Whether a post is losing search traffic enough to be refreshed first, and why, in words. A post is a candidate when
// its clicks over the last 28 days fell by at least a fifth against the 28 days before (from at least 10 clicks), or
// its impressions did (from at least 100): smaller numbers move by chance from one month to the next.
import type { SearchFigures } from "./types.ts";

export const REFRESH_DROP = 0.2;
export const REFRESH_MIN_CLICKS = 10;
export const REFRESH_MIN_IMPRESSIONS = 100;

const number = (n: number) => n.toLocaleString("en-US");

function drop(label: string, now: number | null, before: number | null, floor: number): string | null {
  if (now === null || before === null || before < floor) return null;
  if (now > before * (1 - REFRESH_DROP)) return null;
  const percent = Math.round(((before - now) / before) * 100);
  return `${label} down ${percent}% (${number(before)} → ${number(now)}) over 28 days`;
}

/** The reason a post is a refresh candidate, or null when it is not one (or has no figures). */
export function refreshCandidateReason(
  figures: Pick<SearchFigures, "clicks" | "previousClicks" | "impressions" | "previousImpressions">,
): string | null {
  const reasons = [
    drop("Clicks", figures.clicks, figures.previousClicks, REFRESH_MIN_CLICKS),
    drop("Impressions", figures.impressions, figures.previousImpressions, REFRESH_MIN_IMPRESSIONS),
  ].filter((r): r is string => r !== null);
  return reasons.length ? reasons.join("; ") : null;
}
