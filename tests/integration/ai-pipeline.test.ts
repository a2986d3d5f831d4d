// The model pipeline end to end against the fake OpenAI-compatible server, over real HTTP in the real wire format:
// what a user gets (structure, links, images, safe HTML, a score), and how it copes with a provider that is slow,
// busy, failing or answering badly.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createWriter, type CreateWriterOptions, type GenerationStage, type WrittenPart } from "../../core/src/ai/index.ts";
import { generatePostSchema } from "../../core/src/contracts/blog.ts";
import { AppError } from "../../core/src/errors/index.ts";
import { scoreTitle } from "../../core/src/seo/index.ts";
import { holdsKeyphrase } from "../../core/src/seo/text/link-text.ts";
import { startFakeOpenAI, type FakeOpenAI } from "../fakes/openai/server.ts";

const input = generatePostSchema.parse({
  title: "Email Marketing for Small Shops",
  keywords: ["email marketing", "newsletter", "customer retention"],
  companyName: "Acme Outfitters",
  seoInstructions: "Friendly tone. Mention the spring sale.",
  links: [
    { url: "https://acme.example/newsletter", description: "our newsletter sign-up" },
    { url: "https://www.example.org/email-guide", description: "this email deliverability guide" },
  ],
  images: [
    { url: "/uploads/inbox.png", altText: "An email inbox on a laptop" },
    { url: "https://cdn.example.com/chart.png", altText: "" },
  ],
});

let fake: FakeOpenAI;

beforeEach(async () => {
  fake = await startFakeOpenAI();
});
afterEach(async () => {
  await fake.close();
});

function writer(overrides: Partial<CreateWriterOptions> = {}) {
  return createWriter({
    openai: { apiKey: "test-key", baseUrl: fake.url, model: "fake-model" },
    siteUrl: "https://acme.example",
    backoff: { initialMs: 10, maxMs: 40 },
    ...overrides,
  });
}

const count = (text: string, needle: string) => text.split(needle).length - 1;

/** Changes the JSON answers of one step, as a misbehaving model would write them. */
function alterJson(step: string, change: (answer: Record<string, unknown>) => void) {
  return (answerStep: string, content: string) => {
    if (answerStep !== step) return content;
    const answer = JSON.parse(content) as Record<string, unknown>;
    change(answer);
    return JSON.stringify(answer);
  };
}

type Parts = { parts: Array<{ paragraphs: string[] }> };

