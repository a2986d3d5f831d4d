// Wall time of one ~1,500-word post written by the pipeline (plan, sections in parallel, one revision), next to the
// baseline measured in the same run against the same fake provider: one sequential prompt that writes a post of the
// same length. The fake generates 50 tokens a second per request (about four characters a token) after 300 ms, so
// the figures reflect the shape of the pipeline, not any real model's speed. Goal: the pipeline under 30 s.
import OpenAI from "openai";
import { createWriter } from "../core/src/ai/index.ts";
import { generatePostSchema } from "../core/src/contracts/blog.ts";
import { startFakeOpenAI } from "../tests/fakes/openai/server.ts";

const TOKENS_PER_SECOND = 50;
const LATENCY_MS = 300;
const TARGET_WORDS = 1500;
const GOAL_SECONDS = 30;

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

export default async function bench(): Promise<void> {
  const fake = await startFakeOpenAI({ tokensPerSecond: TOKENS_PER_SECOND, latencyMs: LATENCY_MS });
  try {
    const writer = createWriter({
      openai: { apiKey: "bench", baseUrl: fake.url, model: "fake-model" },
      targetWords: TARGET_WORDS,
    });
    let started = performance.now();
    const post = await writer.writePost(input);
    const pipelineMs = performance.now() - started;
    const pipelineTokens = post.usage.promptTokens + post.usage.completionTokens;
    const steps = fake.requests.map((r) => r.step);
    const stepCounts = [...new Set(steps)].map((s) => `${s} x${steps.filter((x) => x === s).length}`).join(", ");

    // The baseline: the whole post of the same length from one prompt, streamed the same way.
    const client = new OpenAI({ apiKey: "bench", baseURL: fake.url, maxRetries: 0 });
    started = performance.now();
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
    let baselineTokens = 0;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta?.content ?? "";
      if (chunk.usage) baselineTokens = chunk.usage.prompt_tokens + chunk.usage.completion_tokens;
    }
    const baselineMs = performance.now() - started;
    const baselineWords = text.split(/\s+/).filter(Boolean).length;

    console.log(`fake provider: ${TOKENS_PER_SECOND} tokens/s per request, ${LATENCY_MS} ms to the first token`);
    console.log(
      `baseline, one sequential prompt: ${seconds(baselineMs)} for ${baselineWords} words, ${baselineTokens} tokens`,
    );
    console.log(
      `pipeline:                        ${seconds(pipelineMs)} for ${post.seo.wordCount} words, ${pipelineTokens} tokens` +
        ` (${post.usage.promptTokens} prompt + ${post.usage.completionTokens} completion, ${post.usage.calls} calls:` +
        ` ${stepCounts}; ${fake.maxConcurrency()} at once; SEO score ${post.seo.score})`,
    );
    console.log(
      `ratio to baseline: ${(pipelineMs / baselineMs).toFixed(2)}x wall time, ${(pipelineTokens / baselineTokens).toFixed(1)}x tokens` +
        ` (goal: under ${GOAL_SECONDS} s: ${pipelineMs < GOAL_SECONDS * 1000 ? "met" : "not met"})`,
    );
  } finally {
    await fake.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await bench();
