// How an SEO score out of 100 is named and coloured (specification section 5): 90 and above Excellent, 70 and above
// Good, 50 and above Fair, below 50 Needs Improvement. The colour changes at 70: green from 90, yellow from 70, red
// below (Fair shares the red of Needs Improvement).

export type SeoTone = "green" | "yellow" | "red";

export interface SeoRating {
  label: "Excellent" | "Good" | "Fair" | "Needs Improvement";
  tone: SeoTone;
}

export function seoRating(score: number): SeoRating {
  if (score >= 90) return { label: "Excellent", tone: "green" };
  if (score >= 70) return { label: "Good", tone: "yellow" };
  if (score >= 50) return { label: "Fair", tone: "red" };
  return { label: "Needs Improvement", tone: "red" };
}

/** Text colour classes of each tone (the palette's AA-contrast success, warning and destructive colours). */
export const seoToneText: Record<SeoTone, string> = {
  green: "text-success",
  yellow: "text-warning",
  red: "text-destructive",
};

export const seoToneSurface: Record<SeoTone, string> = {
  green: "bg-success-soft border-success/30",
  yellow: "bg-warning-soft border-warning/30",
  red: "bg-destructive-soft border-destructive/30",
};