describe("writing a post with a model", () => {
  it("plans, writes and reviews a complete post from every input of the form", async () => {
    const stages: GenerationStage[] = [];
    const post = await writer().writePost(input, { onStage: (stage) => stages.push(stage) });

    expect(stages).toEqual(["planning", "writing", "reviewing"]);
    expect(post.generator).toBe("ai:fake-model");
    expect(post.title).toBe("Email Marketing for Small Shops");
    expect(post.html).not.toContain("<h1");
    expect(count(post.html, "<h2>")).toBeGreaterThanOrEqual(4);
    expect(post.html).toContain("<h3>");
    expect(post.html.startsWith("<p>")).toBe(true);
    expect(post.seo.wordCount).toBeGreaterThan(1000);
    expect(post.content).not.toContain("<");
    expect(post.content).toContain("Acme Outfitters");
    expect(post.metaDescription.length).toBeGreaterThanOrEqual(120);
    expect(post.metaDescription.length).toBeLessThanOrEqual(156);
    // Each requested link exactly once; images in the body with their alt text (the uploader's, else a heading).
    expect(count(post.html, 'href="https://acme.example/newsletter"')).toBe(1);
    expect(count(post.html, 'href="https://www.example.org/email-guide"')).toBe(1);
    expect(post.html).toContain('<img src="https://acme.example/uploads/inbox.png" alt="An email inbox on a laptop"');
    expect(post.html).toMatch(/<img src="https:\/\/cdn\.example\.com\/chart\.png" alt="[^"]+"/);
    expect(post.seo.score).toBeGreaterThanOrEqual(70);

    // Every step was asked of the model, with the brief's inputs in the prompt.
    const steps = fake.requests.map((r) => r.step);
    // The introduction, the plan and the search snippet are asked for at once; the sections once the plan is in.
    expect(steps.slice(0, 3).sort()).toEqual(["post_introduction", "post_outline", "post_search_snippet"]);
    expect(steps.filter((s) => s === "post_section").length).toBeGreaterThanOrEqual(3);
    expect(steps).toContain("post_introduction");
    expect(steps).toContain("post_conclusion");
    const outlinePrompt = JSON.stringify(fake.requests.find((r) => r.step === "post_outline")?.body.messages);
    for (const expected of ["Email Marketing for Small Shops", "email marketing", "newsletter", "Acme Outfitters", "spring sale"]) {
      expect(outlinePrompt).toContain(expected);
    }
    const sectionPrompts = fake.requests.filter((r) => r.step === "post_section").map((r) => JSON.stringify(r.body.messages));
    expect(sectionPrompts.filter((p) => p.includes("https://acme.example/newsletter"))).toHaveLength(1);
    expect(fake.requests.every((r) => r.body.response_format?.type === "json_schema" && r.stream)).toBe(true);

    // Usage is the sum of what the server reported for every answer.
    const answered = fake.requests.filter((r) => r.status === 200);
    expect(post.usage).toEqual({
      calls: answered.length,
      promptTokens: answered.reduce((n, r) => n + r.promptTokens, 0),
      completionTokens: answered.reduce((n, r) => n + r.completionTokens, 0),
    });
  });

  it("writes the sections in parallel, after the plan", async () => {
    fake.setBehaviour({ latencyMs: 150, tokensPerSecond: 2000 });
    await writer().writePost(input);
    const outline = fake.requests.find((r) => r.step === "post_outline");
    const sections = fake.requests.filter((r) => r.step === "post_section");
    expect(fake.maxConcurrency("post_section")).toBeGreaterThanOrEqual(2);
    expect(fake.maxConcurrency()).toBeGreaterThanOrEqual(sections.length);
    expect(Math.min(...sections.map((r) => r.startedAt))).toBeGreaterThanOrEqual(outline?.finishedAt ?? Infinity);
  });

  it("works with a local server that needs no API key, without streaming", async () => {
    const post = await writer({ openai: { apiKey: undefined, baseUrl: fake.url, model: "llama3.1" }, stream: false }).writePost(input);
    expect(post.generator).toBe("ai:llama3.1");
    expect(fake.requests.every((r) => !r.stream && r.body.model === "llama3.1")).toBe(true);
    expect(post.usage.calls).toBe(fake.requests.length);
  });

  it("falls back to JSON mode on a server that rejects json_schema, and still validates the answers", async () => {
    fake.setBehaviour({ jsonSchema: false });
    const post = await writer().writePost(input);
    // The three first calls go out at once, each is refused once; everything after is sent in JSON mode.
    const refused = fake.requests.filter((r) => r.outcome === "unsupported");
    expect(refused.length).toBeGreaterThanOrEqual(1);
    expect(refused.length).toBeLessThanOrEqual(3);
    expect(fake.requests.filter((r) => r.status === 200).every((r) => r.body.response_format?.type === "json_object")).toBe(true);
    expect(post.seo.wordCount).toBeGreaterThan(1000);
  });

  it("adapts to a model that rejects max_tokens and temperature, as reasoning models do", async () => {
    fake.setBehaviour({ unsupportedParameters: ["max_tokens", "temperature"] });
    const post = await writer().writePost(input);
    // Each of the three first calls (sent at once) learns of at most the two parameters; none after them.
    const refused = fake.requests.filter((r) => r.outcome === "unsupported");
    expect(refused.length).toBeGreaterThanOrEqual(2);
    expect(refused.length).toBeLessThanOrEqual(6);
    expect(refused.every((r) => ["post_introduction", "post_outline", "post_search_snippet"].includes(r.step))).toBe(true);
    const answered = fake.requests.filter((r) => r.status === 200);
    expect(answered.every((r) => r.body.max_tokens === undefined && r.body.temperature === undefined)).toBe(true);
    expect(answered.every((r) => (r.body.max_completion_tokens ?? 0) > 0)).toBe(true);
    expect(post.seo.wordCount).toBeGreaterThan(1000);
  });

  it("aims the revision at the checks that failed: a short meta description gets one call for a new one", async () => {
    fake.setBehaviour({ alterAnswer: alterJson("post_search_snippet", (snippet) => (snippet.metaDescription = "Email tips.")) });
    const post = await writer().writePost(input);
    const revisions = fake.requests.filter((r) => r.step.includes("revision"));
    expect(revisions.map((r) => r.step)).toEqual(["post_meta_revision"]);
    const prompt = JSON.stringify(revisions[0]?.body.messages);
    expect(prompt).toContain("Meta description length");
    expect(prompt).toContain("Current meta description: Email tips.");
    expect(post.metaDescription).toMatch(/^Discover how email marketing works/);
    expect(post.seo.checks.find((c) => c.id === "meta-description-length")?.status).toBe("pass");
  });

  it("keeps the title the author typed, through the plan and the revision; the keyphrase goes into the SEO title", async () => {
    for (const [title, keyword] of [
      ["Pour-over vs French press: which suits you?", "pour-over coffee"],
      ["Why our grinders outlast the rest", "burr grinder"],
    ] as const) {
      fake.requests.length = 0;
      fake.setBehaviour({ alterAnswer: alterJson("post_search_snippet", (snippet) => (snippet.metaDescription = "Short.")) });
      const post = await writer().writePost(generatePostSchema.parse({ title, keywords: [keyword] }));
      expect(fake.requests.some((r) => r.step.includes("revision"))).toBe(true);
      expect(post.title).toBe(title);
      expect(post.seoTitle.toLowerCase()).toContain(keyword);
      expect(post.seo.checks.find((c) => c.id === "keyphrase-in-title")?.status).toBe("pass");
    }
  });

  it("links the site with words that do not compete with the keyphrase, even when the model uses it as link text", async () => {
    const pages = [
      { url: "https://acme.example/category/email-marketing/", description: "Email Marketing" },
      { url: "https://acme.example/blog/email-marketing-mistakes", description: "Five Email Marketing Mistakes" },
    ];
    // The model also links the intro with the keyphrase itself, to an address it was given.
    fake.setBehaviour({
      alterAnswer: alterJson("post_introduction", (answer) => {
        const paragraphs = answer.paragraphs as string[];
        paragraphs[0] = `${paragraphs[0]} Start with <a href="${pages[1]!.url}">email marketing</a>.`;
      }),
    });
    const post = await writer().writePost({ ...input, links: pages }, { sitePages: pages.map((page) => page.url) });

    const sections = fake.requests.filter((r) => r.step === "post_section").map((r) => JSON.stringify(r.body.messages));
    expect(
      sections.some((prompt) => prompt.includes('must not contain the focus keyphrase \\"email marketing\\"')),
    ).toBe(true);
    const links = [...post.html.matchAll(/<a href="([^"]+)">(.*?)<\/a>/g)].map((m) => ({ url: m[1], text: m[2]! }));
    for (const page of pages) expect(links.filter((link) => link.url === page.url)).toHaveLength(1);
    for (const link of links) expect(holdsKeyphrase(link.text, "email marketing"), link.text).toBe(false);
    expect(post.content).toContain("Start with email marketing.");
    expect(post.seo.checks.find((c) => c.id === "competing-links")?.status).toBe("pass");
  });

  it("asks for no revision when only checks that text edits cannot fix failed", async () => {
    const post = await writer().writePost({ ...input, links: [], images: [] });
    const failed = post.seo.checks.filter((c) => c.status !== "pass").map((c) => c.id);
    // Links and images are the author's to give; the model is not asked to invent them.
    expect(failed).toEqual(expect.arrayContaining(["internal-links", "outbound-links", "keyphrase-in-image-alt"]));
    expect(fake.requests.filter((r) => r.step.includes("revision") || r.step === "post_added_paragraph")).toHaveLength(0);
  });
});

