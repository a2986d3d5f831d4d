// Plausible answers for the fake AI provider, written from what the request asks for: it reads the brief lines of
// the prompt (title, focus keyphrase, keywords, section heading, length, links) and writes an outline, a section of
// about the requested length, a passage, a revision or title suggestions. Deliberately independent of the
// application's own writers, so tests of the pipeline see a different author. When the prompt gives the owner's
// voice, it follows it in its own crude way (see readVoice).

export interface Brief {
  title: string;
  keyphrase: string;
  keywords: string[];
  company: string;
}

const line = (text: string, label: string): string | undefined =>
  new RegExp(`^${label}:\\s*(.+)$`, "im").exec(text)?.[1]?.trim();

export function readBrief(prompt: string): Brief {
  const keywords = line(prompt, "Other keywords");
  const company = line(prompt, "Company") ?? "";
  return {
    title: line(prompt, "Post title") ?? line(prompt, "Original title") ?? "A useful guide",
    keyphrase: (line(prompt, "Focus keyphrase") ?? "this topic").replace(/\s*\(.*$/, "").replace(/^not given.*$/i, "") || "this topic",
    keywords: keywords && keywords !== "none" ? keywords.split(",").map((k) => k.trim()).filter(Boolean) : [],
    company: /^none given/i.test(company) ? "" : company,
  };
}

const titleCase = (text: string) => text.replace(/\b\p{Ll}/gu, (c) => c.toUpperCase());
const sentenceCase = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const countWords = (text: string) => text.replace(/<[^>]+>/g, " ").split(/\s+/).filter(Boolean).length;

const bank = [
  "In practice, {kp} works best when you keep the goal simple.",
  "For example, many shop owners start with one small change and measure it.",
  "However, it pays to check the details before you commit.",
  "As a result, you spend less and get more from every step.",
  "In addition, your customers notice when you pay attention to {topic}.",
  "Therefore, write down what you learn as you go.",
  "Most people find that {kp} gets easier with a little routine.",
  "Then, compare your options side by side.",
  "Also, ask your regular customers what they value most.",
  "Because of this, a clear plan beats guesswork every time.",
  "On the other hand, rushing the choice often costs more later.",
  "Finally, review the results after a few weeks and adjust.",
  "Of course, every business is a little different.",
  "Still, the same few habits make {topic} simpler for everyone.",
  "In short, steady progress matters more than a perfect start.",
  "For instance, a short checklist keeps the team on the same page.",
];

// Sentences with words spelt differently in the US and the UK, written only when the prompt gives a voice.
const voiceBank = [
  ...bank,
  "So, organize your notes and prioritize the next step.",
  "Your favorite customers will notice the difference.",
];

/**
 * The voice lines of a prompt ("- Person: ...", "- Tone: ...", "- Sentences: about N words", "- Spelling: ..."), as a
 * model that follows instructions would read them: its own crude way of writing in a person, a tone, a spelling and a
 * sentence length, independent of the application's rules.
 */
export interface PromptVoice {
  person: "I" | "we" | "you" | null;
  tone: "formal" | "casual" | null;
  sentenceWords: number | null;
  british: boolean;
}

export function readVoice(prompt: string): PromptVoice {
  const person = line(prompt, "- Person") ?? "";
  const tone = line(prompt, "- Tone") ?? "";
  return {
    person: /first person singular/i.test(person) ? "I" : /as "we"/i.test(person) ? "we" : person ? "you" : null,
    tone: /^formal/i.test(tone) ? "formal" : /^casual/i.test(tone) ? "casual" : null,
    sentenceWords: Number(/^- Sentences: about (\d+) words/im.exec(prompt)?.[1] ?? NaN) || null,
    british: /^- Spelling: British/im.test(prompt),
  };
}

const firstPerson = ["In my experience, ", "I find that ", "Personally, I think "];
const british: Array<[RegExp, string]> = [[/\borganiz/g, "organis"], [/\bprioritiz/g, "prioritis"], [/\bfavorite/g, "favourite"], [/\bcolor/g, "colour"]];

function inVoice(sentence: string, voice: PromptVoice, n: number): string {
  let out = sentence;
  if (voice.person === "I" && n % 2 === 0) out = `${firstPerson[n % 3]}${out.charAt(0).toLowerCase()}${out.slice(1)}`;
  if (voice.person === "we") out = out.replace(/\byour\b/gi, (w) => (w[0] === "Y" ? "Our" : "our")).replace(/\byou\b/gi, (w) => (w[0] === "Y" ? "We" : "we"));
  if (voice.tone === "casual") out = out.replace(/\bit is\b/gi, "it's").replace(/\bdo not\b/g, "don't").replace(/\byou will\b/g, "you'll").replace(/\bthat is\b/g, "that's");
  if (voice.tone === "formal") out = out.replace(/\bdon't\b/g, "do not").replace(/\bit's\b/g, "it is");
  if (voice.british) for (const [us, uk] of british) out = out.replace(us, uk);
  return out;
}

export class Prose {
  private next = 0;
  private readonly voice: PromptVoice;
  constructor(private readonly brief: Brief, prompt = "") {
    this.voice = readVoice(prompt);
  }

  sentence(topic: string): string {
    const n = this.next++;
    const sentences = this.voice.person ? voiceBank : bank;
    const template = sentences[n % sentences.length] ?? "";
    return inVoice(sentenceCase(template.replace(/\{kp\}/g, this.brief.keyphrase).replace(/\{topic\}/g, topic.toLowerCase())), this.voice, n);
  }

  paragraph(topic: string, sentences = 4): string {
    const list = Array.from({ length: sentences }, () => this.sentence(topic));
    const target = this.voice.sentenceWords;
    if (target && target >= 18) {
      // Long sentences: pairs joined.
      const joined: string[] = [];
      for (let i = 0; i < list.length; i += 2) {
        const [a, b] = [list[i]!, list[i + 1]];
        joined.push(b ? `${a.replace(/[.!?]$/, "")}, and ${b.charAt(0).toLowerCase()}${b.slice(1)}` : a);
      }
      return joined.join(" ");
    }
    if (target && target <= 9) {
      // Short sentences: the lead-in dropped and each clause on its own.
      return list
        .map((sentence) => sentence.replace(/^[A-Z][a-z ]+, (?=[a-z])/, ""))
        .map((sentence) => sentence.replace(/, (?:and |but |so )?([a-z])/g, (_, c: string) => `. ${c.toUpperCase()}`))
        .map(sentenceCase)
        .join(" ");
    }
    return list.join(" ");
  }

  /** Paragraphs of four sentences until about `words` words. */
  paragraphs(topic: string, words: number, first?: string): string[] {
    const out: string[] = [];
    let total = 0;
    if (first) {
      out.push(`${first} ${this.paragraph(topic, 2)}`);
      total += countWords(out[0] ?? "");
    }
    while (total < words - 10) {
      const p = this.paragraph(topic);
      out.push(p);
      total += countWords(p);
    }
    return out;
  }
}

export function outline(prompt: string): object {
  const brief = readBrief(prompt);
  const count = Number(/exactly (\d+) H2 sections/.exec(prompt)?.[1] ?? 5);
  const kp = titleCase(brief.keyphrase);
  const others = brief.keywords.map(titleCase);
  const headings = [
    `What ${kp} Means for Your Business`,
    `Why ${kp} Matters`,
    others[0] ? `Getting ${others[0]} Right` : "Choosing the Right Approach",
    `How to Plan ${kp} Step by Step`,
    others[1] ? `${others[1]} Made Simple` : "Mistakes to Avoid",
    `Measuring ${kp} Results`,
    "Tips from the Experts",
    "Keeping It Going",
  ];
  return {
    seoTitle: `${kp}: A Practical Guide for Busy Owners`,
    metaDescription: `Learn how ${brief.keyphrase} works, why it matters and how to plan it step by step, with clear examples, common mistakes and expert tips.`,
    searchIntent: "informational",
    sections: headings.slice(0, count).map((heading, i) => ({
      heading,
      subheadings: i % 2 === 1 ? [`First Steps`, `What to Watch`] : [],
      keyPoints: [`Explain ${heading.toLowerCase()}`, "Give a concrete example"],
    })),
    conclusionHeading: `Making ${kp} Work for You`,
  };
}

export function section(prompt: string): object {
  const brief = readBrief(prompt);
  const prose = new Prose(brief, prompt);
  const heading = line(prompt, "Heading \\(H2\\)") ?? brief.title;
  const subheadingsLine = line(prompt, "Subheadings \\(H3\\)") ?? "none";
  const subheadings = subheadingsLine === "none" ? [] : subheadingsLine.split("|").map((s) => s.trim());
  const words = Number(/Length: about (\d+) words/.exec(prompt)?.[1] ?? 200);
  const links = [...prompt.matchAll(/^- (https?:\/\/\S+) \(about: (.+)\)$/gm)].map((m) => ({ url: m[1] ?? "", description: m[2] ?? "" }));

  const partCount = subheadings.length + 1;
  const perPart = Math.max(40, Math.round(words / partCount));
  const parts = [null, ...subheadings].map((subheading, i) => ({
    subheading,
    paragraphs: prose.paragraphs(subheading ?? heading, perPart, i === 0 ? `When it comes to ${brief.keyphrase}, ${heading.toLowerCase()} deserves a closer look.` : undefined),
    bullets: i === 0 && subheadings.length === 0 ? ["Start with one clear goal", "Measure what changes", "Keep what works"] : [],
  }));
  links.forEach((link, i) => {
    const part = parts[i % parts.length];
    const last = part ? part.paragraphs.length - 1 : -1;
    if (part && last >= 0) part.paragraphs[last] += ` You can find more in <a href="${link.url}">${link.description}</a>.`;
  });
  return { parts };
}

export function passage(prompt: string, kind: "introduction" | "conclusion"): object {
  const brief = readBrief(prompt);
  const prose = new Prose(brief, prompt);
  const words = Number(/Length: about (\d+) words/.exec(prompt)?.[1] ?? 120);
  const first =
    kind === "introduction"
      ? `If you run a shop or a site, ${brief.keyphrase} can make a real difference${brief.company ? ` and ${brief.company} has seen it first hand` : ""}.`
      : `To sum up, ${brief.keyphrase} rewards a clear plan and steady work.`;
  const paragraphs = prose.paragraphs(brief.keyphrase, words, first);
  if (kind === "conclusion") paragraphs.push(brief.company ? `Get in touch with ${brief.company} to take the next step.` : "Start with one step today.");
  return { paragraphs };
}

/** A sentence-by-sentence rewrite of the same length: what a model that rewrites more than it was asked does. */
function rewriteFully(html: string): string {
  const openers = ["Indeed,", "In practice,", "As a result,", "For example,", "In addition,"];
  const sentences = html.split(/(?<=[.!?])\s+/).filter(Boolean);
  return sentences
    .map((sentence, i) => (/^<a |<a /.test(sentence) ? sentence : `${openers[i % openers.length]} ${sentence.charAt(0).toLowerCase()}${sentence.slice(1)}`))
    .join(" ");
}

export function revision(prompt: string, full = false): object {
  const brief = readBrief(prompt);
  const problems = [...prompt.matchAll(/^- ([^:\n]+): (.+)$/gm)].map((m) => `${m[1]} ${m[2]}`.toLowerCase());
  const firstParagraph = /^\[P1\] (.+)$/m.exec(prompt)?.[1] ?? "";
  const lastId = [...prompt.matchAll(/^\[(P\d+)\]/gm)].map((m) => m[1]).pop() ?? "P1";
  const edits: { metaDescription: string | null; headings: object[]; paragraphs: object[]; addedParagraphs: object[] } = {
    metaDescription: null,
    headings: [],
    paragraphs: [],
    addedParagraphs: [],
  };
  if (full) {
    // Everything the request allows (6 paragraphs, 4 headings, 4 additions), each at full length.
    const paragraphs = [...prompt.matchAll(/^\[(P\d+)\] (.+)$/gm)].slice(0, 6);
    edits.paragraphs = paragraphs.map(([, id, html]) => ({ id, html: rewriteFully(html ?? "") }));
    edits.headings = [...prompt.matchAll(/^\[(H\d+)\] #+ (.+)$/gm)].slice(0, 4).map(([, id, text]) => ({ id, text: `${text} in Practice` }));
    const prose = new Prose(brief, prompt);
    edits.addedParagraphs = paragraphs.slice(0, 4).map(([, id]) => ({ afterId: id, html: prose.paragraph(brief.keyphrase, 5) }));
  }
  if (problems.some((p) => p.includes("meta description"))) {
    edits.metaDescription = `Discover how ${brief.keyphrase} works and why it matters, with a step-by-step plan, real examples and the common mistakes to avoid this year.`;
  }
  if (problems.some((p) => p.includes("introduction"))) {
    edits.paragraphs = [
      { id: "P1", html: `${sentenceCase(brief.keyphrase)} is worth getting right. ${firstParagraph}` },
      ...edits.paragraphs.filter((p) => (p as { id: string }).id !== "P1"),
    ];
  }
  if (problems.some((p) => p.includes("transition"))) {
    edits.addedParagraphs.push({ afterId: lastId, html: "In addition, keep notes. As a result, you learn faster. Therefore, review them often." });
  }
  return edits;
}

/** The asks listed under "What to fix" in a revision prompt, lower-cased. */
const asksOf = (prompt: string) =>
  (/What to fix[^\n]*\n((?:- .+\n?)+)/.exec(prompt)?.[1] ?? "")
    .split("\n")
    .map((line) => line.replace(/^- /, "").trim().toLowerCase())
    .filter(Boolean);

/** One paragraph rewritten for what the prompt asks; "full" rewrites every sentence and adds a second paragraph. */
export function paragraphRevision(prompt: string, full = false): object {
  const brief = readBrief(prompt);
  const original = /^Paragraph to rewrite[^\n]*:\n(.+)$/m.exec(prompt)?.[1] ?? "";
  const asks = asksOf(prompt);
  let html = original;
  if (asks.some((a) => a.includes("transition"))) {
    const openers = ["In addition,", "As a result,", "For example,", "However,"];
    let n = 0;
    html = html
      .split(/(?<=[.!?])\s+/)
      .map((sentence) => (n < 3 && !/^(in addition|as a result|for example|however|therefore|also|then|finally)\b/i.test(sentence) && !sentence.startsWith("<")
        ? `${openers[n++ % openers.length]} ${sentence.charAt(0).toLowerCase()}${sentence.slice(1)}`
        : sentence))
      .join(" ");
  }
  if (asks.some((a) => a.includes("first sentence"))) html = `${sentenceCase(brief.keyphrase)} is worth getting right. ${html}`;
  else if (asks.some((a) => /use the focus keyphrase/.test(a))) html = `${html} That is where ${brief.keyphrase} pays off.`;
  if (full) html = rewriteFully(html);
  const paragraphs = [html];
  if (full || asks.some((a) => a.includes("split"))) paragraphs.push(new Prose(brief, prompt).paragraph(brief.keyphrase, 4));
  return { paragraphs };
}

/** Headings reworded to hold the keyphrase; "full" rewords every heading it may. */
export function headingRevision(prompt: string, full = false): object {
  const brief = readBrief(prompt);
  const headings = [...prompt.matchAll(/^\[(H\d+)\] #+ (.+)$/gm)].map(([, id, text]) => ({ id: id ?? "", text: text ?? "" }));
  const without = headings.filter((h) => !h.text.toLowerCase().includes(brief.keyphrase.toLowerCase()));
  const chosen = full ? headings.slice(0, 3) : without.slice(0, 1);
  return { headings: chosen.map((h) => ({ id: h.id, text: `${titleCase(brief.keyphrase)}: ${h.text}` })) };
}

export function metaRevision(prompt: string): object {
  const brief = readBrief(prompt);
  return {
    metaDescription: `Discover how ${brief.keyphrase} works and why it matters, with a step-by-step plan, real examples and the common mistakes to avoid this year.`,
  };
}

/** A new paragraph of about the asked length. */
export function addedParagraph(prompt: string): object {
  const brief = readBrief(prompt);
  const words = Number(/about (\d+) words/.exec(prompt)?.[1] ?? 80);
  return { paragraphs: new Prose(brief, prompt).paragraphs(brief.keyphrase, words).slice(0, 1) };
}

export function titleSuggestions(prompt: string): object {
  const brief = readBrief(prompt);
  const kp = titleCase(brief.keyphrase === "this topic" ? brief.title.split(" ").slice(0, 3).join(" ") : brief.keyphrase);
  return {
    focusKeyphrase: kp.toLowerCase(),
    optimizedTitle: `${kp}: A Practical Guide for Small Shops`,
    variations: [`How to Get Started with ${kp} Today`, `7 ${kp} Tips That Save You Time`, `Is ${kp} Worth It for Your Store?`],
    metaDescription: `Everything you need to know about ${kp.toLowerCase()}: what it is, why it matters and a simple plan to get results, with tips you can use today.`,
  };
}

/** A plain-text article for a request without a schema (for example one prompt asking for the whole post). */
export function article(prompt: string): string {
  const brief = readBrief(prompt);
  const words = Number(/about ([\d,]+) words/.exec(prompt)?.[1]?.replace(",", "") ?? 500);
  const prose = new Prose(brief, prompt);
  return prose.paragraphs(brief.keyphrase, words, `${sentenceCase(brief.keyphrase)} matters.`).join("\n\n");
}

/** Post ideas for the niche named in the prompt ("Niche: ..."), as many as it asks for. */
export function postIdeas(prompt: string): object {
  const niche = (/Niche: (.+)/.exec(prompt)?.[1] ?? "your niche").trim().toLowerCase();
  const count = Number(/Propose (\d+) blog post ideas/.exec(prompt)?.[1] ?? 5);
  const angles = [
    "A Buyer's Guide",
    "Mistakes to Avoid",
    "Tips for Beginners",
    "How to Get More From It",
    "A Year-Round Plan",
    "Questions Answered",
    "What the Experts Do",
    "On a Budget",
  ];
  return {
    ideas: Array.from({ length: count }, (_, i) => ({
      title: `${titleCase(niche)}: ${angles[i % angles.length]}${i >= angles.length ? ` (Part ${Math.floor(i / angles.length) + 1})` : ""}`,
      keywords: [
        `${niche} ${angles[i % angles.length]!.toLowerCase().replace(/^a |^how to /, "")}`.slice(0, 90),
        niche,
      ],
    })),
  };
}

/** A refresh's added sections ("refresh_sections"): as many as "Sections to write: N" asks, the first naming the keyphrase. */
export function refreshSections(prompt: string): object {
  const brief = readBrief(prompt);
  const prose = new Prose(brief, prompt);
  const count = Number(/Sections to write: (\d+)/.exec(prompt)?.[1] ?? 1);
  const words = Number(/Length: about (\d+) words/.exec(prompt)?.[1] ?? 150);
  const year = /^Year: (\d{4})$/m.exec(prompt)?.[1] ?? "this year";
  const headings = [
    `${sentenceCase(brief.keyphrase)} in ${year}: what has changed`,
    `Questions readers ask about ${brief.keyphrase}`,
    `Getting more from ${brief.keyphrase}`,
  ];
  return {
    sections: headings.slice(0, Math.min(3, count)).map((heading) => ({ heading, paragraphs: prose.paragraphs(heading, words) })),
  };
}
