// One of the plan's titles: its post's title, status, slot, keywords and why it was skipped or failed, a link to its
// post, and what can be done with it in its status (approve, skip, earlier or later, remove).
import { Form, Link, useNavigation } from "@remix-run/react";
import { Badge, BlockStack, Button, InlineStack, Text } from "@shopify/polaris";
import { itemStatusLabel, itemTone } from "../../autopilot-format";
import type { PlanItemAction } from "@postwright/core/contracts";
import type { LoadedItem } from "./types";

export function TitleRow({ item }: { item: LoadedItem }) {
  const post = item.post;
  return (
    <InlineStack align="space-between" blockAlign="start" gap="300">
      <BlockStack gap="100">
        <InlineStack gap="200" blockAlign="center">
          <Text as="h3" variant="headingSm">
            {post?.title ?? item.title}
          </Text>
          <Badge tone={itemTone[item.status]}>{itemStatusLabel[item.status]}</Badge>
          {post && item.status === "to_review" ? <Badge tone="info">{`SEO score ${post.seoScore}`}</Badge> : null}
        </InlineStack>
        <Text as="p" tone="subdued">
          {whenText(item)}
          {item.keywords.length ? ` · ${item.keywords.join(", ")}` : ""}
        </Text>
        {item.lastError && (item.status === "skipped" || item.status === "failed") ? (
          <Text as="p" tone={item.status === "failed" ? "critical" : "subdued"}>
            {item.lastError}
          </Text>
        ) : null}
        {post ? (
          <Link to={`/app/posts/${post.id}`}>{item.status === "to_review" ? "Open draft" : "Open post"}</Link>
        ) : null}
      </BlockStack>
      {/* Each button is one of the title's actions, as the core allows them for its status (item.actions). */}
      <InlineStack gap="200" wrap={false}>
        {can(item, "approve") ? (
          <TitleAction item={item} intent="approve" variant="primary">
            Approve
          </TitleAction>
        ) : null}
        {can(item, "skip") && item.status !== "planned" ? (
          <TitleAction item={item} intent="skip">
            Skip
          </TitleAction>
        ) : null}
        {can(item, "move") ? (
          <>
            <TitleAction item={item} intent="earlier">
              Earlier
            </TitleAction>
            <TitleAction item={item} intent="later">
              Later
            </TitleAction>
          </>
        ) : null}
        {can(item, "remove") ? (
          <TitleAction item={item} intent="remove" tone="critical">
            Remove
          </TitleAction>
        ) : null}
      </InlineStack>
    </InlineStack>
  );
}

function whenText(item: LoadedItem): string {
  if (item.status === "to_review" && item.slot) return `Publishes ${item.slot} if you approve it`;
  if (item.status === "published" && item.slot) return `Published in its slot, ${item.slot}`;
  if (item.slot) return `Slot: ${item.slot}`;
  return item.status === "planned" ? "Waiting for a slot" : "No slot";
}

/** A button that sends one intent for this title; every title's buttons wait while any form is sent. */
function TitleAction({
  item,
  intent,
  variant,
  tone,
  children,
}: {
  item: LoadedItem;
  intent: "approve" | "skip" | "remove" | "earlier" | "later";
  variant?: "primary";
  tone?: "critical";
  children: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const mine =
    busy && navigation.formData?.get("intent") === intent && navigation.formData?.get("itemId") === String(item.id);
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="itemId" value={item.id} />
      <Button submit size="slim" variant={variant} tone={tone} loading={mine} disabled={busy}>
        {children}
      </Button>
    </Form>
  );
}

/** Whether the core allows `action` on the title now. */
const can = (item: LoadedItem, action: PlanItemAction) => item.actions.includes(action);
