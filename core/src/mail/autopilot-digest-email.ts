import { escapeHtml } from "./escape-html.ts";
import type { MailMessage } from "./create-mailer.ts";

export interface AutopilotDigestLine {
  planName: string;
  /** The plan's page. */
  planUrl: string;
  title: string;
  /** When it publishes or was published, as the owner reads it. */
  when?: string;
  /** Why it was skipped, failed or paused. */
  reason?: string;
}

export interface AutopilotDigestEmailInput {
  to: string;
  firstName: string | null;
  toReview: AutopilotDigestLine[];
  /** Refreshes of existing posts a plan proposed (planUrl = the refresh's own page). */
  refreshes?: AutopilotDigestLine[];
  published: AutopilotDigestLine[];
  skipped: AutopilotDigestLine[];
  failed: AutopilotDigestLine[];
  /** Plans paused without the owner pausing them (title = the plan's name). */
  paused: AutopilotDigestLine[];
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The day's autopilot news for one owner: drafts waiting for review first, then what was published or went wrong. */
export function autopilotDigestEmail(input: AutopilotDigestEmailInput): MailMessage {
  const parts = [
    input.toReview.length ? plural(input.toReview.length, "draft to review", "drafts to review") : "",
    input.refreshes?.length ? plural(input.refreshes.length, "refresh to review", "refreshes to review") : "",
    input.published.length ? `${input.published.length} published` : "",
    input.skipped.length ? `${input.skipped.length} skipped` : "",
    input.failed.length ? `${input.failed.length} failed` : "",
    input.paused.length ? plural(input.paused.length, "plan paused", "plans paused") : "",
  ].filter(Boolean);
  const subject = `Your Postwright autopilot: ${parts.join(", ")}`;
  const sections: { heading: string; lines: AutopilotDigestLine[] }[] = [
    { heading: "Drafts waiting for your review (a draft not approved by its slot is skipped)", lines: input.toReview },
    {
      heading: "Refreshes of your posts waiting for your review (nothing changes on your site until you publish one)",
      lines: input.refreshes ?? [],
    },
    { heading: "Published", lines: input.published },
    { heading: "Skipped", lines: input.skipped },
    { heading: "Failed", lines: input.failed },
    { heading: "Paused plans", lines: input.paused },
  ].filter((section) => section.lines.length > 0);
  const describe = (line: AutopilotDigestLine) =>
    [`${line.title} (${line.planName})`, line.when, line.reason].filter(Boolean).join(": ");
  const greeting = input.firstName ? `Hi ${input.firstName},` : "Hi,";
  const text = [
    greeting,
    "",
    "Here is what your autopilot did since the last update.",
    ...sections.flatMap((section) => [
      "",
      section.heading,
      ...section.lines.map((line) => `- ${describe(line)} ${line.planUrl}`),
    ]),
  ].join("\n");
  const html = `<!doctype html>
<html><body style="font-family:Arial,Helvetica,sans-serif;color:#111827;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
<p>Here is what your autopilot did since the last update.</p>
${sections
  .map(
    (section) => `<h2 style="font-size:16px">${escapeHtml(section.heading)}</h2>
<ul>${section.lines
      .map((line) => `<li><a href="${escapeHtml(line.planUrl)}">${escapeHtml(describe(line))}</a></li>`)
      .join("")}</ul>`,
  )
  .join("\n")}
</body></html>`;
  return { to: input.to, subject, text, html };
}
