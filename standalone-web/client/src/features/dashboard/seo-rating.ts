// Presentation of the SEO score bands (the bands themselves are shared: @postwright/core/contracts).
import type { SeoTone } from "@postwright/core/contracts";

export { seoRating, type SeoRating, type SeoTone } from "@postwright/core/contracts";

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
