// Questions to ask before beginning, for a post without secondary keywords to write about.
import type { SectionWriter } from "../offline-context.ts";

export const questions: SectionWriter = ({ c, h }) => ({
  heading: h.fill(["Questions to Ask Before You Begin", "Questions Worth Asking First"]),
  parts: [
    {
      subheading: null,
      paragraphs: [
        c.paragraph([
          "Good questions lead to good decisions.",
          "So, before you spend any money or time, ask yourself a few simple things.",
          "Your answers will point you in the right direction.",
        ]),
      ],
      bullets: [
        c.fill("What problem am I trying to solve?"),
        c.fill("How much time and money can I set aside?"),
        c.fill("What would a good result look like in three months?"),
        c.fill("Who can I ask for an honest opinion?"),
      ],
    },
    {
      subheading: null,
      paragraphs: [
        c.paragraph([
          "Write your answers down and keep them close.",
          "Later, they will help you judge whether your plan is working.",
        ]),
      ],
      bullets: [],
    },
  ],
});