describe("what reaches the user is safe and complete", () => {
  it("sanitises whatever markup the model writes", async () => {
    fake.setBehaviour({
      alterAnswer: alterJson("post_section", (answer) => {
        const part = (answer as unknown as Parts).parts[0];
        if (part) {
          part.paragraphs[0] +=
            ' <script>alert(1)</script><img src=x onerror="alert(2)"> <a href="javascript:alert(3)">click</a> <iframe src="https://evil.example"></iframe>';
        }
      }),
    });
    const post = await writer().writePost(input);
    expect(post.html).not.toMatch(/<script|onerror|javascript:|<iframe|alert\(/i);
    expect(post.html).toContain("click");
  });

  it("keeps each requested link exactly once and drops links nobody asked for", async () => {
    fake.setBehaviour({
      alterAnswer: alterJson("post_section", (answer) => {
        const part = (answer as unknown as Parts).parts[0];
        if (part) {
          part.paragraphs.push(
            'See <a href="https://acme.example/newsletter">the sign-up</a> and again <a href="https://acme.example/newsletter/">here</a>.',
            'Buy <a href="https://spam.example/">cheap pills</a>.',
          );
        }
      }),
    });
    const post = await writer().writePost(input);
    expect(count(post.html, "https://acme.example/newsletter")).toBe(1);
    expect(count(post.html, 'href="https://www.example.org/email-guide"')).toBe(1);
    expect(post.html).not.toContain("spam.example");
    expect(post.html).toContain("cheap pills");
  });

  it("adds a link the model left out", async () => {
    let removed = 0;
    fake.setBehaviour({
      alterAnswer: (_step, content) =>
        content.replace(/<a href=\\"[^"\\]+\\">([^<]+)<\/a>/g, (_, text: string) => {
          removed++;
          return text;
        }),
    });
    const post = await writer().writePost(input);
    expect(removed).toBe(2);
    expect(count(post.html, 'href="https://acme.example/newsletter"')).toBe(1);
    expect(count(post.html, 'href="https://www.example.org/email-guide"')).toBe(1);
    expect(post.html).toContain(">our newsletter sign-up</a>");
  });

  it("takes a bare server address (as often written for local servers) to mean its /v1 API", async () => {
    const bare = fake.url.replace(/\/v1$/, "");
    const post = await writer({ openai: { apiKey: undefined, baseUrl: bare, model: "fake-model" } }).writePost(input);
    expect(post.generator).toBe("ai:fake-model");
    expect(fake.requests.every((r) => r.status === 200)).toBe(true);
  });
});

