// The section on choosing between options: the factors to weigh as a list, then how to rank them.
import type { SectionWriter } from "../offline-context.ts";

export const factors: SectionWriter = ({ c, h }) => ({
  heading: h.fill(["Key Factors to Consider", "What to Look For", "How to Choose the Right Option"]),
  parts: [
    {
      subheading: null,
      paragraphs: [
        c.paragraph([
          "When you compare options, look beyond the price tag.",
          [
            "Instead, weigh a few factors that decide how happy you will be in the long run.",
            "Instead, think about what will still matter to you a year from now.",
          ],
        ]),
      ],
      bullets: [
        c.fill("Quality: will it hold up and do the job well?"),
        c.fill("Cost: what will you spend now, and later?"),
        c.fill("Time: how much effort does it take each week?"),
        c.fill("Support: where can you turn when you have a question?"),
      ],
    },
    {
      subheading: null,
      paragraphs: [
        c.paragraph([
          "Of course, no option is perfect on every point.",
          "So, decide which factors matter most to you, and rank your choices on those.",
          [
            "In the end, the right option is the one you will actually use.",
            "After all, the best choice is the one that fits your daily routine.",
          ],
        ]),
      ],
      bullets: [],
    },
  ],
});
