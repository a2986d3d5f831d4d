import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useSearchParams } from "@remix-run/react";
import { Badge, Card, EmptyState, IndexTable, InlineStack, Link, Page, Tabs, Text } from "@shopify/polaris";
import { listPosts } from "@postwright/core/blog";
import { zoneOffsetLabel } from "@postwright/core/scheduling/zoned-time";
import { authenticate } from "../shopify.server";
import { shopAccount } from "../shop-account.server";
import emptyStateImage from "../assets/empty-state-write.svg";

const tabs = [
  { id: "recent", content: "Recent" },
  { id: "published", content: "Published" },
  { id: "scheduled", content: "Scheduled" },
] as const;

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  const { ctx, user } = await shopAccount(session.shop, admin);
  const posts = await listPosts({ prisma: ctx.db.prisma }, user.id);
  return {
    shop: session.shop,
    // Scheduled times are shown in the store's time zone (taken at install), whatever the browser's.
    timeZone: user.timeZone,
    posts: posts.map((p) => ({
      id: p.id,
      title: p.title,
      status: p.status,
      seoScore: p.seoScore,
      scheduledPublishDate: p.scheduledPublishDate,
      liveUrl: p.publications.find((x) => x.platform === "shopify")?.remoteUrl ?? null,
      articleId: p.shopifyArticleId,
      updatedAt: p.updatedAt,
    })),
  };
};

export default function Posts() {
  const { shop, posts, timeZone } = useLoaderData<typeof loader>();
  const [params, setParams] = useSearchParams();
  const selected = Math.max(
    0,
    tabs.findIndex((t) => t.id === params.get("tab")),
  );
  const shown = posts.filter((p) => selected === 0 || p.status === tabs[selected]!.id);
  return (
    <Page title="Posts" primaryAction={{ content: "Write a post", url: "/app/write" }}>
      <Card padding="0">
        <Tabs tabs={[...tabs]} selected={selected} onSelect={(i) => setParams({ tab: tabs[i]!.id })} />
        {shown.length === 0 ? (
          <EmptyState heading="No posts here yet" image={emptyStateImage}>
            <p>Posts you write, publish or schedule appear here.</p>
          </EmptyState>
        ) : (
          <IndexTable
            itemCount={shown.length}
            selectable={false}
            headings={[{ title: "Title" }, { title: "Status" }, { title: "SEO score" }, { title: "Open" }]}
          >
            {shown.map((post, index) => (
              <IndexTable.Row id={String(post.id)} key={post.id} position={index}>
                <IndexTable.Cell>
                  <Link url={`/app/posts/${post.id}`} monochrome removeUnderline dataPrimaryLink>
                    <Text as="span" fontWeight="semibold">
                      {post.title}
                    </Text>
                  </Link>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <Badge
                    tone={post.status === "published" ? "success" : post.status === "failed" ? "critical" : undefined}
                  >
                    {post.status === "scheduled" && post.scheduledPublishDate
                      ? `Scheduled for ${storeTime(post.scheduledPublishDate, timeZone)}`
                      : post.status}
                  </Badge>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <Text as="span">{post.seoScore}</Text>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <InlineStack gap="300">
                    {post.liveUrl ? (
                      <Link url={post.liveUrl} target="_blank">
                        Live article
                      </Link>
                    ) : null}
                    {post.articleId ? (
                      <Link url={`shopify://admin/content/articles/${post.articleId.split("/").pop()}`} target="_top">
                        In admin
                      </Link>
                    ) : null}
                  </InlineStack>
                </IndexTable.Cell>
              </IndexTable.Row>
            ))}
          </IndexTable>
        )}
      </Card>
      <Text as="p" tone="subdued">
        {shop}
      </Text>
    </Page>
  );
}

/** An instant as the store's wall-clock, with its offset: "Mar 16, 2027, 9:30 AM (UTC-4)". */
function storeTime(instant: string, timeZone: string): string {
  const date = new Date(instant);
  const words = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short", timeZone }).format(date);
  return `${words} (${zoneOffsetLabel(date, timeZone)})`;
}
