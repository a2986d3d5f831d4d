// The section on why the keyphrase matters: an opening paragraph, then one H3 for each benefit.
import type { SectionWriter } from "../offline-context.ts";

export const benefits: SectionWriter = ({ c, h }) => ({
  heading: h.fill(["Why {AKP} Matter{kpS}", "The Main Benefits of {AKP}", "What {AKP} Can Do for You"]),
  parts: [
    {
      subheading: null,
      paragraphs: [
        c.paragraph([
          "So, why should you care about {aKp}?",
          "The short answer is that it pays off in several ways.",
          "Here are the benefits that matter most to {readers}.",
        ]),
      ],
      bullets: [],
    },
    {
      subheading: h.fill(["Save Time and Money", "Spend Less, Waste Less"]),
      paragraphs: [
        c.paragraph([
          "When you get the basics right, you spend less time fixing problems.",
          "As a result, you keep more of your budget for the things that matter.",
          ["In other words, a good start pays for itself.", "In the end, a good start pays for itself."],
        ]),
      ],
      bullets: [],
    },
    {
      subheading: h.fill(["Make Confident Choices", "Decide with Confidence"]),
      paragraphs: [
        c.paragraph([
          "Knowing how things work also helps you choose with confidence.",
          "Instead of guessing, you can compare your options on clear terms.",
          "Because of that, you avoid costly surprises down the road.",
        ]),
      ],
      bullets: [],
    },
    {
      subheading: h.fill(["Enjoy Results That Last", "Build Results That Last"]),
      paragraphs: [
        c.paragraph([
          "Finally, the benefits add up over time.",
          "Small wins build on each other, month after month.",
          ["That is why {aKp} deserve{kpS} a place in your plans.", "That is why {aKp} belong{kpS} in your plans."],
        ]),
      ],
      bullets: [],
    },
  ],
});
