// "Refresh" on a row of Your posts: asks the server for a proposal (it reads the article from the store and writes
// the update, which takes a few seconds, longer with a model), shows it is working, then the refresh page opens. A
// refusal (the hour's proposals used up, the store unreachable) stays under the button in words.
import { useFetcher } from "@remix-run/react";
import { BlockStack, Button, Text } from "@shopify/polaris";

export function RefreshButton({ sitePostId, title }: { sitePostId: number; title: string }) {
  const fetcher = useFetcher<{ message?: string; status?: number }>();
  const pending = fetcher.state !== "idle";
  const failed = !pending && fetcher.data && "status" in fetcher.data ? fetcher.data.message : undefined;
  return (
    <BlockStack gap="100" inlineAlign="start">
      <Button
        size="slim"
        loading={pending}
        accessibilityLabel={pending ? `Proposing a refresh of ${title}` : `Refresh ${title}`}
        onClick={() => fetcher.submit({ intent: "refresh", sitePostId: String(sitePostId) }, { method: "post" })}
      >
        Refresh
      </Button>
      {failed ? (
        <Text as="p" variant="bodySm" tone="critical">
          {failed}
        </Text>
      ) : null}
    </BlockStack>
  );
}
