// The table of "Your posts": one row a post, highest opportunity first (the order the server gives). A row names the
// post (a link to it on the site), its SEO score and rating, what failed in words, its age, length, links in and
// out, Search Console's clicks, impressions and position with their change when known (and, for a post losing
// them, the reason to refresh it), its opportunity, and "Refresh" (an update proposed for review). A plain table with
// a caption and column headers, so a screen reader reads each cell with its column.
import type { SitePostView } from "@postwright/core/contracts";
import { seoRating } from "@postwright/core/contracts/seo-rating";
import { ExternalLink } from "lucide-react";
import { Badge } from "../../components/ui/badge";
import { TableHeader } from "../../components/ui/table-header";
import { RefreshPostButton } from "../refresh/refresh-post-button";

const number = (value: number) => value.toLocaleString("en-US");

/** "Today", "3 days", "5 months", "2 years"; "Unknown" without a date. */
export function ageText(days: number | null): string {
  if (days === null) return "Unknown";
  if (days < 1) return "Today";
  if (days < 60) return `${days} ${days === 1 ? "day" : "days"}`;
  if (days < 730) return `${Math.floor(days / 30.44)} months`;
  return `${Math.floor(days / 365.25)} years`;
}

const toneVariant = { green: "success", yellow: "warning", red: "destructive" } as const;

/** A Search Console figure with its change on the 28 days before ("12 fewer", "3 places higher"). */
function Figure({
  now,
  before,
  unit,
  position = false,
}: {
  now: number | null;
  before: number | null;
  unit: string;
  position?: boolean;
}) {
  if (now === null) return <span className="text-muted-foreground">—</span>;
  const change = before === null ? 0 : position ? before - now : now - before;
  const rounded = position ? Math.round(Math.abs(change) * 10) / 10 : Math.abs(change);
  return (
    <span>
      {position ? now.toFixed(1) : number(now)}
      {rounded !== 0 ? (
        <span className={change < 0 ? "block text-xs text-destructive" : "block text-xs text-success"}>
          {change < 0 ? "▼" : "▲"}{" "}
          {position
            ? `${rounded} ${rounded === 1 ? "place" : "places"} ${change < 0 ? "lower" : "higher"}`
            : `${number(rounded)} ${change < 0 ? "fewer" : "more"}`}
          <span className="sr-only">{position ? "" : ` ${unit}`} than the 28 days before</span>
        </span>
      ) : null}
    </span>
  );
}

export function SitePostsTable({ posts, caption }: { posts: readonly SitePostView[]; caption: string }) {
  const withSearch = posts.some((post) => post.search !== null);
  return (
    <div className="overflow-x-auto rounded-lg border border-border">
      <table className="w-full min-w-[56rem] border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <TableHeader
          className="bg-muted/60 text-xs uppercase tracking-wide text-muted-foreground"
          cellClassName="px-3 py-2"
          columns={[
            "Post",
            "SEO score",
            "What to fix",
            "Age",
            { label: "Words", align: "right" },
            { label: "Links in", align: "right" },
            { label: "Links out", align: "right" },
            withSearch ? { label: "Clicks (28 days)", align: "right" } : null,
            withSearch ? { label: "Impressions", align: "right" } : null,
            withSearch ? { label: "Position", align: "right" } : null,
            { label: "Opportunity", align: "right" },
            { label: "Update", align: "right" },
          ]}
        />
        <tbody>
          {posts.map((post) => {
            const rating = seoRating(post.score);
            return (
              <tr key={post.id} className="border-t border-border align-top">
                <th scope="row" className="max-w-xs px-3 py-3 font-medium">
                  <a
                    href={post.url}
                    target="_blank"
                    rel="noreferrer"
                    className="inline-flex items-start gap-1 text-foreground underline-offset-4 hover:underline"
                  >
                    {post.title || post.url}
                    <ExternalLink className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
                    <span className="sr-only">(opens the post on your site)</span>
                  </a>
                  <span className="mt-1 block text-xs font-normal text-muted-foreground">
                    Keyphrase: {post.keyphrase || "none"}
                    {post.keyphraseSource === "title" ? " (from the title)" : ""}
                  </span>
                  {post.refreshCandidate ? (
                    <span className="mt-1 block text-xs font-normal">
                      <Badge variant="warning">Losing visitors</Badge>{" "}
                      <span className="text-destructive">{post.refreshReason}</span>
                    </span>
                  ) : null}
                </th>
                <td className="px-3 py-3">
                  <span className="font-semibold">{post.score}</span>
                  <Badge variant={toneVariant[rating.tone]} className="ml-2">
                    {rating.label}
                  </Badge>
                </td>
                <td className="max-w-md px-3 py-3">
                  {post.failingChecks.length === 0 ? (
                    <span className="text-muted-foreground">Nothing failed</span>
                  ) : (
                    // The checks by name at a glance; what each asks for one click away.
                    <details>
                      <summary className="cursor-pointer rounded-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
                        <span className="font-medium">
                          {post.failingChecks.length} {post.failingChecks.length === 1 ? "check" : "checks"} failed:
                        </span>{" "}
                        {post.failingChecks
                          .slice(0, 3)
                          .map((check) => check.label)
                          .join(", ")}
                        {post.failingChecks.length > 3 ? ` and ${post.failingChecks.length - 3} more` : ""}
                      </summary>
                      <ul className="mt-2 grid gap-1">
                        {post.failingChecks.map((check) => (
                          <li key={check.id}>
                            <span className="font-medium">{check.label}:</span> {check.message}
                          </li>
                        ))}
                      </ul>
                    </details>
                  )}
                </td>
                <td className="whitespace-nowrap px-3 py-3">{ageText(post.ageDays)}</td>
                <td className="px-3 py-3 text-right">{number(post.words)}</td>
                <td className="px-3 py-3 text-right">{number(post.linksIn)}</td>
                <td className="px-3 py-3 text-right">{number(post.linksOut)}</td>
                {withSearch ? (
                  <>
                    <td className="px-3 py-3 text-right">
                      <Figure
                        now={post.search?.clicks ?? null}
                        before={post.search?.previousClicks ?? null}
                        unit="clicks"
                      />
                    </td>
                    <td className="px-3 py-3 text-right">
                      <Figure
                        now={post.search?.impressions ?? null}
                        before={post.search?.previousImpressions ?? null}
                        unit="impressions"
                      />
                    </td>
                    <td className="px-3 py-3 text-right">
                      <Figure
                        now={post.search?.position ?? null}
                        before={post.search?.previousPosition ?? null}
                        unit="places"
                        position
                      />
                    </td>
                  </>
                ) : null}
                <td className="px-3 py-3 text-right font-semibold">{post.opportunity.toFixed(1)}</td>
                <td className="px-3 py-3 text-right">
                  <RefreshPostButton sitePostId={post.id} title={post.title || post.url} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
