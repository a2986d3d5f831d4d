// One change of a refresh side by side, before | after: removed words struck through, added words underlined and bold,
// each announced as "removed:" or "added:" to screen readers. An image is shown as the picture itself (its alt text
// beneath, as search engines read it), beside the post's image it changes or nothing when it is added.
import { BlockStack, Box, InlineGrid, Text } from "@shopify/polaris";
import type { RefreshItem } from "@postwright/core/contracts";
import { changeSides, imageSides, type ReviewImage } from "@postwright/core/contracts/refresh-review";
import type { DiffSegment } from "@postwright/core/contracts/word-diff";

/** One side of a change: removed words struck through (before), added words underlined and bold (after). */
function Side({ segments, side }: { segments: DiffSegment[]; side: "before" | "after" }) {
  return (
    <p style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere", margin: 0 }}>
      {segments.map((segment, i) => {
        if (segment.kind === "same") return <span key={i}>{segment.text}</span>;
        if (side === "before" && segment.kind === "removed") {
          return (
            <del
              key={i}
              style={{ background: "var(--p-color-bg-fill-critical-secondary)", textDecorationThickness: "2px" }}
            >
              <Text as="span" visuallyHidden>
                removed:{" "}
              </Text>
              {segment.text}
            </del>
          );
        }
        if (side === "after" && segment.kind === "added") {
          return (
            <ins
              key={i}
              style={{
                background: "var(--p-color-bg-fill-success-secondary)",
                fontWeight: 600,
                textDecorationThickness: "2px",
              }}
            >
              <Text as="span" visuallyHidden>
                added:{" "}
              </Text>
              {segment.text}
            </ins>
          );
        }
        return null;
      })}
    </p>
  );
}

/** A picture as a thumbnail, its alt text beneath with the words removed or added marked. */
function Picture({ image, segments, side }: { image: ReviewImage; segments: DiffSegment[]; side: "before" | "after" }) {
  return (
    <figure style={{ margin: 0 }}>
      <BlockStack gap="200">
        <img
          src={image.src}
          alt={image.alt}
          loading="lazy"
          style={{
            display: "block",
            maxWidth: "100%",
            maxHeight: "12rem",
            width: "auto",
            objectFit: "contain",
            borderRadius: "var(--p-border-radius-200)",
            border: "var(--p-border-width-025) solid var(--p-color-border)",
            background: "var(--p-color-bg-surface)",
          }}
        />
        <figcaption>
          <BlockStack gap="050">
            <Text as="span" variant="bodySm" tone="subdued">
              Alt text, read by search engines:
            </Text>
            {image.alt ? (
              <Side segments={segments} side={side} />
            ) : (
              <Text as="p" tone="subdued">
                No alt text
              </Text>
            )}
          </BlockStack>
        </figcaption>
      </BlockStack>
    </figure>
  );
}

/** An image change as pictures: nothing (an image added) or the post's image, beside the image proposed. */
function ImageDiff({ label, image }: { label: string; image: NonNullable<ReturnType<typeof imageSides>> }) {
  return (
    <InlineGrid columns={{ xs: 1, md: 2 }} gap="300">
      <section aria-label={`${label}: before`}>
        <Box background="bg-surface-secondary" padding="300" borderRadius="200" minHeight="100%">
          <BlockStack gap="100">
            <Text as="h3" variant="headingSm" tone="subdued">
              Before
            </Text>
            {image.before ? (
              <Picture image={image.before} segments={image.segments} side="before" />
            ) : (
              <Text as="p" tone="subdued">
                Nothing yet: this is new.
              </Text>
            )}
          </BlockStack>
        </Box>
      </section>
      <section aria-label={`${label}: after`}>
        <Box padding="300" borderRadius="200" borderWidth="025" borderColor="border" minHeight="100%">
          <BlockStack gap="100">
            <Text as="h3" variant="headingSm" tone="subdued">
              After
            </Text>
            <Picture image={image.after} segments={image.segments} side="after" />
          </BlockStack>
        </Box>
      </section>
    </InlineGrid>
  );
}

export function RefreshItemDiff({ item }: { item: RefreshItem }) {
  const image = imageSides(item);
  if (image) return <ImageDiff label={item.label} image={image} />;
  const { before, segments } = changeSides(item);
  return (
    <InlineGrid columns={{ xs: 1, md: 2 }} gap="300">
      <Box background="bg-surface-secondary" padding="300" borderRadius="200">
        <BlockStack gap="100">
          <Text as="h3" variant="headingSm" tone="subdued">
            Before
          </Text>
          {before ? (
            <Side segments={segments} side="before" />
          ) : (
            <Text as="p" tone="subdued">
              Nothing yet: this is new.
            </Text>
          )}
        </BlockStack>
      </Box>
      <Box padding="300" borderRadius="200" borderWidth="025" borderColor="border">
        <BlockStack gap="100">
          <Text as="h3" variant="headingSm" tone="subdued">
            After
          </Text>
          <Side segments={segments} side="after" />
        </BlockStack>
      </Box>
    </InlineGrid>
  );
}
