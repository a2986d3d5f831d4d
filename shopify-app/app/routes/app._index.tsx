import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useFetcher, useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { Badge, Banner, BlockStack, Button, Card, EmptyState, Layout, Link, Page, Text } from "@shopify/polaris";
import { catalogPlan, getEntitlements } from "@postwright/core/billing";
import { listPosts } from "@postwright/core/blog";
import { describeSiteIndexStatus, type SiteIndexStatus } from "@postwright/core/contracts";
import { getSiteIndexStatus, requestSiteIndexRefresh } from "@postwright/core/site-index";
import { authenticate } from "../shopify.server";
import { shopAccount } from "../shop-account.server";
// Served by the app itself (a hashed file of its build), so it loads wherever the app does.
import emptyStateImage from "../assets/empty-state-write.svg";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  const { ctx, user } = await shopAccount(session.shop, admin);
  const [entitlements, posts, sites] = await Promise.all([
    getEntitlements({ prisma: ctx.db.prisma }, user.id),
    listPosts({ prisma: ctx.db.prisma }, user.id),
    getSiteIndexStatus({ prisma: ctx.db.prisma }, { userId: user.id }),
  ]);
  return {
    // The store's index (the pages new posts link to), as the site shows it.
    siteIndex: sites.find((site) => site.platform === "shopify") ?? null,
    plan: catalogPlan(entitlements.plan).displayName,
    postsLeft: entitlements.usageRemaining,
    recent: posts.slice(0, 5).map((p) => ({ id: p.id, title: p.title, status: p.status, seoScore: p.seoScore })),
  };
};

/** Retry (or read again): queues a new read of the store's pages and answers the index's state. */
export const action = async ({ request }: ActionFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  const { ctx, user } = await shopAccount(session.shop, admin);
  const sites = await requestSiteIndexRefresh({ prisma: ctx.db.prisma }, { userId: user.id });
  return { siteIndex: sites.find((site) => site.platform === "shopify") ?? null };
};

const bannerTone = { busy: "info", ready: "success", failed: "critical" } as const;

/** The store's index in the site's words: being read (pages so far), indexed (how many, when), or failed with Retry. */
function SiteIndexBanner({ site }: { site: SiteIndexStatus }) {
  const fetcher = useFetcher<typeof action>();
  const revalidator = useRevalidator();
  const shown = fetcher.data?.siteIndex ?? site;
  const words = describeSiteIndexStatus(shown);
  // While the store is waiting or being read, the page asks again every few seconds.
  useEffect(() => {
    if (words.tone !== "busy") return;
    const timer = setInterval(() => revalidator.state === "idle" && revalidator.revalidate(), 3000);
    return () => clearInterval(timer);
  }, [words.tone, revalidator]);
  return (
    <Banner
      tone={bannerTone[words.tone]}
      title={words.headline}
      action={
        words.action
          ? {
              content: words.action,
              loading: fetcher.state !== "idle",
              onAction: () => fetcher.submit({}, { method: "post" }),
            }
          : undefined
      }
    >
      <p>{words.detail ?? "New posts link to the pages of your store indexed here."}</p>
    </Banner>
  );
}

const statusTone = {
  draft: undefined,
  scheduled: "attention",
  published: "success",
  failed: "critical",
  held: "warning",
} as const;

export default function Home() {
  const { plan, postsLeft, recent, siteIndex } = useLoaderData<typeof loader>();
  return (
    <Page title="Postwright" primaryAction={{ content: "Write a post", url: "/app/write" }}>
      <Layout>
        {siteIndex ? (
          <Layout.Section>
            <SiteIndexBanner site={siteIndex} />
          </Layout.Section>
        ) : null}
        <Layout.Section>
          <Card>
            <BlockStack gap="200">
              <Text as="h2" variant="headingMd">
                {plan} plan
              </Text>
              <Text as="p">
                {postsLeft === -1 ? "Unlimited posts this month" : `${postsLeft} posts left this month`}
              </Text>
            </BlockStack>
          </Card>
        </Layout.Section>
        <Layout.Section>
          <Card>
            {recent.length === 0 ? (
              <EmptyState
                heading="Write your first post"
                action={{ content: "Write a post", url: "/app/write" }}
                image={emptyStateImage}
              >
                <p>Postwright writes SEO-optimised blog posts and publishes them to your store's blog.</p>
              </EmptyState>
            ) : (
              <BlockStack gap="300">
                <Text as="h2" variant="headingMd">
                  Recent posts
                </Text>
                {recent.map((post) => (
                  <BlockStack key={post.id} gap="100">
                    <Link url={`/app/posts/${post.id}`} removeUnderline>
                      {post.title}
                    </Link>
                    <Text as="span" tone="subdued">
                      <Badge tone={statusTone[post.status]}>{post.status}</Badge> SEO score {post.seoScore}
                    </Text>
                  </BlockStack>
                ))}
                <Button url="/app/posts">All posts</Button>
              </BlockStack>
            )}
          </Card>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
