// The offline writer: with no AI provider configured, a complete, readable draft built from the form by rules.
// It follows the same structure the model pipeline asks for (an introduction with the keyphrase, H2 sections with
// H3 steps and questions, lists, a conclusion with a call to action), weaves in the links once each and places the
// images, uses short sentences and transition words, and varies its wording with the inputs. Posts it writes are
// labelled "offline" so that nobody mistakes them for a model's work.
import type { FeaturedItem, GeneratePostInput } from "../../contracts/blog.ts";
import type { VoiceSettings } from "../../contracts/voice.ts";
import { buildBrief, fitMetaDescription, titleCase } from "../brief.ts";
import { escapeHtml, type PostDocument, type PostSection, spreadOver } from "../post-document.ts";
import { emptyUsage } from "../provider.ts";
import { fitSeoTitle, slugify } from "../../seo/index.ts";
import { linkTextWithoutKeyphrase } from "../../seo/text/link-text.ts";
import { renderPost } from "../render-post.ts";
import type { WrittenPost } from "../types.ts";
import { Composer, seededRandom, type Template } from "./composer.ts";
import { offlineMetaDescription } from "./meta-description.ts";
import { optimizeTitleOffline } from "./optimize-title.ts";
import { readInstructions } from "./read-instructions.ts";
import { voiceDocument } from "./voice-document.ts";

export interface OfflineWriterOptions {
  siteUrl?: string;
  /** The owner's site the post links into: links there count as internal in the SEO analysis. */
  linkedSiteUrl?: string;
  /** The store's products and collections to feature, each linked once with its title as the anchor. */
  featured?: FeaturedItem[];
  /** The clock, for the year in suggested titles. */
  now?: () => Date;
  /** Addresses among the links that are pages of the owner's site picked from its index (see WriteOptions). */
  sitePages?: string[];
  /** The owner's voice for the site: person, spelling, sentence length, lists and closing follow it. */
  voice?: VoiceSettings;
}

/** Keeps a brand's or acronym's spelling; otherwise lower case, as the keyphrase reads inside a sentence. */
function inSentence(phrase: string): string {
  return /[A-Z]/.test(phrase.slice(1)) ? phrase : phrase.toLowerCase();
}

