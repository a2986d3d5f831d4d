// Wall time of one ~1,500-word post written by the pipeline (plan, sections in parallel, a targeted revision), next to
// the baseline measured in the same run against the same fake provider: one sequential prompt that writes a post of
// the same length. The fake generates 50 tokens a second per request (about four characters a token) after 300 ms,
// so the figures reflect the shape of the pipeline, not any real model's speed.
// Two providers: ours, whose revision changes only what it is asked to, and one that answers every revision at full
// length (each rewrite as long as the request allows), with a draft whose introduction misses the keyphrase so that a
// revision is always needed. For each: the critical path (plan, slowest part, revision) and when the first part of
// the post was ready to show. Goals: under 20 s, the first part within 8 s.
import OpenAI from "openai";
import { createWriter, type WrittenPart } from "../core/src/ai/index.ts";
import { generatePostSchema } from "../core/src/contracts/blog.ts";
import { type FakeBehaviour, type RecordedRequest, startFakeOpenAI } from "../tests/fakes/openai/server.ts";

const TOKENS_PER_SECOND = 50;
const LATENCY_MS = 300;
const TARGET_WORDS = 1500;
const GOAL_SECONDS = 20;
const FIRST_PART_GOAL_SECONDS = 8;

const input = generatePostSchema.parse({
  title: "Email Marketing for Small Shops",
  keywords: ["email marketing", "newsletter", "customer retention"],
  companyName: "Acme Outfitters",
  seoInstructions: "Friendly tone. Mention the spring sale.",
  links: [
    { url: "https://acme.example/newsletter", description: "our newsletter sign-up" },
    { url: "https://www.example.org/email-guide", description: "this email deliverability guide" },
  ],
  images: [{ url: "https://cdn.example.com/inbox.png", altText: "An email inbox on a laptop" }],
});

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** An introduction that does not open with the keyphrase: the draft then needs a revision. */
const introWithoutKeyphrase = (step: string, content: string) => {
  if (step !== "post_introduction") return content;
  const answer = JSON.parse(content) as { paragraphs: string[] };
  answer.paragraphs[0] = "Every shop owner wants customers who come back. This guide shows a simple way to get there.";
  return JSON.stringify(answer);
};

const cases: Array<{ name: string; behaviour: Partial<FakeBehaviour> }> = [
  { name: "our fake", behaviour: {} },
  { name: "full-length revisions", behaviour: { revisionLength: "full", alterAnswer: introWithoutKeyphrase } },
];

function criticalPath(requests: RecordedRequest[], startedAt: number): string {
  const end = (r: RecordedRequest) => (r.finishedAt ?? r.startedAt) - startedAt;
  const span = (list: RecordedRequest[]) =>
    list.length === 0 ? "none" : `${seconds(Math.min(...list.map((r) => r.startedAt - startedAt)))}–${seconds(Math.max(...list.map(end)))}`;
  const outline = requests.filter((r) => r.step === "post_outline");
  const parts = requests.filter((r) => ["post_introduction", "post_section", "post_conclusion"].includes(r.step));
  const slowest = parts.reduce<RecordedRequest | undefined>((a, r) => (!a || end(r) > end(a) ? r : a), undefined);
  const revision = requests.filter((r) => r.step.includes("revision") || r.step === "post_added_paragraph");
  return [
    `plan ${span(outline)}`,
    `slowest part (${slowest?.step ?? "none"}) ${slowest ? span([slowest]) : "none"}`,
    `revision ${span(revision)} (${revision.length} call${revision.length === 1 ? "" : "s"})`,
  ].join(", ");
}

export default async function bench(): Promise<void> {
  console.log(`fake provider: ${TOKENS_PER_SECOND} tokens/s per request, ${LATENCY_MS} ms to the first token`);
  let baselineMs = 0;
  for (const testCase of cases) {
    const fake = await startFakeOpenAI({ tokensPerSecond: TOKENS_PER_SECOND, latencyMs: LATENCY_MS, ...testCase.behaviour });
    try {
      const writer = createWriter({
        openai: { apiKey: "bench", baseUrl: fake.url, model: "fake-model" },
        targetWords: TARGET_WORDS,
      });
      const started = performance.now();
      let firstPartMs: number | undefined;
      const parts: WrittenPart[] = [];
      const post = await writer.writePost(input, {
        onPart: (part) => {
          firstPartMs ??= performance.now() - started;
          parts.push(part);
        },
      });
      const pipelineMs = performance.now() - started;
      const pipelineTokens = post.usage.promptTokens + post.usage.completionTokens;
      const steps = fake.requests.map((r) => r.step);
      const stepCounts = [...new Set(steps)].map((s) => `${s} x${steps.filter((x) => x === s).length}`).join(", ");

      if (baselineMs === 0) {
        // The baseline: the whole post of the same length from one prompt, streamed the same way.
        const client = new OpenAI({ apiKey: "bench", baseURL: fake.url, maxRetries: 0 });
        const baselineStarted = performance.now();
        const stream = await client.chat.completions.create({
          model: "fake-model",
          stream: true,
          stream_options: { include_usage: true },
          messages: [
            { role: "system", content: "You are a senior SEO copywriter." },
            {
              role: "user",
              content: `Write a complete blog post of about ${post.seo.wordCount} words.\nPost title: ${input.title}\nFocus keyphrase: ${input.keywords[0]}`,
            },
          ],
        });
        let text = "";
        for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? "";
        baselineMs = performance.now() - baselineStarted;
        console.log(
          `baseline, one sequential prompt: ${seconds(baselineMs)} for ${text.split(/\s+/).filter(Boolean).length} words`,
        );
      }

      console.log(`\n${testCase.name}:`);
      console.log(
        `  pipeline: ${seconds(pipelineMs)} for ${post.seo.wordCount} words, ${pipelineTokens} tokens, ${post.usage.calls} calls` +
          ` (${stepCounts}; ${fake.maxConcurrency()} at once); SEO score ${post.seo.score}`,
      );
      console.log(`  critical path: ${criticalPath(fake.requests, fake.requests[0]?.startedAt ?? started)}`);
      console.log(
        `  first part on screen: ${firstPartMs === undefined ? "never" : seconds(firstPartMs)}` +
          ` (${parts[0] ? `${parts[0].kind}${parts[0].heading ? ` "${parts[0].heading}"` : ""}` : "none"}; ${parts.length} parts told)`,
      );
      console.log(
        `  ratio to baseline: ${(pipelineMs / baselineMs).toFixed(2)}x wall time` +
          ` (goals: under ${GOAL_SECONDS} s: ${pipelineMs < GOAL_SECONDS * 1000 ? "met" : "not met"};` +
          ` first part within ${FIRST_PART_GOAL_SECONDS} s: ${firstPartMs !== undefined && firstPartMs < FIRST_PART_GOAL_SECONDS * 1000 ? "met" : "not met"})`,
      );
    } finally {
      await fake.close();
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await bench();
