// A refresh of one of the store's articles (/app/your-posts/refreshes/:id: under Your posts, where it is proposed, so
// Shopify admin's navigation shows Your posts as the current page): each change (title, SEO title, meta description,
// introduction, each section, conclusion, new sections, an image as the picture itself) side by side, before | after
// with what changed marked, why in words, and a checkbox. The score now and with the ticked changes (scored by the core
// on the server) is shown above. "Publish to store" writes the ticked changes to the same article (same id and handle,
// with Shopify's articleUpdate); then "Restore previous version" puts back the copy kept of the article as it was.
// Nothing changes on the store before "Publish to store". Every rule is the core's (@postwright/core/refresh).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useFetcher, useLoaderData } from "@remix-run/react";
import { useAppBridge } from "@shopify/app-bridge-react";
import {
  Badge,
  Banner,
  BlockStack,
  Button,
  Card,
  Checkbox,
  EmptyState,
  InlineStack,
  Link,
  List,
  Page,
  Text,
} from "@shopify/polaris";
import { useEffect, useRef, useState } from "react";
import {
  refreshIdParamsSchema,
  refreshItemIdsSchema,
  type RefreshScore,
  type RefreshScores,
  type RefreshView,
} from "@postwright/core/contracts";
import * as review from "@postwright/core/contracts/refresh-review";
import { seoRating } from "@postwright/core/contracts/seo-rating";
import { AppError, badRequest, parseInput } from "@postwright/core/errors";
import { getRefresh, previewRefresh, publishRefresh, restoreRefresh } from "@postwright/core/refresh";
import { actionError, loaderError } from "../action-error.server";
import { refreshFor } from "../context.server";
import { readForm } from "../read-form.server";
import { authenticate } from "../shopify.server";
import { shopAccount } from "../shop-account.server";
import { storeTime } from "../store-time";
import { RefreshItemDiff } from "../components/refresh/refresh-item-diff";
import emptyStateImage from "../assets/empty-state-done.svg";

function refreshId(params: { id?: string }): number {
  const parsed = refreshIdParamsSchema.safeParse(params);
  if (!parsed.success) {
    throw new AppError("NOT_FOUND", "This refresh does not exist, or it is not yours. Start again from Your posts.");
  }
  return parsed.data.id;
}

export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  try {
    const { ctx, user } = await shopAccount(session.shop, admin);
    const refresh = await getRefresh({ prisma: ctx.db.prisma }, { userId: user.id, refreshId: refreshId(params) });
    // Times are the store's (its zone is the account's), on the server and in the browser alike.
    return { ...refresh, timeZone: user.timeZone };
  } catch (error) {
    throw loaderError(error);
  }
};

type ActionAnswer =
  | { intent: "preview"; scores: RefreshScores }
  | { intent: "publish" | "restore"; refresh: RefreshView; message: string }
  | { message: string; status: number; code: string };

export const action = async ({ request, params }: ActionFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  try {
    const { ctx, user } = await shopAccount(session.shop, admin);
    const id = refreshId(params);
    const form = await readForm(request);
    const intent = String(form.get("intent") ?? "");
    const chosen = () => parseInput(refreshItemIdsSchema, { itemIds: form.getAll("itemId").map(String) }).itemIds;
    switch (intent) {
      case "preview":
        return {
          intent,
          scores: await previewRefresh(
            { prisma: ctx.db.prisma },
            { userId: user.id, refreshId: id, itemIds: chosen() },
          ),
        } satisfies ActionAnswer;
      case "publish":
        return {
          intent,
          refresh: await publishRefresh(refreshFor(ctx), { userId: user.id, refreshId: id, itemIds: chosen() }),
          message: "Published to your store: the same article, at the same address",
        } satisfies ActionAnswer;
      case "restore":
        return {
          intent,
          refresh: await restoreRefresh(refreshFor(ctx), { userId: user.id, refreshId: id }),
          message: "Previous version restored",
        } satisfies ActionAnswer;
      default:
        throw badRequest("Unknown action.");
    }
  } catch (error) {
    return actionError(error);
  }
};

