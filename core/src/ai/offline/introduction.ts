// The offline post's introduction: the keyphrase in its first sentence, what the title promises, who the post is
// for and what the company does, then what the post covers and a line into the body.
import { escapeHtml } from "../post-document.ts";
import type { OfflineContext } from "./offline-context.ts";

export function writeIntroduction({ brief, hints, keywords, company, c }: OfflineContext): string[] {
  return [
    c.paragraph([
      [
        "If you want to get more out of {aKp}, this guide is for you.",
        "Getting {aKp} right can make a real difference, yet many people are not sure where to begin.",
        "Thinking about {aKp} but not sure where to start?",
      ],
      titlePromise(brief.title, [company, ...brief.secondaryKeywords, brief.keyphrase]) ?? [
        "In this post, we explain what it involves, why it matters and how to make it work for you.",
        "This post explains what it involves, why it matters and how to make it work for you.",
      ],
      hints.audience ? "We wrote it with {readers} in mind." : "",
      company
        ? [
            "At {company}, we help customers with this every day, so we know which steps pay off.",
            "Here at {company}, we talk about this with customers every day, so we know what works.",
          ]
        : "",
    ]),
    c.paragraph([
      "First, we cover the basics.",
      [
        "Then, we share a simple plan that you can follow step by step.",
        "Next, you get a simple plan that you can follow at your own pace.",
      ],
      "After that, we look at common mistakes, practical tips and a few frequent questions.",
      keywords.length > 0 ? "Along the way, we also touch on {kwList}." : "",
    ]),
    c.paragraph([
      ["By the end, you will know exactly what to do next.", "By the end, you will have a clear next step."],
      "So, let us dive in.",
    ]),
  ];
}

/** The title in running text: Title Case words lowered, except acronyms, brand spellings and names the author typed. */
function titleInSentence(title: string, names: string[]): string {
  const words = title.split(/\s+/);
  const titleCased = words.filter((w) => /^[A-Z]/.test(w)).length > words.length / 2;
  const keep = new Set(names.flatMap((name) => name.split(/\s+/)).filter((w) => /[A-Z]/.test(w)));
  return words
    .map((word, index) => {
      if (keep.has(word) || /[A-Z]/.test(word.slice(1)) || (!titleCased && index > 0)) return word;
      return word.charAt(0).toLowerCase() + word.slice(1);
    })
    .join(" ")
    .replace(/[.?!:]+$/, "");
}

/** A sentence that tells the reader what the post's title promises, for the common title shapes. */
function titlePromise(title: string, names: string[]): { literal: string } | undefined {
  const text = escapeHtml(titleInSentence(title, names));
  const howTo = /^how to\s+(.+)$/i.exec(text)?.[1];
  if (howTo) return { literal: `This step-by-step guide shows you how to ${howTo}.` };
  const why = /^why\s+(.+)$/i.exec(text)?.[1];
  if (why) return { literal: `This post explains why ${why}.` };
  const list = /^(\d+)\s+(.+)$/.exec(text);
  if (list) return { literal: `Below, you will find ${list[1]} ${list[2]}, explained in plain language.` };
  return undefined;
}
