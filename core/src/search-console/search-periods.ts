// The two periods compared: the last 28 days of final data and the 28 days before. Search Console's figures settle
// about two days after the day, so the last period ends three days before today (UTC).
const DAY_MS = 24 * 60 * 60_000;
const day = (d: Date) => d.toISOString().slice(0, 10);

export interface SearchPeriods {
  current: { startDate: string; endDate: string };
  previous: { startDate: string; endDate: string };
}

export function searchPeriods(now: Date): SearchPeriods {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const end = today - 3 * DAY_MS;
  const start = end - 27 * DAY_MS;
  return {
    current: { startDate: day(new Date(start)), endDate: day(new Date(end)) },
    previous: { startDate: day(new Date(start - 28 * DAY_MS)), endDate: day(new Date(start - DAY_MS)) },
  };
}