function Score({ label, score }: { label: string; score: RefreshScore }) {
  const rating = seoRating(score.score);
  const tone = { green: "success", yellow: "attention", red: "critical" } as const;
  return (
    <BlockStack gap="100">
      <Text as="p" variant="bodySm" tone="subdued">
        {label}
      </Text>
      <InlineStack gap="200" blockAlign="center">
        <Text as="p" variant="headingXl">
          {score.score}
        </Text>
        <Badge tone={tone[rating.tone]}>{rating.label}</Badge>
      </InlineStack>
      <Text as="p" variant="bodySm" tone="subdued">
        {review.scoreSummary(score)}
      </Text>
    </BlockStack>
  );
}

export default function RefreshPage() {
  const loaded = useLoaderData<typeof loader>();
  const shopify = useAppBridge();
  const act = useFetcher<ActionAnswer>();
  const score = useFetcher<ActionAnswer>();
  const answer = act.data;
  // The refresh as the last publish or restore answered it, else as loaded.
  const refresh = answer && "refresh" in answer && answer.refresh.id === loaded.id ? answer.refresh : loaded;
  const proposed = refresh.state === "proposed";
  const [chosen, setChosen] = useState<string[]>(refresh.scores.chosenItemIds);
  const [scores, setScores] = useState<RefreshScores>(refresh.scores);
  const latest = useRef(review.choiceKey(chosen));
  latest.current = review.choiceKey(chosen);

  // The scores of the ticked changes, from the server; an older answer arriving after a newer choice is not shown.
  const scored = score.data && "scores" in score.data ? score.data.scores : undefined;
  useEffect(() => {
    if (scored && review.answersLatestChoice(scored, latest.current)) setScores(scored);
  }, [scored]);
  const { submit: submitScore } = score;
  const toScore = review.choiceToScore({ state: refresh.state, chosen, scores });
  const toScoreKey = toScore && review.choiceKey(toScore);
  useEffect(() => {
    if (!toScoreKey) return;
    const form = new FormData();
    form.set("intent", "preview");
    for (const id of toScoreKey.split(",")) form.append("itemId", id);
    submitScore(form, { method: "post" });
  }, [toScoreKey, submitScore]);

  // A publish or restore done: said in Shopify admin's toast, and the page shows the refresh as it now stands.
  useEffect(() => {
    if (answer && "refresh" in answer) {
      setScores(answer.refresh.scores);
      setChosen(answer.refresh.scores.chosenItemIds);
      shopify.toast.show(answer.message);
    }
  }, [answer, shopify]);

  const failure = act.state === "idle" && answer && "status" in answer ? answer : undefined;
  const pendingIntent = act.state !== "idle" ? String(act.formData?.get("intent") ?? "") : null;
  const publish = () => {
    const form = new FormData();
    form.set("intent", "publish");
    for (const id of chosen) form.append("itemId", id);
    act.submit(form, { method: "post" });
  };
  const restore = () => act.submit({ intent: "restore" }, { method: "post" });
  const toggle = (id: string, on: boolean) => setChosen((ids) => review.toggleChoice(refresh.items, ids, id, on));
  const count = review.changesCount(chosen.length);

  return (
    <Page
      title="Refresh an article"
      subtitle={refresh.title}
      backAction={{ content: "Your posts", url: "/app/your-posts" }}
      titleMetadata={
        refresh.state === "published" ? (
          <Badge tone="success">Published</Badge>
        ) : refresh.state === "restored" ? (
          <Badge>Restored</Badge>
        ) : (
          <Badge tone="info">Not published</Badge>
        )
      }
      primaryAction={
        proposed && refresh.items.length > 0
          ? {
              content: pendingIntent === "publish" ? "Publishing..." : `Publish to store (${count})`,
              onAction: publish,
              loading: pendingIntent === "publish",
              disabled: chosen.length === 0 || pendingIntent !== null,
            }
          : undefined
      }
      secondaryActions={
        refresh.canRestore
          ? [
              {
                content: pendingIntent === "restore" ? "Restoring..." : "Restore previous version",
                onAction: restore,
                loading: pendingIntent === "restore",
                disabled: pendingIntent !== null,
              },
            ]
          : []
      }
    >
      <BlockStack gap="400">
        {failure ? (
          failure.status === 409 ? (
            <Banner
              tone="warning"
              title={failure.message}
              action={{ content: "Back to Your posts", url: "/app/your-posts" }}
            >
              <p>Nothing was changed on your store. From Your posts, choose Refresh on this article again.</p>
            </Banner>
          ) : (
            <Banner tone="critical" title={failure.message} />
          )
        ) : null}
        <Card>
          <BlockStack gap="300">
            <InlineStack align="space-between" blockAlign="start" gap="400">
              <BlockStack gap="100">
                <Link url={refresh.url} target="_blank">
                  {refresh.title}
                </Link>
                <Text as="p" tone="subdued">
                  Keyphrase: {refresh.keyphrase}. Proposed by {review.proposedBy(refresh.generator)}. The article keeps
                  its address.
                </Text>
              </BlockStack>
              <InlineStack gap="600" blockAlign="center">
                <Score label="Score now" score={scores.before} />
                <Text as="span" tone="subdued">
                  →
                </Text>
                <Score label={review.shownScoreLabel(refresh.state)} score={review.shownScore(scores, chosen)} />
              </InlineStack>
            </InlineStack>
            <Text as="p" tone={proposed && chosen.length === 0 ? "caution" : undefined}>
              {proposed
                ? chosen.length === 0
                  ? "Tick at least one change to publish."
                  : "Nothing changes on your store until you choose Publish to store."
                : refresh.state === "published"
                  ? `Published ${storeTime(refresh.publishedAt!, loaded.timeZone)} to the same article, at the same address. The previous version is kept: Restore previous version puts it back.`
                  : `The previous version was restored ${storeTime(refresh.restoredAt!, loaded.timeZone)}.`}
            </Text>
          </BlockStack>
        </Card>
        {refresh.items.length === 0 ? (
          <Card>
            <EmptyState
              heading="Nothing to improve"
              action={{ content: "Back to Your posts", url: "/app/your-posts" }}
              image={emptyStateImage}
            >
              <p>This article passes the checks a refresh can fix: there is nothing to change.</p>
            </EmptyState>
          </Card>
        ) : (
          <>
            <InlineStack align="space-between" blockAlign="center">
              <Text as="h2" variant="headingMd">
                {refresh.items.length} proposed {refresh.items.length === 1 ? "change" : "changes"}
              </Text>
              {proposed ? (
                <InlineStack gap="200">
                  <Button variant="plain" onClick={() => setChosen(review.everyChange(refresh.items))}>
                    Tick all
                  </Button>
                  <Button variant="plain" onClick={() => setChosen([])}>
                    Untick all
                  </Button>
                </InlineStack>
              ) : null}
            </InlineStack>
            {refresh.items.map((item) => (
              <Card key={item.id}>
                <BlockStack gap="300">
                  <Checkbox
                    label={
                      <Text as="span" variant="headingSm">
                        {item.label}
                      </Text>
                    }
                    checked={chosen.includes(item.id)}
                    disabled={!proposed || pendingIntent !== null}
                    onChange={(on) => toggle(item.id, on)}
                  />
                  <List type="bullet">
                    {item.why.map((why) => (
                      <List.Item key={why}>{why}</List.Item>
                    ))}
                  </List>
                  <RefreshItemDiff item={item} />
                </BlockStack>
              </Card>
            ))}
          </>
        )}
      </BlockStack>
    </Page>
  );
}