describe("a provider that misbehaves", () => {
  it("waits as long as Retry-After asks on a 429, then goes on", async () => {
    fake.setBehaviour({ failures: [{ kind: "rate-limit", step: "post_outline", retryAfter: 1 }] });
    const post = await writer().writePost(input);
    const outlines = fake.requests.filter((r) => r.step === "post_outline");
    expect(outlines.map((r) => r.status)).toEqual([429, 200]);
    expect((outlines[1]?.startedAt ?? 0) - (outlines[0]?.finishedAt ?? 0)).toBeGreaterThanOrEqual(950);
    expect(post.seo.wordCount).toBeGreaterThan(1000);
  });

  it("retries server errors with backoff", async () => {
    fake.setBehaviour({ failures: [{ kind: "server-error", step: "post_section", times: 2 }] });
    const post = await writer().writePost(input);
    expect(fake.requests.filter((r) => r.outcome === "server-error")).toHaveLength(2);
    expect(post.seo.wordCount).toBeGreaterThan(1000);
  });

  it("asks again, with the problem, when an answer is not JSON", async () => {
    fake.setBehaviour({ failures: [{ kind: "malformed", step: "post_section" }] });
    const post = await writer().writePost(input);
    const repair = fake.requests.find((r) => r.step === "post_section" && r.body.messages.length === 4);
    expect(repair?.body.messages[2]?.role).toBe("assistant");
    expect(repair?.body.messages[3]?.content).toContain("was not valid JSON");
    expect(post.html).not.toContain("Sure! Here is");
  });

  it("asks again when an answer does not match the schema", async () => {
    fake.setBehaviour({ failures: [{ kind: "schema-mismatch", step: "post_introduction" }] });
    const post = await writer().writePost(input);
    const repair = fake.requests.find((r) => r.step === "post_introduction" && r.body.messages.length === 4);
    expect(repair?.body.messages[3]?.content).toContain("did not match the schema");
    expect(post.html.startsWith("<p>")).toBe(true);
  });

  it("retries a cut-off answer with more room", async () => {
    fake.setBehaviour({ failures: [{ kind: "truncated", step: "post_outline" }] });
    const post = await writer().writePost(input);
    const outlines = fake.requests.filter((r) => r.step === "post_outline");
    expect(outlines.map((r) => r.outcome)).toEqual(["truncated", "ok"]);
    expect(outlines[1]?.body.max_tokens).toBeGreaterThan(outlines[0]?.body.max_tokens ?? Infinity);
    expect(post.seo.wordCount).toBeGreaterThan(1000);
  });

  it("never stores a broken post: answers that stay unusable end in an error the user can act on", async () => {
    fake.setBehaviour({ failures: [{ kind: "malformed", step: "post_outline", times: 10 }] });
    const error = await writer().writePost(input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: "UPSTREAM", message: "The AI provider returned an unusable answer. Please try again." });
    expect(fake.requests.filter((r) => r.step === "post_outline")).toHaveLength(3);
  });

  it("gives up on a provider that keeps failing", async () => {
    fake.setBehaviour({ failures: [{ kind: "server-error", times: 100 }] });
    const error = await writer().writePost(input).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "UPSTREAM", message: "The AI provider is not available right now. Please try again in a few minutes." });
    // Five tries per call (the three first calls go out at once), then the post gives up.
    const tries = [...new Set(fake.requests.map((r) => r.step))].map((step) => fake.requests.filter((r) => r.step === step).length);
    expect(Math.max(...tries)).toBe(5);
    expect(fake.requests.some((r) => r.step === "post_section")).toBe(false);
  });

  it("stops at the deadline with a clear message, and cancels the requests still running", async () => {
    fake.setBehaviour({ failures: [{ kind: "hang", step: "post_section" }] });
    const error = await writer({ deadlineMs: 1500 }).writePost(input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: "UPSTREAM", message: "The AI provider did not answer in time. Please try again." });
    await expect.poll(() => fake.requests.every((r) => r.finishedAt !== undefined)).toBe(true);
  });

  it("does not retry a rejected API key or an account without credit", async () => {
    fake.setBehaviour({ apiKey: "the-right-key" });
    await expect(writer().writePost(input)).rejects.toMatchObject({
      code: "UPSTREAM",
      message: "The AI provider rejected the configured API key. Please contact the site administrator.",
    });
    // Each of the calls sent at once was refused once, and none was tried again.
    const once = () => new Set(fake.requests.map((r) => r.step)).size === fake.requests.length;
    expect(fake.requests.length).toBeLessThanOrEqual(3);
    expect(once()).toBe(true);

    fake.requests.length = 0;
    fake.setBehaviour({ apiKey: undefined, failures: [{ kind: "quota", times: 3 }] });
    await expect(writer().writePost(input)).rejects.toMatchObject({ message: expect.stringContaining("run out of credit") });
    expect(fake.requests.length).toBeLessThanOrEqual(3);
    expect(once()).toBe(true);
  });

  it("passes on the caller's cancellation", async () => {
    fake.setBehaviour({ latencyMs: 200 });
    const controller = new AbortController();
    const result = writer().writePost(input, { signal: controller.signal, onStage: (stage) => stage === "writing" && controller.abort() });
    await expect(result).rejects.toMatchObject({ name: "AbortError" });
    await expect.poll(() => fake.requests.every((r) => r.finishedAt !== undefined)).toBe(true);
  });
});

