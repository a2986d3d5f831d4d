// How an SEO score out of 100 is named and coloured (specification section 5), shared by the server and every client:
// 90 and above Excellent (green), 70 and above Good (yellow), 50 and above Fair, below 50 Needs Improvement (both red).

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
