// Sample API answers for the dashboard's component tests, shaped like the contracts' types.
import type { BlogPostView, SubscriptionDetails } from "@postwright/core/contracts";
import { screen, waitFor, within } from "@testing-library/react";

export function samplePost(overrides: Partial<BlogPostView> = {}): BlogPostView {
  return {
    id: 1,
    title: "How to Choose Trail Running Shoes",
    htmlContent: "<h2>Why fit matters</h2><p>A good fit keeps your feet safe on rough ground.</p>",
    content: "Why fit matters. A good fit keeps your feet safe on rough ground.",
    metaDescription: "Find trail running shoes that fit: grip, cushioning and sizing explained.",
    seoTitle: "Trail Running Shoes: How to Choose the Right Pair",
    slug: "trail-running-shoes",
    focusKeyphrase: "trail running shoes",
    keywords: ["trail running shoes", "shoe fitting"],
    seoInstructions: null,
    companyName: null,
    links: [],
    images: [],
    status: "draft",
    wordCount: 1240,
    readingTime: 6,
    seoScore: 82,
    seoChecks: [
      {
        id: "keyphrase-title",
        label: "Keyphrase in title",
        status: "pass",
        message: "The title contains the keyphrase.",
      },
      { id: "meta-length", label: "Meta description length", status: "warn", message: "Make it a little longer." },
      { id: "internal-links", label: "Internal links", status: "fail", message: "Add a link to one of your pages." },
    ],
    generator: "ai:gpt-test",
    isScheduled: false,
    scheduledPublishDate: null,
    scheduledPlatforms: [],
    shopifyArticleId: null,
    wordpressPostId: null,
    publications: [],
    lastError: null,
    productFacts: null,
    factsPolicy: "hold",
    showProductCards: false,
    productCards: [],
    createdAt: "2026-03-02T10:00:00.000Z",
    updatedAt: "2026-03-02T10:00:00.000Z",
    ...overrides,
  };
}

export function sampleDetails(
  plan: SubscriptionDetails["subscriptionPlan"],
  usageRemaining: number,
  blogPostLimit = plan === "free" ? 5 : plan === "starter" ? 40 : plan === "professional" ? 100 : -1,
): SubscriptionDetails {
  return {
    subscriptionPlan: plan,
    subscriptionStatus: plan === "free" ? "free" : "active",
    subscriptionEndDate: null,
    tierInfo: { plan, blogPostLimit, usageRemaining, features: [], canSchedule: plan !== "free" },
    usage: { blogPostsGenerated: Math.max(0, blogPostLimit - usageRemaining), blogPostsPublished: 0 },
    billingEnabled: true,
  };
}

/**
 * The notification on screen whose text contains `title` (fails the test when none appears). Open dialogs hide the
 * rest of the page from assistive technology, so the search includes hidden elements.
 */
export async function findToast(title: string): Promise<HTMLElement> {
  return waitFor(() => {
    const region = screen.getByRole("region", { name: /notifications/i, hidden: true });
    const item = within(region)
      .queryAllByRole("listitem", { hidden: true })
      .find((li) => li.textContent?.includes(title));
    if (!item) throw new Error(`No notification "${title}"`);
    return item;
  });
}
