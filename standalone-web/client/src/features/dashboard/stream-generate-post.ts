// Generation with progress. POST /api/blog-posts/generate with "Accept: text/event-stream" answers server-sent events:
// `stage` {stage} as the writer moves on, `part` (WrittenPartView) for each part of the post once written, then `result` (GeneratePostResponse) or `error` {status, message}. Anything
// refused before the writing starts (invalid input, signed out, quota used up) is an ordinary JSON error with its
// status, and a server that ignores the header answers plain JSON: both are handled. Errors are ApiErrors shaped like
// every other failed request ("<status>: <body>"), so the caller reads them the same way.
import { type GeneratePostResponse, type WrittenPartView, writtenPartSchema } from "@postwright/core/contracts";
import { createParser } from "eventsource-parser";
import { siteApiContract as contract } from "@postwright/core/contracts/site-api";
import { ApiError, routeUrl } from "../../lib/api";

export const generationStages = ["planning", "writing", "reviewing"] as const;
export type GenerationStage = (typeof generationStages)[number];

/** The generate request as the form assembles it (specification section 3). */
export interface GenerateRequest {
  title: string;
  keywords: string[];
  /** Sent only when the owner chose one; the first keyword otherwise. */
  focusKeyphrase?: string;
  seoInstructions: string;
  links: Array<{ url: string; description: string }>;
  images: Array<{ url: string; altText: string }>;
  companyName: string;
  /** The picked store products' IDs (the server reads each from its store). */
  featured?: string[];
  /** "Show product cards": each featured product also appears as a card. */
  showProductCards?: boolean;
}

export interface StreamGenerateOptions {
  onStage?: (stage: GenerationStage) => void;
  /** Each part of the post as soon as it is written, in the order the parts finish. */
  onPart?: (part: WrittenPartView) => void;
  signal?: AbortSignal;
}

const isStage = (value: unknown): value is GenerationStage =>
  typeof value === "string" && (generationStages as readonly string[]).includes(value);

export async function streamGeneratePost(
  input: GenerateRequest,
  { onStage, onPart, signal }: StreamGenerateOptions = {},
): Promise<GeneratePostResponse> {
  // Not callRoute: the answer is read as it streams.
  const response = await fetch(routeUrl(contract.generatePost, { body: input }), {
    method: "POST",
    credentials: "include",
    headers: { Accept: "text/event-stream, application/json", "Content-Type": "application/json" },
    body: JSON.stringify(input),
    signal,
  });
  if (!response.ok) {
    const text = await response.text().catch(() => "");
    throw new ApiError(response.status, response.statusText, text);
  }
  const type = response.headers.get("Content-Type") ?? "";
  if (!type.includes("text/event-stream") || !response.body) {
    return (await response.json()) as GeneratePostResponse;
  }

  let outcome: { result: GeneratePostResponse } | { error: ApiError } | undefined;
  const parser = createParser({
    onEvent(event) {
      if (outcome) return;
      let data: unknown;
      try {
        data = JSON.parse(event.data);
      } catch {
        return;
      }
      if (event.event === "stage") {
        const stage = (data as { stage?: unknown } | null)?.stage;
        if (isStage(stage)) onStage?.(stage);
      } else if (event.event === "part") {
        const part = writtenPartSchema.safeParse(data);
        if (part.success) onPart?.(part.data);
      } else if (event.event === "result") {
        outcome = { result: data as GeneratePostResponse };
      } else if (event.event === "error") {
        const status = Number((data as { status?: unknown } | null)?.status) || 500;
        outcome = { error: new ApiError(status, "", event.data) };
      }
    },
  });

  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  try {
    while (!outcome) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
    }
    parser.feed(decoder.decode());
  } finally {
    await reader.cancel().catch(() => {});
  }

  if (!outcome) {
    throw new ApiError(
      502,
      "Bad Gateway",
      JSON.stringify({ message: "The connection closed before the post was ready." }),
    );
  }
  if ("error" in outcome) throw outcome.error;
  return outcome.result;
}
