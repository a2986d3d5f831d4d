// The offline post's conclusion: a short summary with the keyphrase, then the company's offer of help or a first step.
import type { PostDocument } from "../post-document.ts";
import type { OfflineContext } from "./offline-context.ts";

export function writeConclusion({ company, c, h }: OfflineContext): PostDocument["conclusion"] {
  return {
    heading: h.fill(["Final Thoughts on {AKP}", "Making {AKP} Work for You", "Wrapping Up"]),
    paragraphs: [
      c.paragraph([
        [
          "To sum up, {aKp} {kpDoes} not have to be complicated.",
          "In short, {aKp} {kpIs} simpler than {kpIt} look{kpS}.",
        ],
        "With a clear goal, a simple plan and a little patience, you can see real results.",
        "Start with one small step today, and build from there.",
      ]),
      company
        ? c.paragraph([
            "If you would like a hand, get in touch with {company}.",
            "We would be glad to help you find the right next step.",
          ])
        : c.paragraph(["Ready to begin?", "Pick your first step from this guide, and put it into action this week."]),
    ],
  };
}
