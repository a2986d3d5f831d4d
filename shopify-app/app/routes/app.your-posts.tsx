// "Your posts" in Shopify admin: every published article of the store (the merchant's own, not only ours), analysed
// with the SEO checks and sorted by opportunity (the articles most worth improving first), page by page. The
// articles are read and analysed in the background after the store's pages are indexed. Each article has "Refresh",
// under its title (an update proposed for review at /app/your-posts/refreshes/:id; nothing changes on the store until
// the merchant publishes it).
// Search Console: its card (connect, property, last read, disconnect), each article's clicks, impressions and
// position against the 28 days before with "Losing visitors", and the queries no article answers as ideas to add to a
// content plan, all for this store (the account's other sites keep their own Search Console connections). Google's
// consent screen cannot be shown inside Shopify admin's frame: "Connect Search Console" opens it in the whole window,
// and Google's answer comes back here through api.search-console.callback.tsx.
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useFetchers, useLoaderData, useNavigate, useSearchParams } from "@remix-run/react";
import { useAppBridge } from "@shopify/app-bridge-react";
import {
  Badge,
  Banner,
  BlockStack,
  Card,
  EmptyState,
  IndexTable,
  InlineStack,
  Link,
  Page,
  Pagination,
  Spinner,
  Text,
} from "@shopify/polaris";
import { boundary } from "@shopify/shopify-app-remix/server";
import { useEffect, useState, type ReactNode } from "react";
import { planActions, planItemSchema } from "@postwright/core/autopilot";
import { searchConsoleCallbackSchema, sitePostsPageQuerySchema, type SitePostView } from "@postwright/core/contracts";
import { seoRating } from "@postwright/core/contracts/seo-rating";
import { badRequest, isAppError, parseInput } from "@postwright/core/errors";
import { proposeRefresh } from "@postwright/core/refresh";
import {
  chooseSearchConsoleProperty,
  completeSearchConsoleConnect,
  disconnectSearchConsole,
  getSearchConsoleStatus,
  listSearchConsoleIdeas,
  startSearchConsoleConnect,
} from "@postwright/core/search-console";
import { listSitePosts } from "@postwright/core/site-posts";
import { actionError } from "../action-error.server";
import { SearchConsoleCard } from "../components/search-console/search-console-card";
import { SearchConsoleIdeas } from "../components/search-console/search-console-ideas";
import { RefreshButton } from "../components/refresh/refresh-button";
import { refreshFor, searchConsoleFor, writerFor, type AppContext } from "../context.server";
import { appLogger } from "../logger.server";
import { readForm } from "../read-form.server";
import { authenticate } from "../shopify.server";
import { shopAccount } from "../shop-account.server";
import emptyStateImage from "../assets/empty-state-search.svg";

const PAGE_SIZE = 25;

/** Google's answer, forwarded by the callback route through Shopify admin as `google_code`, `google_state`... */
const GOOGLE_PARAMS = ["code", "state", "error", "scope"] as const;

type Outcome = { connected: true } | { connected: false; message: string };

/**
 * Completes a Search Console connection Google approved: only for the shop whose account started it (the state names
 * it; another shop's approval is refused), so an approval link sent to someone else never connects their Google
 * account to another account.
 */