describe("title suggestions from a model", () => {
  it("offers the best-scoring title first, up to three others, and a meta description", async () => {
    const result = await writer().optimizeTitle({ originalTitle: "tips for emails", keywords: ["email marketing"] });
    expect(fake.requests[0]?.step).toBe("title_suggestions");
    expect(result.titleVariations.length).toBeGreaterThan(0);
    expect(result.titleVariations.length).toBeLessThanOrEqual(3);
    expect(result.titleVariations).not.toContain(result.optimizedTitle);
    expect(result.seoScore).toBe(scoreTitle(result.optimizedTitle, "email marketing"));
    for (const variation of result.titleVariations) {
      expect(scoreTitle(variation, "email marketing")).toBeLessThanOrEqual(result.seoScore);
    }
    expect(result.metaDescription.length).toBeGreaterThanOrEqual(120);
    expect(result.metaDescription.length).toBeLessThanOrEqual(156);
  });

  it("leaves out a title no person would write: the keyphrase glued in front of the original, or two colons", async () => {
    const original = "Pour-over vs French press: which suits you?";
    fake.setBehaviour({
      alterAnswer: alterJson("title_suggestions", (answer) => {
        answer.optimizedTitle = `Pour-over Coffee: ${original}`;
        answer.variations = ["Pour-over coffee or French press: which suits you?", "Pour-over Coffee: Brew: Made Simple"];
      }),
    });
    const result = await writer().optimizeTitle({ originalTitle: original, keywords: ["pour-over coffee"] });
    expect([result.optimizedTitle, ...result.titleVariations]).toEqual([
      "Pour-over coffee or French press: which suits you?",
    ]);
  });

  it("asks the model for titles in the author's style, without glued keyphrases or stock phrases", async () => {
    await writer().optimizeTitle({ originalTitle: "Pour-over vs French press: which suits you?", keywords: ["pour-over coffee"] });
    const prompt = JSON.stringify(fake.requests[0]?.body.messages);
    expect(prompt).toContain("capitalisation style");
    expect(prompt).toContain("Never glue the keyphrase in front of the original title");
  });
});

