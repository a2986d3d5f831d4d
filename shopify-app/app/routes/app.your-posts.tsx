// "Your posts" in Shopify admin: every published article of the store (the merchant's own, not only ours), analysed
// with the SEO checks and sorted by opportunity (the articles most worth improving first), page by page. The
// articles are read and analysed in the background after the store's pages are indexed.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useSearchParams } from "@remix-run/react";
import {
  Badge,
  Banner,
  BlockStack,
  Card,
  EmptyState,
  IndexTable,
  Link,
  Page,
  Pagination,
  Text,
} from "@shopify/polaris";
import { sitePostsPageQuerySchema } from "@postwright/core/contracts";
import { seoRating } from "@postwright/core/contracts/seo-rating";
import { listSitePosts } from "@postwright/core/site-posts";
import { authenticate } from "../shopify.server";
import { shopAccount } from "../shop-account.server";

const PAGE_SIZE = 25;

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  const { ctx, user } = await shopAccount(session.shop, admin);
  const url = new URL(request.url);
  const parsed = sitePostsPageQuerySchema.safeParse({ page: url.searchParams.get("page") ?? undefined });
  const page = parsed.success ? parsed.data.page : 1;
  return listSitePosts({ prisma: ctx.db.prisma }, { userId: user.id, platform: "shopify", page, pageSize: PAGE_SIZE });
};

const tones = { green: "success", yellow: "attention", red: "critical" } as const;

function age(days: number | null): string {
  if (days === null) return "Unknown";
  if (days < 1) return "Today";
  if (days < 60) return `${days} ${days === 1 ? "day" : "days"}`;
  if (days < 730) return `${Math.floor(days / 30.44)} months`;
  return `${Math.floor(days / 365.25)} years`;
}

export default function YourPosts() {
  const data = useLoaderData<typeof loader>();
  const [, setParams] = useSearchParams();
  const site = data.site;
  const last = Math.max(1, Math.ceil(data.total / data.pageSize));
  const busy = site?.state === "queued" || site?.state === "analysing";
  return (
    <Page
      title="Your posts"
      subtitle="Every published article of your store, most worth improving first: a low score, failed checks, no links from your other articles and time since the last update raise its opportunity."
    >
      <BlockStack gap="400">
        {site?.state === "failed" ? (
          <Banner tone="critical" title="Your articles could not be analysed. We try again by ourselves.">
            {site.error ? <p>{site.error}</p> : null}
          </Banner>
        ) : null}
        {busy ? (
          <Banner tone="info" title="Reading your articles">
            <p>
              {site?.state === "analysing"
                ? `${site.postsRead.toLocaleString("en-US")} read so far. Reload the page in a moment.`
                : "Your articles are analysed shortly. Reload the page in a moment."}
            </p>
          </Banner>
        ) : null}
        <Card padding="0">
          {data.posts.length === 0 ? (
            <EmptyState
              heading={site ? "No articles analysed yet" : "Your store is not connected yet"}
              image="data:image/gif;base64,R0lGODlhAQABAAAAACw="
            >
              <p>
                {site
                  ? "Published articles of your store appear here once they are read."
                  : "Open the app's home page to connect your store."}
              </p>
            </EmptyState>
          ) : (
            <IndexTable
              itemCount={data.posts.length}
              selectable={false}
              headings={[
                { title: "Article" },
                { title: "SEO score" },
                { title: "What to fix" },
                { title: "Age" },
                { title: "Words", alignment: "end" },
                { title: "Links in", alignment: "end" },
                { title: "Links out", alignment: "end" },
                { title: "Opportunity", alignment: "end" },
              ]}
            >
              {data.posts.map((post, index) => {
                const rating = seoRating(post.score);
                return (
                  <IndexTable.Row id={String(post.id)} key={post.id} position={index}>
                    <IndexTable.Cell>
                      <Link url={post.url} target="_blank" monochrome removeUnderline>
                        <Text as="span" fontWeight="semibold">
                          {post.title}
                        </Text>
                      </Link>
                    </IndexTable.Cell>
                    <IndexTable.Cell>
                      <Badge tone={tones[rating.tone]}>{`${post.score} ${rating.label}`}</Badge>
                    </IndexTable.Cell>
                    <IndexTable.Cell>
                      {post.failingChecks.length === 0 ? (
                        <Text as="span" tone="subdued">
                          Nothing failed
                        </Text>
                      ) : (
                        <BlockStack gap="100">
                          {post.failingChecks.map((check) => (
                            <Text as="p" key={check.id} breakWord>
                              <Text as="span" fontWeight="semibold">
                                {check.label}:
                              </Text>{" "}
                              {check.message}
                            </Text>
                          ))}
                        </BlockStack>
                      )}
                    </IndexTable.Cell>
                    <IndexTable.Cell>{age(post.ageDays)}</IndexTable.Cell>
                    <IndexTable.Cell>
                      <Text as="span" alignment="end" numeric>
                        {post.words}
                      </Text>
                    </IndexTable.Cell>
                    <IndexTable.Cell>
                      <Text as="span" alignment="end" numeric>
                        {post.linksIn}
                      </Text>
                    </IndexTable.Cell>
                    <IndexTable.Cell>
                      <Text as="span" alignment="end" numeric>
                        {post.linksOut}
                      </Text>
                    </IndexTable.Cell>
                    <IndexTable.Cell>
                      <Text as="span" alignment="end" numeric fontWeight="semibold">
                        {post.opportunity.toFixed(1)}
                      </Text>
                    </IndexTable.Cell>
                  </IndexTable.Row>
                );
              })}
            </IndexTable>
          )}
        </Card>
        {last > 1 ? (
          <Pagination
            hasPrevious={data.page > 1}
            hasNext={data.page < last}
            onPrevious={() => setParams({ page: String(data.page - 1) })}
            onNext={() => setParams({ page: String(data.page + 1) })}
            label={`Page ${data.page} of ${last} (${data.total} articles)`}
          />
        ) : null}
      </BlockStack>
    </Page>
  );
}
