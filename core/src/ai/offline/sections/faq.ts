// Frequently asked questions, each an H3.
import type { SectionWriter } from "../offline-context.ts";

export const faq: SectionWriter = ({ c, h }) => ({
  heading: "Frequently Asked Questions",
  parts: [
    {
      subheading: h.fill(["{kpIs} {aKp} worth the effort?", "{kpIs} {aKp} worth it?"]),
      paragraphs: [
        c.paragraph([
          "For most people, yes.",
          "The time you put in early on pays back through better results and fewer mistakes.",
        ]),
      ],
      bullets: [],
    },
    {
      subheading: "How long does it take to see results?",
      paragraphs: [
        c.paragraph([
          "That depends on your goals and your starting point.",
          "Still, small improvements often show up sooner than you might expect.",
        ]),
      ],
      bullets: [],
    },
    {
      subheading: "Where should I start?",
      paragraphs: [
        c.paragraph([
          "Start with the plan above: set a goal, begin small and review your progress.",
          "Then, build on what works.",
        ]),
      ],
      bullets: [],
    },
  ],
});
