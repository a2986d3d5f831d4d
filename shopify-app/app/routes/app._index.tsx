import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Badge, BlockStack, Button, Card, EmptyState, Layout, Link, Page, Text } from "@shopify/polaris";
import { catalogPlan, getEntitlements } from "@postwright/core/billing";
import { listPosts } from "@postwright/core/blog";
import { authenticate } from "../shopify.server";
import { shopAccount } from "../shop-account.server";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  const { ctx, user } = await shopAccount(session.shop, admin);
  const [entitlements, posts] = await Promise.all([
    getEntitlements({ prisma: ctx.db.prisma }, user.id),
    listPosts({ prisma: ctx.db.prisma }, user.id),
  ]);
  return {
    plan: catalogPlan(entitlements.plan).displayName,
    postsLeft: entitlements.usageRemaining,
    recent: posts.slice(0, 5).map((p) => ({ id: p.id, title: p.title, status: p.status, seoScore: p.seoScore })),
  };
};

const statusTone = { draft: undefined, scheduled: "attention", published: "success", failed: "critical" } as const;

export default function Home() {
  const { plan, postsLeft, recent } = useLoaderData<typeof loader>();
  return (
    <Page title="Postwright" primaryAction={{ content: "Write a post", url: "/app/write" }}>
      <Layout>
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
                image="data:image/gif;base64,R0lGODlhAQABAAAAACw="
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
