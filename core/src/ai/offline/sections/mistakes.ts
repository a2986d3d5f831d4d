// The section on common mistakes: a list in a seeded order, then a word on patience.
import type { SectionWriter } from "../offline-context.ts";

export const mistakes: SectionWriter = ({ c, h }) => ({
  heading: h.fill([
    "Common {KP} Mistakes to Avoid",
    "{KP} Mistakes That Hold People Back",
    "{KP} Pitfalls to Watch Out For",
  ]),
  parts: [
    {
      subheading: null,
      paragraphs: [
        c.paragraph([
          "Even with a good plan, a few mistakes come up again and again.",
          "Fortunately, each one is easy to avoid once you know about it.",
        ]),
      ],
      bullets: c.shuffle([
        "Skipping the research and buying on impulse",
        "Trying to do everything at once",
        "Ignoring feedback from customers and readers",
        "Giving up before the results show",
      ]),
    },
    {
      subheading: null,
      paragraphs: [
        c.paragraph([
          ["Above all, be patient with {kp}.", "Most of all, give {kp} the time it needs."],
          "Real progress takes a little time, but it does come.",
        ]),
      ],
      bullets: [],
    },
  ],
});
