// The step-by-step plan: three H3 steps (a goal, a small start, a review), its heading worded for a how-to title.
import type { SectionWriter } from "../offline-context.ts";

export const plan: SectionWriter = ({ c, h, kind }) => ({
  heading: h.fill(
    kind === "how-to"
      ? ["{KP}: A Step-by-Step Plan", "{KP} in Three Steps"]
      : ["How to Start with {AKP}", "A Simple Plan for {AKP}", "{KP}: A Step-by-Step Plan"],
  ),
  parts: [
    {
      subheading: null,
      paragraphs: [
        c.paragraph([
          "You do not need to be an expert to begin.",
          [
            "Instead, follow these three steps and adjust them as you learn.",
            "Instead, work through these three steps and adjust them as you go.",
          ],
        ]),
      ],
      bullets: [],
    },
    {
      subheading: "Step 1: Set a Clear Goal",
      paragraphs: [
        c.paragraph([
          "First, decide what success looks like for you.",
          "For instance, you might want to save time, spend less or raise the quality of your results.",
          "Write your goal down, and keep it short and specific.",
        ]),
      ],
      bullets: [],
    },
    {
      subheading: "Step 2: Start Small",
      paragraphs: [
        c.paragraph([
          "Next, pick one area and focus on it.",
          "Trying to change everything at once often leads to frustration.",
          "So, choose the change that will make the biggest difference and start there.",
        ]),
      ],
      bullets: [
        c.fill("Choose one goal that you can measure"),
        c.fill("Set aside a little time each week"),
        c.fill("Keep short notes on what works and what does not"),
      ],
    },
    {
      subheading: "Step 3: Review and Improve",
      paragraphs: [
        c.paragraph([
          "After a few weeks, look back at your results.",
          "Then, keep what works and drop what does not.",
          "Over time, this simple habit turns {aKp} into a routine rather than a chore.",
        ]),
      ],
      bullets: [],
    },
  ],
});