async function completeConnect(ctx: AppContext, userId: number, url: URL): Promise<Outcome | null> {
  if (!url.searchParams.has("google_state")) return null;
  const raw = Object.fromEntries(
    GOOGLE_PARAMS.flatMap((name) => {
      const value = url.searchParams.get(`google_${name}`);
      return value === null ? [] : [[name, value]];
    }),
  );
  try {
    const callback = searchConsoleCallbackSchema.safeParse(raw);
    if (!callback.success) throw badRequest("Google sent back an answer Postwright cannot read. Nothing was saved.");
    await completeSearchConsoleConnect(searchConsoleFor(ctx), { userId, callback: callback.data });
    return { connected: true };
  } catch (error) {
    if (isAppError(error) && error.status < 500) return { connected: false, message: error.message };
    appLogger().error({ err: error, userId }, "Connecting Search Console failed");
    return {
      connected: false,
      message: isAppError(error) ? error.message : "Search Console could not be connected. Please try again.",
    };
  }
}

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  const { ctx, user } = await shopAccount(session.shop, admin);
  const url = new URL(request.url);
  const outcome = await completeConnect(ctx, user.id, url);
  const parsed = sitePostsPageQuerySchema.safeParse({ page: url.searchParams.get("page") ?? undefined });
  const page = parsed.success ? parsed.data.page : 1;
  const google = searchConsoleFor(ctx);
  const [posts, searchConsole] = await Promise.all([
    listSitePosts({ prisma: ctx.db.prisma }, { userId: user.id, platform: "shopify", page, pageSize: PAGE_SIZE }),
    getSearchConsoleStatus(google, { userId: user.id, platform: "shopify" }),
  ]);
  const read = searchConsole.connection?.state === "connected" && searchConsole.connection.readAt !== null;
  const [ideas, plans] = read
    ? await Promise.all([
        listSearchConsoleIdeas(google, { userId: user.id, platform: "shopify" }),
        planActions({ db: ctx.db, writer: writerFor(ctx) }, { userId: user.id }).list(),
      ])
    : [{ ideas: [] }, []];
  return {
    ...posts,
    searchConsole,
    ideas: ideas.ideas,
    plans: plans.map((plan) => ({ id: plan.id, name: plan.name })),
    outcome,
    // Times are the store's (its zone is the account's), on the server and in the browser alike.
    timeZone: user.timeZone,
  };
};

export const action = async ({ request }: ActionFunctionArgs) => {
  const { session, admin, redirect } = await authenticate.admin(request);
  try {
    const { ctx, user } = await shopAccount(session.shop, admin);
    const form = await readForm(request);
    const intent = String(form.get("intent") ?? "");
    switch (intent) {
      case "refresh": {
        // Reads the article from the store and writes the proposal (seconds; longer with a model). Nothing is
        // written to the store.
        const sitePostId = Number(form.get("sitePostId"));
        if (!Number.isInteger(sitePostId) || sitePostId <= 0) {
          throw badRequest("Choose an article of Your posts to refresh.");
        }
        const refresh = await proposeRefresh(refreshFor(ctx), { userId: user.id, sitePostId });
        return redirect(`/app/your-posts/refreshes/${refresh.id}`);
      }
      case "search-console-connect": {
        // Google's consent screen refuses to be framed: the whole admin window goes there.
        const { authorizeUrl } = await startSearchConsoleConnect(searchConsoleFor(ctx), {
          userId: user.id,
          platform: "shopify",
        });
        return redirect(authorizeUrl, { target: "_top" });
      }
      case "search-console-property":
        await chooseSearchConsoleProperty(searchConsoleFor(ctx), {
          userId: user.id,
          platform: "shopify",
          siteUrl: String(form.get("siteUrl") ?? ""),
        });
        return { intent, message: "Property chosen: its figures are read now" };
      case "search-console-disconnect":
        await disconnectSearchConsole(searchConsoleFor(ctx), { userId: user.id, platform: "shopify" });
        return { intent, message: "Search Console disconnected" };
      case "add-idea": {
        const plans = planActions({ db: ctx.db, writer: writerFor(ctx) }, { userId: user.id });
        let keywords: unknown;
        try {
          keywords = JSON.parse(String(form.get("keywords") ?? "[]"));
        } catch {
          throw badRequest("Choose ideas from the list.");
        }
        const item = parseInput(planItemSchema, {
          title: String(form.get("title") ?? ""),
          keywords,
          notes: String(form.get("notes") ?? "") || null,
        });
        await plans.addItems(String(form.get("planId") ?? ""), [item]);
        return { intent, message: "Added to the plan", query: String(form.get("query") ?? "") };
      }
      default:
        throw badRequest("Unknown action.");
    }
  } catch (error) {
    return actionError(error);
  }
};

