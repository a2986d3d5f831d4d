import { useEffect } from "react";

const SITE_NAME = "Postwright";

/** Sets the document title ("<page> | Postwright"), which screen readers announce on navigation. */
export function usePageTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} | ${SITE_NAME}` : `${SITE_NAME}: SEO blog posts for Shopify and WordPress`;
  }, [title]);
}
