// The site's public pages and what search engines and link previews learn about each: title, description,
// canonical address, Open Graph and Twitter card tags, structured data; and robots.txt and the sitemap. One place, read
// by the prerenderer (prerender.tsx) when the client is built. Addresses are written as APP_URL_TOKEN + path: the
// server puts its APP_URL in their place when it loads the built files, so one build serves any address.
import type { PlanView } from "@postwright/core/contracts";

export const SITE_NAME = "Postwright";
export const APP_URL_TOKEN = "__APP_URL__";

export interface PublicPage {
  /** File name under dist/pages/ (without .html). */
  name: string;
  /** Its address; null for the "Page Not Found" page, which answers any unknown address. */
  path: string | null;
  title: string;
  description: string;
  /** Whether the page carries the plan catalogue (its plan cards are prerendered). */
  showsPlans: boolean;
}

export const publicPages: readonly PublicPage[] = [
  {
    name: "landing",
    path: "/",
    title: `${SITE_NAME}: SEO blog posts for Shopify and WordPress`,
    description:
      "Postwright writes SEO-optimised blog posts with AI and publishes them to your Shopify store or WordPress site, at once or on a schedule.",
    showsPlans: true,
  },
  {
    name: "pricing",
    path: "/pricing",
    title: `Pricing | ${SITE_NAME}`,
    description:
      "Postwright's plans: start free with 5 posts a month, or publish up to 100 SEO-optimised posts a month. Paid plans include a 7-day free trial; pay yearly and save 20%.",
    showsPlans: true,
  },
  {
    name: "contact",
    path: "/contact",
    title: `Contact Us | ${SITE_NAME}`,
    description:
      "Questions about Postwright, or publishing at scale with the Enterprise plan? Send us a message and our team will get back to you.",
    showsPlans: false,
  },
  {
    name: "login",
    path: "/login",
    title: `Log in | ${SITE_NAME}`,
    description:
      "Log in to Postwright to write, schedule and publish SEO-optimised blog posts to Shopify and WordPress.",
    showsPlans: false,
  },
  {
    name: "register",
    path: "/register",
    title: `Create your account | ${SITE_NAME}`,
    description:
      "Create your Postwright account: 5 SEO-optimised blog posts a month free, published straight to your Shopify store or WordPress site.",
    showsPlans: false,
  },
  {
    name: "not-found",
    path: null,
    title: `Page Not Found | ${SITE_NAME}`,
    description: "The page you are looking for does not exist or has moved.",
    showsPlans: false,
  },
];

/** The picture link previews show (client/public/og-image.png, drawn by scripts/make-og-image.mjs). */
export const OG_IMAGE = {
  path: "/og-image.png",
  width: 1200,
  height: 630,
  alt: "Postwright: blog posts that bring shoppers to your store",
} as const;

/** Pages of signed-in members (and the e-mail verification step): not for search engines. */
export const appPaths = ["/account", "/admin", "/autopilot", "/posts", "/subscription", "/verify-email"] as const;

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** JSON safe inside a <script> element. */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

const absolute = (path: string) => `${APP_URL_TOKEN}${path}`;

/** Structured data: the organisation, and the product with an offer per priced plan and billing period. */
export function structuredData(plans: readonly PlanView[]): object[] {
  const organization = {
    "@type": "Organization",
    "@id": absolute("/#organization"),
    name: SITE_NAME,
    url: absolute("/"),
    logo: absolute("/favicon.svg"),
  };
  const offers = plans
    .filter((plan) => plan.name !== "enterprise")
    .map((plan) => {
      const price = (plan.price / 100).toFixed(2);
      const period = plan.interval === "year" ? "yearly" : "monthly";
      return {
        "@type": "Offer",
        name: plan.price === 0 ? plan.displayName : `${plan.displayName}, billed ${period}`,
        description: plan.description ?? undefined,
        price,
        priceCurrency: "USD",
        url: absolute("/pricing"),
        availability: "https://schema.org/InStock",
        priceSpecification: {
          "@type": "UnitPriceSpecification",
          price,
          priceCurrency: "USD",
          billingDuration: plan.interval === "year" ? "P1Y" : "P1M",
        },
      };
    });
  const product = {
    "@type": "Product",
    name: SITE_NAME,
    description: publicPages[0]?.description,
    brand: { "@id": absolute("/#organization") },
    offers,
  };
  return [
    { "@context": "https://schema.org", ...organization },
    { "@context": "https://schema.org", ...product },
  ];
}

/** The tags of a page's <head> that say what it is. */
export function headTags(page: PublicPage, plans: readonly PlanView[]): string {
  const title = escapeHtml(page.title);
  const description = escapeHtml(page.description);
  const tags = [`<title>${title}</title>`, `<meta name="description" content="${description}" />`];
  if (page.path === null) {
    tags.push(`<meta name="robots" content="noindex" />`);
  } else {
    const url = absolute(page.path);
    tags.push(
      `<link rel="canonical" href="${url}" />`,
      `<meta property="og:type" content="website" />`,
      `<meta property="og:site_name" content="${SITE_NAME}" />`,
      `<meta property="og:title" content="${title}" />`,
      `<meta property="og:description" content="${description}" />`,
      `<meta property="og:url" content="${url}" />`,
      `<meta property="og:image" content="${absolute(OG_IMAGE.path)}" />`,
      `<meta property="og:image:type" content="image/png" />`,
      `<meta property="og:image:width" content="${OG_IMAGE.width}" />`,
      `<meta property="og:image:height" content="${OG_IMAGE.height}" />`,
      `<meta property="og:image:alt" content="${escapeHtml(OG_IMAGE.alt)}" />`,
      `<meta name="twitter:card" content="summary_large_image" />`,
      `<meta name="twitter:title" content="${title}" />`,
      `<meta name="twitter:description" content="${description}" />`,
    );
  }
  if (page.showsPlans) {
    for (const item of structuredData(plans)) {
      tags.push(`<script type="application/ld+json">${scriptJson(item)}</script>`);
    }
  }
  return tags.join("\n    ");
}

export function robotsTxt(): string {
  const lines = ["User-agent: *"];
  for (const page of publicPages) if (page.path) lines.push(`Allow: ${page.path === "/" ? "/$" : page.path}`);
  lines.push("Disallow: /api/", "Disallow: /uploads/");
  for (const path of appPaths) lines.push(`Disallow: ${path}`);
  lines.push("", `Sitemap: ${absolute("/sitemap.xml")}`, "");
  return lines.join("\n");
}

export function sitemapXml(): string {
  const urls = publicPages
    .filter((page) => page.path !== null)
    .map((page) => `  <url><loc>${absolute(page.path ?? "/")}</loc></url>`);
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`,
    ...urls,
    `</urlset>`,
    "",
  ].join("\n");
}
