import type { SeoCheck, SeoStatus } from "../types.ts";

export function checkResult(id: string, label: string, status: SeoStatus, message: string): SeoCheck {
  return { id, label, status, message };
}

/** "1 word", "3 words". */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${formatNumber(count)} ${count === 1 ? singular : pluralForm}`;
}

/** Thousands separated: 1,420. */
export function formatNumber(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** A share as a whole percentage: 0.254 -> "25%". */
export function percent(share: number): string {
  return `${Math.round(share * 100)}%`;
}

/** "2 to 4", or "2" when both ends meet. */
export function range(min: number, max: number): string {
  return min === max ? String(min) : `${min} to ${max}`;
}

/** The recommended number of items out of `total` that should match: 30% to 75% of them, at least one. */
export function recommendedShare(total: number): { min: number; max: number } {
  const min = Math.max(1, Math.ceil(total * 0.3));
  const max = Math.max(min, Math.floor(total * 0.75));
  return { min, max };
}
