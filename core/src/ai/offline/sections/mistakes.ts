// The section on common mistakes: a list in a seeded order, then a word on patience.
import type { SectionWriter } from "../offline-context.ts";

export const mistakes: SectionWriter = ({ c, h, kp, modifier, activity }) => ({
  // "Coffee grinder mistakes", but "mistakes when washing linen sheets" and "mistakes with linen aprons".
  heading: h.fill(
    modifier
      ? ["Common {KP} Mistakes to Avoid", "{KP} Mistakes That Hold People Back", "{KP} Pitfalls to Watch Out For"]
      : activity && /^\p{L}+ing\b/u.test(kp)
        ? ["Common Mistakes When {KP}", "Mistakes to Avoid When {KP}", "Pitfalls to Watch Out For When {KP}"]
        : ["Common Mistakes with {AKP}", "Mistakes to Avoid with {AKP}", "Pitfalls to Watch Out For with {AKP}"],
  ),
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
          ["Above all, be patient with {aKp}.", "Most of all, give {aKp} the time {kpIt} need{kpS}."],
          "Real progress takes a little time, but it does come.",
        ]),
      ],
      bullets: [],
    },
  ],
});