describe("the post as it is written, and a revision that stays small", () => {
  it("tells each part as soon as it is written, the introduction asked for before the plan is in", async () => {
    fake.setBehaviour({ latencyMs: 100, tokensPerSecond: 4000 });
    const parts: WrittenPart[] = [];
    const post = await writer().writePost(input, { onPart: (part) => parts.push(part) });

    const intro = fake.requests.find((r) => r.step === "post_introduction")!;
    const outline = fake.requests.find((r) => r.step === "post_outline")!;
    expect(intro.startedAt).toBeLessThan(outline.finishedAt!);
    // Every part once: the introduction (0), each H2 section, the conclusion last; headings as in the post.
    const headings = [...post.html.matchAll(/<h2>(.*?)<\/h2>/g)].map((m) => m[1]);
    expect(parts.map((p) => p.index).sort((a, b) => a - b)).toEqual(headings.map((_, i) => i).concat(headings.length));
    expect(parts.find((p) => p.index === 0)).toMatchObject({ kind: "introduction", heading: null });
    expect(parts.find((p) => p.index === headings.length)).toMatchObject({ kind: "conclusion", heading: headings.at(-1) });
    for (const part of parts.filter((p) => p.kind === "section")) {
      expect(part.heading).toBe(headings[part.index - 1]);
      expect(part.html.startsWith(`<h2>${part.heading}</h2>`)).toBe(true);
      expect(part.total).toBe(headings.length + 1);
    }
    expect(parts.every((p) => !/<script|onerror/i.test(p.html))).toBe(true);
  });

  it("rewrites only the paragraph a failed check points at, in a call of its own", async () => {
    fake.setBehaviour({
      alterAnswer: alterJson("post_introduction", (answer) => {
        (answer.paragraphs as string[])[0] = "Every shop owner wants customers who come back. This guide shows a simple way to get there.";
      }),
    });
    const post = await writer().writePost(input);
    const revisions = fake.requests.filter((r) => r.step === "post_paragraph_revision");
    expect(revisions).toHaveLength(1);
    const prompt = JSON.stringify(revisions[0]?.body.messages);
    expect(prompt).toContain("Paragraph to rewrite (P1)");
    expect(prompt).toContain('in the first sentence');
    expect(post.content.startsWith("Email marketing is worth getting right.")).toBe(true);
    expect(post.seo.checks.find((c) => c.id === "keyphrase-in-introduction")?.status).toBe("pass");
  });

  it("keeps the revision small with a model that rewrites at full length, and never lowers the score", async () => {
    fake.setBehaviour({
      revisionLength: "full",
      alterAnswer: alterJson("post_introduction", (answer) => {
        (answer.paragraphs as string[])[0] = "Every shop owner wants customers who come back. This guide shows a simple way to get there.";
      }),
    });
    const post = await writer().writePost(input);
    const revisions = fake.requests.filter((r) => r.step.includes("revision"));
    // One paragraph asked for, one call; its answer (two paragraphs at most) is all a revision can add.
    expect(revisions.map((r) => r.step)).toEqual(["post_paragraph_revision"]);
    expect(post.seo.checks.find((c) => c.id === "keyphrase-in-introduction")?.status).toBe("pass");
    expect(post.seo.score).toBeGreaterThanOrEqual(90);
  });

  it("does not take a rewrite that drops a link", async () => {
    const sentence = "Every shop owner wants customers who come back.";
    fake.setBehaviour({
      alterAnswer: (step, content) => {
        const answer = JSON.parse(content) as { paragraphs?: string[] };
        if (step === "post_introduction" && answer.paragraphs) {
          answer.paragraphs[0] = `${sentence} Start with <a href="https://acme.example/newsletter">our sign-up page</a>.`;
        }
        if (step === "post_paragraph_revision" && answer.paragraphs) {
          answer.paragraphs = answer.paragraphs.map((p) => p.replace(/<a [^>]*>(.*?)<\/a>/g, "$1"));
        }
        return JSON.stringify(answer);
      },
    });
    const post = await writer().writePost(input);
    expect(fake.requests.some((r) => r.step === "post_paragraph_revision")).toBe(true);
    expect(post.content.startsWith(sentence)).toBe(true);
    expect(count(post.html, 'href="https://acme.example/newsletter"')).toBe(1);
  });
});
