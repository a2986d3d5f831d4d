// Generation with progress. POST /api/blog-posts/generate with "Accept: text/event-stream" answers the server-sent
// events declared in @postwright/core/contracts/generation-stream (stage, part, then result: GeneratePostResponse, or
// error), read here with its readGenerationStream. Anything
// refused before the writing starts (invalid input, signed out, quota used up) is an ordinary JSON error with its
// status, and a server that ignores the header answers plain JSON: both are handled. Errors are ApiErrors shaped like
// every other failed request ("<status>: <body>"), so the caller reads them the same way.
import type { GeneratePostResponse, WrittenPartView } from "@postwright/core/contracts";
import {
  type GenerationStageName,
  generationStages,
  readGenerationStream,
} from "@postwright/core/contracts/generation-stream";
import { siteApiContract as contract } from "@postwright/core/contracts/site-api";
import { ApiError, routeUrl } from "../../lib/api";

export { generationStages };
export type GenerationStage = GenerationStageName;

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

  const outcome = await readGenerationStream(response.body, { onStage, onPart });
  if (!outcome) {
    throw new ApiError(
      502,
      "Bad Gateway",
      JSON.stringify({ message: "The connection closed before the post was ready." }),
    );
  }
  if ("error" in outcome) throw new ApiError(outcome.error.status, "", JSON.stringify(outcome.error));
  return outcome.result as GeneratePostResponse;
}
