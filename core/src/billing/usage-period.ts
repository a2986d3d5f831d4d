// Usage is counted per calendar month in UTC: one user_usage row per user and "YYYY-MM". A new month simply has no
// row yet (it is created by the first generation or publication), so counters reset without a job.

export interface UsagePeriod {
  /** "YYYY-MM" of the month containing the instant, in UTC. */
  monthYear: string;
  /** The first instant of the next month (UTC), when the counters start again from zero. */
  resetAt: Date;
}

export function usagePeriod(now: Date): UsagePeriod {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  return {
    monthYear: `${year}-${String(month + 1).padStart(2, "0")}`,
    resetAt: new Date(Date.UTC(year, month + 1, 1)),
  };
}
