// The write page while a post is written: the stage the writer is at, and the post so far, each part as soon as it is
// written, in reading order, with a place kept for each part still to come once the outline is known. Each finished
// part is announced politely to screen readers.
import { BlockStack, Box, Card, InlineStack, ProgressBar, SkeletonBodyText, Text } from "@shopify/polaris";
import type { WriteProgress } from "./use-write-stream";

const stageText = {
  planning: "Planning: outlining the post around your title and keywords…",
  writing: "Writing: each section of the post…",
  reviewing: "Reviewing: checking SEO and polishing the draft…",
} as const;

const stageProgress = { planning: 10, writing: 25, reviewing: 92 } as const;

export function WriteProgressCard({ progress }: { progress: WriteProgress }) {
  const parts = [...progress.parts.values()].sort((a, b) => a.index - b.index);
  const total = parts.find((part) => part.total !== null)?.total ?? null;
  const stage = progress.stage ?? "planning";
  const written = total ? Math.min(parts.length / total, 1) : 0;
  const percent = stage === "writing" ? stageProgress.writing + Math.round(written * 60) : stageProgress[stage];
  const slots = total ? Array.from({ length: total }, (_, index) => index) : parts.map((part) => part.index);
  const latest = parts.at(-1);
  const count = total
    ? `${parts.length} of ${total} parts written`
    : `${parts.length} ${parts.length === 1 ? "part" : "parts"} written`;
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Writing your post
        </Text>
        <Text as="p" tone="subdued">
          This usually takes under a minute, and the post shows below as it is written. You can keep this page open
          while it works.
        </Text>
        <div role="status" aria-live="polite">
          <Text as="p">{stageText[stage]}</Text>
        </div>
        <ProgressBar progress={percent} animated size="small" />
        {parts.length > 0 || total ? (
          <BlockStack gap="200">
            <InlineStack align="space-between" blockAlign="baseline">
              <Text as="h3" variant="headingSm">
                Your post so far
              </Text>
              <Text as="p" tone="subdued" variant="bodySm">
                {count}
              </Text>
            </InlineStack>
            <div aria-live="polite" aria-atomic="true">
              <Text as="p" visuallyHidden>
                {latest ? `${latest.heading ?? "The introduction"} written. ${count}.` : ""}
              </Text>
            </div>
            <section aria-label="Your post so far" className="article-preview">
              <ol style={{ listStyle: "none", margin: 0, padding: 0 }}>
                {slots.map((index) => {
                  const part = progress.parts.get(index);
                  return (
                    <li key={index} data-part={index}>
                      {part ? (
                        // Sanitised on the server to the post allowlist, as the finished post is.
                        <div className="article-preview__body" dangerouslySetInnerHTML={{ __html: part.html }} />
                      ) : (
                        <Box paddingBlock="300">
                          <Text
                            as="p"
                            tone="subdued"
                          >{`${index === 0 ? "Introduction" : total && index === total - 1 ? "Conclusion" : `Section ${index}`}: being written…`}</Text>
                          <SkeletonBodyText lines={2} />
                        </Box>
                      )}
                    </li>
                  );
                })}
              </ol>
            </section>
          </BlockStack>
        ) : null}
      </BlockStack>
    </Card>
  );
}
