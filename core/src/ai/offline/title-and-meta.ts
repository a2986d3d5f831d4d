// The offline post's title, SEO title, slug and meta description.
import { fitMetaDescription } from "../brief.ts";
import { fitSeoTitle, slugify } from "../../seo/index.ts";
import { offlineMetaDescription } from "./meta-description.ts";
import type { OfflineContext } from "./offline-context.ts";
import { optimizeTitleOffline } from "./optimize-title.ts";

export interface OfflineTitles {
  title: string;
  seoTitle: string;
  slug: string;
  metaDescription: string;
}

/** `now` is the clock, for the year in suggested titles. */
export function offlineTitles({ brief, kp, company, c }: OfflineContext, now?: () => Date): OfflineTitles {
  // The title is the owner's, word for word; the keyphrase goes into the SEO title.
  const title = brief.title;
  const metaDescription = brief.requestedMetaDescription
    ? fitMetaDescription(brief.requestedMetaDescription)
    : offlineMetaDescription(kp, company, (n) => Math.floor(c.roll() * n));
  const suggestion = optimizeTitleOffline({ originalTitle: title, keywords: [brief.keyphrase] }, { now });
  const seoTitle = fitSeoTitle({
    candidates: [suggestion.optimizedTitle],
    keyphrase: brief.keyphrase,
    title,
    brand: brief.companyName,
  });
  const slug = slugify(brief.keyphrase) || slugify(title);
  return { title, seoTitle, slug, metaDescription };
}
