// The tips section: the company's help when there is a company, and the points the author asked to mention.
import { escapeHtml } from "../../post-document.ts";
import type { Template } from "../composer.ts";
import type { SectionWriter } from "../offline-context.ts";

const pointLeads: Template = [
  "It also pays to think about {point}.",
  "Remember {point} as well.",
  "Do not overlook {point}, either.",
  "Keep {point} in mind, too.",
];

export const tips: SectionWriter = ({ c, h, company, hints }) => ({
  heading: company
    ? h.fill(["How {company} Can Help", "Tips from {company}"])
    : h.fill(["Practical Tips for Better Results", "Expert Tips to Get More from {AKP}"]),
  parts: [
    {
      subheading: null,
      paragraphs: [
        ...(company
          ? [
              c.paragraph([
                "At {company}, we know that every customer is different.",
                "That is why we take the time to understand what you need before we suggest anything.",
                "Whether you are new to {aKp} or ready for the next step, our team is here to help.",
              ]),
            ]
          : []),
        c.paragraph([
          "Here are a few more tips to keep you on track.",
          "Keep things simple, and check your progress often.",
          "Also, ask for advice when you are unsure, because a short conversation can save hours.",
          "Most importantly, stay consistent.",
          ...hints.points.map((point) => ({ literal: c.fill(pointLeads, { point: escapeHtml(point) }) })),
        ]),
      ],
      bullets: [],
    },
  ],
});
