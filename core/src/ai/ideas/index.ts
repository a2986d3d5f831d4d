// Post ideas from the model: titles with keywords for the owner's niche, drawing on what the site sells and steering
// away from what it already covers. The caller filters out ideas that overlap existing posts (see the autopilot).
import type { Logger } from "../../logger.ts";
import { Deadline } from "../deadline.ts";
import { cleanHeading } from "../post-document.ts";
import { type AiProvider, emptyUsage } from "../provider.ts";
import { postIdeasSchema } from "./schema.ts";
import type { IdeasRequest, PostIdea } from "./types.ts";

export const ideasSystemPrompt =
  "You are a content strategist for small online stores and websites. You propose blog posts that bring search " +
  "traffic from buyers: specific, useful, each aimed at one search intent, never clickbait. Answer with the JSON " +
  'object ("post_ideas") asked for.';

export function ideasPrompt(request: IdeasRequest): string {
  const lines = [`Niche: ${request.niche}`, `Propose ${request.count} blog post ideas, each with its keywords.`];
  if (request.offerings.length) lines.push(`The site sells: ${request.offerings.slice(0, 40).join("; ")}`);
  if (request.existing.length) {
    lines.push(`Already written or planned (propose different topics): ${request.existing.slice(0, 60).join("; ")}`);
  }
  return lines.join("\n");
}

export async function suggestIdeasWithModel(
  deps: { provider: AiProvider; logger: Logger; deadlineMs: number },
  request: IdeasRequest,
  options: { signal?: AbortSignal } = {},
): Promise<PostIdea[]> {
  const deadline = new Deadline(deps.deadlineMs, options.signal);
  try {
    const answer = await deps.provider.generateObject(
      {
        name: "post_ideas",
        schema: postIdeasSchema,
        system: ideasSystemPrompt,
        user: ideasPrompt(request),
        maxTokens: 200 + request.count * 60,
        temperature: 0.8,
      },
      { signal: deadline.signal, deadline, usage: emptyUsage() },
    );
    return answer.ideas.map((idea) => ({
      title: cleanHeading(idea.title).replace(/^["“']+|["”']+$/g, ""),
      keywords: idea.keywords.map((keyword) => keyword.trim().toLowerCase()).filter(Boolean),
    }));
  } finally {
    deadline.dispose();
  }
}
