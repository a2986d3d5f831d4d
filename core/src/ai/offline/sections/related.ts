// The section on the secondary keywords, for a post that has some: the first two named in the heading, the rest in a
// paragraph of their own.
import { escapeHtml } from "../../post-document.ts";
import { listing, type SectionWriter } from "../offline-context.ts";

export const related: SectionWriter = ({ c, h, keywords }) => ({
  heading: h.fill(
    keywords.length > 1
      ? ["{KW1} and {KW2}: What to Know", "Where {KW1} and {KW2} Fit In"]
      : ["Where {KW1} Fits In", "{KW1}: What to Know"],
  ),
  parts: [
    {
      subheading: null,
      paragraphs: [
        c.paragraph([
          "Another part of the picture is {kw1}.",
          "It often decides how well everything else works.",
          "For this reason, give it the same care as the rest of your plan.",
          keywords.length > 1 ? "Likewise, {kw2} deserves your attention." : "",
          keywords.length > 1 ? "It may seem like a detail, yet it can shape the final result." : "",
        ]),
        ...(keywords.length > 2
          ? [
              c.paragraph([
                {
                  literal: `Once the basics are in place, you can also look at ${escapeHtml(listing(keywords.slice(2)))}.`,
                },
                "Each one adds a little more value when you give it time.",
              ]),
            ]
          : []),
      ],
      bullets: [],
    },
  ],
});
