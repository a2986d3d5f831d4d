// A checklist that sums up the post.
import type { SectionWriter } from "../offline-context.ts";

export const checklist: SectionWriter = ({ c, h, modifier }) => ({
  heading: h.fill(
    modifier
      ? ["A Quick {KP} Checklist", "Your {KP} Checklist"]
      : ["A Quick Checklist for {AKP}", "Your Checklist for {AKP}"],
  ),
  parts: [
    {
      subheading: null,
      paragraphs: [
        c.paragraph([
          ["Before you move on, run through this short checklist.", "Here is a short checklist to keep close at hand."],
          "It sums up the most important points of this guide in one place.",
          "If you can tick every box, you are in good shape.",
        ]),
      ],
      bullets: [
        c.fill("You know what you want to achieve, and why"),
        c.fill("You have compared at least two or three options"),
        c.fill("You have a simple plan for the next few weeks"),
        c.fill("You know how you will measure progress"),
        c.fill("You have set a date to review your results"),
      ],
    },
    {
      subheading: null,
      paragraphs: [c.paragraph(["If a box is still empty, start there.", "It is usually the quickest win you have."])],
      bullets: [],
    },
  ],
});
