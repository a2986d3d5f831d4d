export interface SeoRating {
  label: "Excellent" | "Good" | "Fair" | "Needs Improvement";
  tone: "green" | "yellow" | "red";
}

/** The product's score bands: 90+ Excellent (green), 70+ Good (yellow), 50+ Fair (red), below Needs Improvement (red). */
export function seoRating(score: number): SeoRating {
  if (score >= 90) return { label: "Excellent", tone: "green" };
  if (score >= 70) return { label: "Good", tone: "yellow" };
  if (score >= 50) return { label: "Fair", tone: "red" };
  return { label: "Needs Improvement", tone: "red" };
}