function listing(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

type SectionWriter = (c: Composer, h: Composer) => PostSection;

export function writeOfflinePost(input: GeneratePostInput, options: OfflineWriterOptions = {}): WrittenPost {
  const brief = buildBrief(input, options.featured, options.sitePages, options.voice);
  const hints = readInstructions(brief.instructions);
  const random = seededRandom(
    [brief.title, brief.keyphrase, ...brief.secondaryKeywords, brief.companyName, brief.instructions].join("\u0000"),
  );
  const kp = inSentence(brief.keyphrase);
  const keywords = brief.secondaryKeywords.map(inSentence);
  const company = brief.companyName;

  // Text variables are HTML-escaped (paragraphs are inline HTML); heading variables are plain text.
  const plain = {
    kp,
    KP: titleCase(kp),
    kw1: keywords[0] ?? "",
    KW1: titleCase(keywords[0] ?? ""),
    KW2: titleCase(keywords[1] ?? ""),
    company,
    readers: hints.audience ?? "readers",
  };
  const escaped = Object.fromEntries(Object.entries(plain).map(([k, v]) => [k, escapeHtml(v)]));
  const c = new Composer(random, {
    ...escaped,
    kw2: escapeHtml(keywords[1] ?? ""),
    kwList: escapeHtml(listing(keywords)),
  });
  const h = new Composer(random, plain);
  const kind = /^\s*how\b/i.test(brief.title)
    ? "how-to"
    : /^\s*(?:\d+|top|best)\b/i.test(brief.title)
      ? "list"
      : "guide";

  const intro = [
    c.paragraph([
      [
        "If you want to get more out of {kp}, this guide is for you.",
        "Getting {kp} right can make a real difference, yet many people are not sure where to begin.",
        "Thinking about {kp} but not sure where to start?",
      ],
      titlePromise(brief.title, [company, ...brief.secondaryKeywords, brief.keyphrase]) ?? [
        "In this post, we explain what it involves, why it matters and how to make it work for you.",
        "This post explains what it involves, why it matters and how to make it work for you.",
      ],
      hints.audience ? "We wrote it with {readers} in mind." : "",
      company
        ? [
            "At {company}, we help customers with this every day, so we know which steps pay off.",
            "Here at {company}, we talk about this with customers every day, so we know what works.",
          ]
        : "",
    ]),
    c.paragraph([
      "First, we cover the basics.",
      [
        "Then, we share a simple plan that you can follow step by step.",
        "Next, you get a simple plan that you can follow at your own pace.",
      ],
      "After that, we look at common mistakes, practical tips and a few frequent questions.",
      keywords.length > 0 ? "Along the way, we also touch on {kwList}." : "",
    ]),
    c.paragraph([
      ["By the end, you will know exactly what to do next.", "By the end, you will have a clear next step."],
      "So, let us dive in.",
    ]),
  ];

  const basics: SectionWriter = (c, h) => ({
    heading: h.fill(["What Is {KP}?", "{KP}: The Basics", "Understanding {KP}"]),
    parts: [
      {
        subheading: null,
        paragraphs: [
          c.paragraph([
            [
              "Before you make any decisions, it helps to understand what {kp} really involves.",
              "Before you change anything, take a moment to look at what {kp} really involves.",
            ],
            ["At its core, it comes down to a few simple ideas.", "In short, it comes down to a few simple ideas."],
            "First, you need a clear picture of what you want to achieve.",
            "Second, you need to know which options suit your situation.",
            "Finally, you need a way to check whether your choices are working.",
          ]),
          c.paragraph([
            ["Many people overcomplicate {kp}.", "It is easy to overthink {kp}."],
            "However, the basics stay the same whether you are just starting out or already have some experience.",
            [
              "For example, small and steady steps usually beat one big change.",
              "For instance, a small change you keep up beats a big change you drop.",
            ],
            "In addition, a little research up front saves you time and money later.",
          ]),
        ],
        bullets: [],
      },
    ],
  });

  const benefits: SectionWriter = (c, h) => ({
    heading: h.fill(["Why {KP} Matters", "The Main Benefits of {KP}", "What {KP} Can Do for You"]),
    parts: [
      {
        subheading: null,
        paragraphs: [
          c.paragraph([
            "So, why should you care about {kp}?",
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
            ["That is why {kp} deserves a place in your plans.", "That is why {kp} belongs in your plans."],
          ]),
        ],
        bullets: [],
      },
    ],
  });

  const plan: SectionWriter = (c, h) => ({
    heading: h.fill(
      kind === "how-to"
        ? ["{KP}: A Step-by-Step Plan", "{KP} in Three Steps"]
        : ["How to Start with {KP}", "A Simple Plan for {KP}", "{KP}: A Step-by-Step Plan"],
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
            "Over time, this simple habit turns {kp} into a routine rather than a chore.",
          ]),
        ],
        bullets: [],
      },
    ],
  });

  const factors: SectionWriter = (c, h) => ({
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

  const related: SectionWriter | undefined =
    keywords.length === 0
      ? undefined
      : (c, h) => ({
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

  const mistakes: SectionWriter = (c, h) => ({
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

  const checklist: SectionWriter = (c, h) => ({
    heading: h.fill(["A Quick {KP} Checklist", "Your {KP} Checklist"]),
    parts: [
      {
        subheading: null,
        paragraphs: [
          c.paragraph([
            [
              "Before you move on, run through this short checklist.",
              "Here is a short checklist to keep close at hand.",
            ],
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
        paragraphs: [
          c.paragraph(["If a box is still empty, start there.", "It is usually the quickest win you have."]),
        ],
        bullets: [],
      },
    ],
  });

  const questions: SectionWriter = (c, h) => ({
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

  const pointLeads: Template = [
    "It also pays to think about {point}.",
    "Remember {point} as well.",
    "Do not overlook {point}, either.",
    "Keep {point} in mind, too.",
  ];
  const tips: SectionWriter = (c, h) => ({
    heading: company
      ? h.fill(["How {company} Can Help", "Tips from {company}"])
      : h.fill(["Practical Tips for Better Results", "Expert Tips to Get More from {KP}"]),
    parts: [
      {
        subheading: null,
        paragraphs: [
          ...(company
            ? [
                c.paragraph([
                  "At {company}, we know that every customer is different.",
                  "That is why we take the time to understand what you need before we suggest anything.",
                  "Whether you are new to {kp} or ready for the next step, our team is here to help.",
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

  const faq: SectionWriter = (c, h) => ({
    heading: "Frequently Asked Questions",
    parts: [
      {
        subheading: h.fill(["Is {kp} worth the effort?", "Is {kp} worth it?"]),
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

  const aside = related ?? questions;
  const middle = c.roll() < 0.5 ? [factors, aside, mistakes] : [aside, factors, mistakes];
  const writers = [basics, benefits, plan, ...middle, checklist, tips, faq];
  const sections = writers.map((write) => write(c, h));

  const conclusion = {
    heading: h.fill(["Final Thoughts on {KP}", "Making {KP} Work for You", "Wrapping Up"]),
    paragraphs: [
      c.paragraph([
        ["To sum up, {kp} does not have to be complicated.", "In short, {kp} is simpler than it looks."],
        "With a clear goal, a simple plan and a little patience, you can see real results.",
        "Start with one small step today, and build from there.",
      ]),
      company
        ? c.paragraph([
            "If you would like a hand, get in touch with {company}.",
            "We would be glad to help you find the right next step.",
          ])
        : c.paragraph(["Ready to begin?", "Pick your first step from this guide, and put it into action this week."]),
    ],
  };

  // Each link goes into the first paragraph of one section, spread over the sections, with a varied lead-in.
  const linkLeads: Template = [
    "For a closer look, see {anchor}.",
    "You can learn more in {anchor}.",
    "If you want more detail, {anchor} is a good place to start.",
    "It is also worth reading {anchor}.",
    "Take a look at {anchor} for practical examples.",
  ];
  // A featured product or collection is named by its title, the way a shop talks about what it sells.
  const productLeads: Template = [
    "If you want to put this into practice, our {anchor}{price} is a good place to start.",
    "Our {anchor}{price} was made with exactly this in mind.",
    "For an easy first step, try our {anchor}{price}.",
  ];
  const collectionLeads: Template = [
    "You will find everything you need for this in our {anchor} collection.",
    "Browse our {anchor} collection for ideas that fit.",
  ];
  const linkSections = spreadOver(brief.links.length, sections.length);
  brief.links.forEach((link, index) => {
    const first = sections[linkSections[index] ?? 0]?.parts[0];
    const item = link.featured;
    // A page of the site is named by words that do not compete with the post for its keyphrase; the owner's links
    // and the products keep their words (those that compete are left out of the link when the post is assembled).
    const text = link.sitePage ? linkTextWithoutKeyphrase(link.description, brief.keyphrase) : link.description;
    const anchor = `<a href="${escapeHtml(link.url)}">${escapeHtml(text)}</a>`;
    const sentence = !item
      ? c.fill(linkLeads, { anchor })
      : item.kind === "product"
        ? c.fill(productLeads, { anchor, price: item.price ? ` (${escapeHtml(item.price)})` : "" })
        : c.fill(collectionLeads, { anchor });
    if (first?.paragraphs[0] !== undefined) first.paragraphs[0] = `${first.paragraphs[0]} ${sentence}`;
  });

  const draft: PostDocument = { intro, sections, conclusion };
  const doc = brief.voice
    ? voiceDocument(draft, brief.voice, [company, brief.keyphrase, ...brief.secondaryKeywords].filter(Boolean))
    : draft;
  // The title is the owner's, word for word; the keyphrase goes into the SEO title.
  const title = brief.title;
  const metaDescription = brief.requestedMetaDescription
    ? fitMetaDescription(brief.requestedMetaDescription)
    : offlineMetaDescription(kp, company, (n) => Math.floor(c.roll() * n));
  const suggestion = optimizeTitleOffline({ originalTitle: title, keywords: [brief.keyphrase] }, { now: options.now });
  const seoTitle = fitSeoTitle({
    candidates: [suggestion.optimizedTitle],
    keyphrase: brief.keyphrase,
    title,
    brand: brief.companyName,
  });
  const slug = slugify(brief.keyphrase) || slugify(title);
  const rendered = renderPost(
    brief,
    doc,
    { title, seoTitle, slug, metaDescription },
    {
      siteUrl: options.siteUrl,
      linkSections,
      linkedSiteUrl: options.linkedSiteUrl,
    },
  );
  return {
    title,
    seoTitle,
    slug,
    focusKeyphrase: brief.keyphrase,
    metaDescription,
    ...rendered,
    generator: "offline",
    usage: emptyUsage(),
  };
}

/** The title in running text: Title Case words lowered, except acronyms, brand spellings and names the author typed. */
function titleInSentence(title: string, names: string[]): string {
  const words = title.split(/\s+/);
  const titleCased = words.filter((w) => /^[A-Z]/.test(w)).length > words.length / 2;
  const keep = new Set(names.flatMap((name) => name.split(/\s+/)).filter((w) => /[A-Z]/.test(w)));
  return words
    .map((word, index) => {
      if (keep.has(word) || /[A-Z]/.test(word.slice(1)) || (!titleCased && index > 0)) return word;
      return word.charAt(0).toLowerCase() + word.slice(1);
    })
    .join(" ")
    .replace(/[.?!:]+$/, "");
}

/** A sentence that tells the reader what the post's title promises, for the common title shapes. */
function titlePromise(title: string, names: string[]): { literal: string } | undefined {
  const text = escapeHtml(titleInSentence(title, names));
  const howTo = /^how to\s+(.+)$/i.exec(text)?.[1];
  if (howTo) return { literal: `This step-by-step guide shows you how to ${howTo}.` };
  const why = /^why\s+(.+)$/i.exec(text)?.[1];
  if (why) return { literal: `This post explains why ${why}.` };
  const list = /^(\d+)\s+(.+)$/.exec(text);
  if (list) return { literal: `Below, you will find ${list[1]} ${list[2]}, explained in plain language.` };
  return undefined;
}
