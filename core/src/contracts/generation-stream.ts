// The server-sent events a post's writing answers with, declared once for both places that write and read them: the
// site (POST /api/blog-posts/generate with "Accept: text/event-stream") and the Shopify app (its /app/write-stream).
//   event: stage   data: {"stage":"planning"|"writing"|"reviewing"}   as the writer moves on
//   event: part    data: {index,total,kind,heading,html}               each part of the post once written (WrittenPartView)
//   event: result  data: the surface's answer                          last, once the post is stored
//   event: error   data: {"status":502,"message":"...", ...details}    last, when the writing failed
//   ": heartbeat" comment lines while a stage runs long, so that proxies do not close an idle stream.
// Servers write each event with `generationEvent`; pages read a response's body with `readGenerationStream`, which
// checks every event against its schema (an event it cannot read is skipped, never shown half).
import { createParser } from "eventsource-parser";
import { z } from "zod";
import { type WrittenPartView, writtenPartSchema } from "./blog.ts";

export const generationStages = ["planning", "writing", "reviewing"] as const;
export type GenerationStageName = (typeof generationStages)[number];

/** The error event's data: what the JSON error answer would have said, with its status in the body. */
export const generationFailureSchema = z.looseObject({
  status: z.number().int(),
  message: z.string(),
  code: z.string().optional(),
});
export type GenerationFailure = z.infer<typeof generationFailureSchema>;

/** Each event's data, by the event's name (the result's is the surface's own answer). */
export const generationEventSchemas = {
  stage: z.object({ stage: z.enum(generationStages) }),
  part: writtenPartSchema,
  result: z.unknown(),
  error: generationFailureSchema,
} as const;
export type GenerationEventName = keyof typeof generationEventSchemas;
/** What a server sends as an event's data. */
export type GenerationEventData<E extends GenerationEventName> = z.input<(typeof generationEventSchemas)[E]>;

/** A comment line servers send while a stage runs long. */
export const GENERATION_HEARTBEAT = ": heartbeat\n\n";

/** One event as a server writes it on the stream. */
export function generationEvent<E extends GenerationEventName>(event: E, data: GenerationEventData<E>): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

export interface GenerationStreamHandlers {
  onStage?: (stage: GenerationStageName) => void;
  /** Each part of the post as soon as it is written, in the order the parts finish. */
  onPart?: (part: WrittenPartView) => void;
}

/** How a stream ended: its result's data, its error, or nothing when the connection closed first. */
export type GenerationStreamEnd = { result: unknown } | { error: GenerationFailure } | null;

/** Reads a generation's event stream to its last event, telling the handlers of each stage and part on the way. */
export async function readGenerationStream(
  body: ReadableStream<Uint8Array>,
  { onStage, onPart }: GenerationStreamHandlers = {},
): Promise<GenerationStreamEnd> {
  let end: GenerationStreamEnd = null;
  const parser = createParser({
    onEvent(event) {
      if (end) return;
      let data: unknown;
      try {
        data = JSON.parse(event.data);
      } catch {
        return;
      }
      if (event.event === "stage") {
        const stage = generationEventSchemas.stage.safeParse(data);
        if (stage.success) onStage?.(stage.data.stage);
      } else if (event.event === "part") {
        const part = generationEventSchemas.part.safeParse(data);
        if (part.success) onPart?.(part.data);
      } else if (event.event === "result") {
        end = { result: data };
      } else if (event.event === "error") {
        const failure = generationFailureSchema.safeParse(data);
        end = {
          error: failure.success ? failure.data : { status: 500, message: "Something went wrong. Please try again." },
        };
      }
    },
  });
  const reader = body.getReader();
  const decoder = new TextDecoder();
  try {
    while (!end) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
    }
    parser.feed(decoder.decode());
  } finally {
    await reader.cancel().catch(() => {});
  }
  return end;
}
