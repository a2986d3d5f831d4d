// The section on what the keyphrase involves: the few ideas it comes down to, and why the basics do not change.
import type { SectionWriter } from "../offline-context.ts";

export const basics: SectionWriter = ({ c, h, activity }) => ({
  // An activity is no "What is ...?": "What Washing Linen Sheets Involves".
  heading: h.fill(
    activity
      ? ["What {KP} Involves", "{KP}: The Basics", "Before You Start {KP}"]
      : ["What {KpIs} {AKP}?", "{KP}: The Basics", "Understanding {AKP}"],
  ),
  parts: [
    {
      subheading: null,
      paragraphs: [
        c.paragraph([
          [
            "Before you make any decisions, it helps to understand what {aKp} really involve{kpS}.",
            "Before you change anything, take a moment to look at what {aKp} really involve{kpS}.",
          ],
          ["At its core, it comes down to a few simple ideas.", "In short, it comes down to a few simple ideas."],
          "First, you need a clear picture of what you want to achieve.",
          "Second, you need to know which options suit your situation.",
          "Finally, you need a way to check whether your choices are working.",
        ]),
        c.paragraph([
          ["Many people overcomplicate {aKp}.", "It is easy to overthink {aKp}."],
          "However, the basics stay the same whether you are just starting out or already have some experience.",
          [
            "For example, small and steady steps usually beat one big change.",
            "For instance, a small change you keep up beats a big change you drop.",
          ],
          "In addition, a little research up front saves you time and money later.",
        ]),
      ],
      bullets: [],
    },
  ],
});