// "Connect Search Console" leaves the frame with a thrown answer whose headers App Bridge reads (as the Plans page).
export const headers: HeadersFunction = (headersArgs) => boundary.headers(headersArgs);

const tones = { green: "success", yellow: "attention", red: "critical" } as const;

function age(days: number | null): string {
  if (days === null) return "Unknown";
  if (days < 1) return "Today";
  if (days < 60) return `${days} ${days === 1 ? "day" : "days"}`;
  if (days < 730) return `${Math.floor(days / 30.44)} months`;
  const years = Math.floor(days / 365.25);
  return `${years} ${years === 1 ? "year" : "years"}`;
}

const number = (value: number) => value.toLocaleString("en-US");

/** A Search Console figure with its change on the 28 days before ("12 fewer", "3 places higher"). */
function Figure({ now, before, position = false }: { now: number | null; before: number | null; position?: boolean }) {
  if (now === null) {
    return (
      <Text as="span" alignment="end" tone="subdued">
        —
      </Text>
    );
  }
  const change = before === null ? 0 : position ? before - now : now - before;
  const rounded = position ? Math.round(Math.abs(change) * 10) / 10 : Math.abs(change);
  return (
    <BlockStack gap="050" inlineAlign="end">
      <Text as="span" numeric>
        {position ? now.toFixed(1) : number(now)}
      </Text>
      {rounded !== 0 ? (
        <Text as="span" variant="bodySm" tone={change < 0 ? "critical" : "success"}>
          {change < 0 ? "▼" : "▲"}{" "}
          {position
            ? `${rounded} ${rounded === 1 ? "place" : "places"} ${change < 0 ? "lower" : "higher"}`
            : `${number(rounded)} ${change < 0 ? "fewer" : "more"}`}
        </Text>
      ) : null}
    </BlockStack>
  );
}

/**
 * Google's approval coming back: said in Shopify admin's toast, or kept as a banner with the reason when it failed;
 * the address then loses Google's answer, so a reload does not send it again.
 */
function useConnectOutcome(outcome: Outcome | null): [string | null, () => void] {
  const shopify = useAppBridge();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const pending = params.has("google_state");
  useEffect(() => {
    if (!pending) return;
    if (outcome?.connected) shopify.toast.show("Search Console connected: your figures are being read");
    else if (outcome) setFailure(outcome.message);
    navigate("/app/your-posts", { replace: true });
  }, [pending, outcome, shopify, navigate]);
  return [failure, () => setFailure(null)];
}

export default function YourPosts() {
  const data = useLoaderData<typeof loader>();
  const [, setParams] = useSearchParams();
  const [connectFailure, dismissFailure] = useConnectOutcome(data.outcome);
  const proposing = useFetchers().find((f) => f.state !== "idle" && f.formData?.get("intent") === "refresh");
  const proposingTitle = proposing
    ? data.posts.find((p) => String(p.id) === String(proposing.formData?.get("sitePostId")))?.title
    : undefined;
  const site = data.site;
  const last = Math.max(1, Math.ceil(data.total / data.pageSize));
  const busy = site?.state === "queued" || site?.state === "analysing";
  const withSearch = data.posts.some((post) => post.search !== null);
  return (
    <Page
      title="Your posts"
      subtitle="Every published article of your store, most worth improving first: a low score, failed checks, no links from your other articles and time since the last update raise its opportunity."
    >
      <BlockStack gap="400">
        {connectFailure ? (
          <Banner tone="critical" title="Search Console was not connected" onDismiss={dismissFailure}>
            <p>{connectFailure}</p>
          </Banner>
        ) : null}
        {proposing ? (
          <Banner tone="info" title={`Proposing a refresh${proposingTitle ? ` of "${proposingTitle}"` : ""}`}>
            <InlineStack gap="200" blockAlign="center" wrap={false}>
              <Spinner size="small" accessibilityLabel="Proposing" />
              <p>
                Reading the article from your store and writing the update. This takes a few seconds; nothing changes on
                your store until you publish it.
              </p>
            </InlineStack>
          </Banner>
        ) : null}
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
        {site ? <SearchConsoleCard status={data.searchConsole} timeZone={data.timeZone} /> : null}
        <Card padding="0">
          {data.posts.length === 0 ? (
            <EmptyState
              heading={site ? "No articles analysed yet" : "Your store is not connected yet"}
              image={emptyStateImage}
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
                ...(withSearch
                  ? ([
                      { title: "Clicks (28 days)", alignment: "end" },
                      { title: "Impressions", alignment: "end" },
                      { title: "Position", alignment: "end" },
                    ] as const)
                  : []),
                { title: "Opportunity", alignment: "end" },
              ]}
            >
              {data.posts.map((post, index) => (
                <PostRow key={post.id} post={post} index={index} withSearch={withSearch} />
              ))}
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
        {data.searchConsole.connection?.state === "connected" && data.searchConsole.connection.readAt ? (
          <SearchConsoleIdeas ideas={data.ideas} plans={data.plans} />
        ) : null}
      </BlockStack>
    </Page>
  );
}

