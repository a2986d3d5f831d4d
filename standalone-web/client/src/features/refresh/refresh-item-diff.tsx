// One item of a refresh side by side: the post as it is (removed words struck through) and as proposed (added words
// underlined and bold). Changes are marked by more than colour: strike-through and underline, and each change is
// announced as "removed:" or "added:" to screen readers. An image is shown as the picture itself (its alt text beneath,
// as search engines read it), beside the post's image it changes or nothing when it is added.
import type { RefreshItem } from "@postwright/core/contracts";
import { changeSides, imageSides, type ReviewImage } from "@postwright/core/contracts/refresh-review";
import type { DiffSegment } from "@postwright/core/contracts/word-diff";

function Side({ segments, side }: { segments: DiffSegment[]; side: "before" | "after" }) {
  return (
    <p className="whitespace-pre-wrap break-words text-sm leading-relaxed">
      {segments.map((segment, i) => {
        if (segment.kind === "same") return <span key={i}>{segment.text}</span>;
        if (side === "before" && segment.kind === "removed") {
          return (
            <del key={i} className="rounded-sm bg-destructive-soft text-destructive line-through decoration-2">
              <span className="sr-only">removed: </span>
              {segment.text}
            </del>
          );
        }
        if (side === "after" && segment.kind === "added") {
          return (
            <ins key={i} className="rounded-sm bg-success/15 font-semibold text-foreground underline decoration-2">
              <span className="sr-only">added: </span>
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
    <figure className="grid gap-2">
      <img
        src={image.src}
        alt={image.alt}
        loading="lazy"
        className="max-h-48 w-auto max-w-full justify-self-start rounded-md border border-border bg-background object-contain"
      />
      <figcaption className="grid gap-0.5">
        <span className="text-xs text-muted-foreground">Alt text, read by search engines:</span>
        {image.alt ? (
          <Side segments={segments} side={side} />
        ) : (
          <p className="text-sm text-muted-foreground">No alt text</p>
        )}
      </figcaption>
    </figure>
  );
}

export function RefreshItemDiff({ item }: { item: RefreshItem }) {
  const { before, segments } = changeSides(item);
  const image = imageSides(item);
  if (image) {
    return (
      <div className="grid gap-3 md:grid-cols-2">
        <section aria-label={`${item.label}: before`} className="rounded-md border border-border bg-muted/30 p-3">
          <h4 className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground">Before</h4>
          {image.before ? (
            <Picture image={image.before} segments={image.segments} side="before" />
          ) : (
            <p className="text-sm text-muted-foreground">Nothing yet: this is new.</p>
          )}
        </section>
        <section aria-label={`${item.label}: after`} className="rounded-md border border-border p-3">
          <h4 className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground">After</h4>
          <Picture image={image.after} segments={image.segments} side="after" />
        </section>
      </div>
    );
  }
  return (
    <div className="grid gap-3 md:grid-cols-2">
      <section aria-label={`${item.label}: before`} className="rounded-md border border-border bg-muted/30 p-3">
        <h4 className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground">Before</h4>
        {before ? (
          <Side segments={segments} side="before" />
        ) : (
          <p className="text-sm text-muted-foreground">Nothing yet: this is new.</p>
        )}
      </section>
      <section aria-label={`${item.label}: after`} className="rounded-md border border-border p-3">
        <h4 className="mb-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground">After</h4>
        <Side segments={segments} side="after" />
      </section>
    </div>
  );
}