/** Text that wraps within a table cell (Polaris's cells keep to one line), up to a width. */
function Wrap({ width, children }: { width: string; children: ReactNode }) {
  return <div style={{ whiteSpace: "normal", maxWidth: width, minWidth: "10rem" }}>{children}</div>;
}

function PostRow({ post, index, withSearch }: { post: SitePostView; index: number; withSearch: boolean }) {
  const rating = seoRating(post.score);
  return (
    <IndexTable.Row id={String(post.id)} position={index}>
      <IndexTable.Cell>
        <Wrap width="14rem">
          <BlockStack gap="100">
            <Link url={post.url} target="_blank" monochrome removeUnderline>
              <Text as="span" fontWeight="semibold">
                {post.title}
              </Text>
            </Link>
            {post.refreshCandidate ? (
              <InlineStack gap="100" blockAlign="center">
                <Badge tone="warning">Losing visitors</Badge>
                <Text as="span" variant="bodySm" tone="critical">
                  {post.refreshReason}
                </Text>
              </InlineStack>
            ) : null}
            {/* In the first column, which stays in view when the table scrolls sideways. */}
            <RefreshButton sitePostId={post.id} title={post.title || post.url} />
          </BlockStack>
        </Wrap>
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
          // The checks by name at a glance (the refresh says what each asks for), so the row's Refresh stays in view.
          <Wrap width="13rem">
            <Text as="p" breakWord>
              <Text as="span" fontWeight="semibold">
                {post.failingChecks.length} {post.failingChecks.length === 1 ? "check" : "checks"} failed:
              </Text>{" "}
              {post.failingChecks
                .slice(0, 3)
                .map((check) => check.label)
                .join(", ")}
              {post.failingChecks.length > 3 ? ` and ${post.failingChecks.length - 3} more` : ""}
            </Text>
          </Wrap>
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
      {withSearch ? (
        <>
          <IndexTable.Cell>
            <Figure now={post.search?.clicks ?? null} before={post.search?.previousClicks ?? null} />
          </IndexTable.Cell>
          <IndexTable.Cell>
            <Figure now={post.search?.impressions ?? null} before={post.search?.previousImpressions ?? null} />
          </IndexTable.Cell>
          <IndexTable.Cell>
            <Figure now={post.search?.position ?? null} before={post.search?.previousPosition ?? null} position />
          </IndexTable.Cell>
        </>
      ) : null}
      <IndexTable.Cell>
        <Text as="span" alignment="end" numeric fontWeight="semibold">
          {post.opportunity.toFixed(1)}
        </Text>
      </IndexTable.Cell>
    </IndexTable.Row>
  );
}
