// The write page's own submit: the same writing as its form action (write-post.server.ts), answered as server-sent
// events while the post is written, so that the merchant reads each part as soon as it is written: the events the
// site's writing sends too (@postwright/core/contracts/generation-stream), the result's data being {"postId":123}.
// Anything refused before the writing starts (bad input, a missing product, no posts left this month) is a JSON
// error with its status, as from the action. Closing the page does not stop the writing: the post is stored and
// appears in the posts list, as on the site.
import type { ActionFunctionArgs } from "@remix-run/node";
import {
  GENERATION_HEARTBEAT,
  type GenerationEventData,
  type GenerationEventName,
  generationEvent,
} from "@postwright/core/contracts/generation-stream";
import { isAppError } from "@postwright/core/errors";
import { appLogger } from "../logger.server";
import { authenticate } from "../shopify.server";
import { prepareWrite } from "../write-post.server";

/** A comment line while a stage runs long, so that proxies do not close an idle stream. */
const HEARTBEAT_MS = 15_000;

export const action = async ({ request }: ActionFunctionArgs) => {
  const { session, admin } = await authenticate.admin(request);
  let write;
  try {
    write = await prepareWrite(request, session.shop, admin);
  } catch (error) {
    if (error instanceof Response) throw error;
    const failure = isAppError(error)
      ? { status: error.status, message: error.message, code: error.code }
      : { status: 500, message: "Something went wrong. Please try again.", code: "INTERNAL" };
    if (!isAppError(error)) appLogger().error({ err: error }, "writing a post failed");
    // A resource route's answer: the same { message, status, code } the action gives, as plain JSON.
    return Response.json(failure, { status: failure.status });
  }
  const log = appLogger();
  const encoder = new TextEncoder();
  let open = true;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const push = (text: string) => {
        if (!open) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          open = false;
        }
      };
      const send = <E extends GenerationEventName>(event: E, data: GenerationEventData<E>) =>
        push(generationEvent(event, data));
      const heartbeat = setInterval(() => push(GENERATION_HEARTBEAT), HEARTBEAT_MS);
      void write({ onStage: (stage) => send("stage", { stage }), onPart: (part) => send("part", part) })
        .then(
          (result) => send("result", { postId: result.blogPost.id }),
          (error: unknown) => {
            if (!isAppError(error)) log.error({ err: error }, "writing a post failed");
            send(
              "error",
              isAppError(error)
                ? { status: error.status, message: error.message, code: error.code }
                : { status: 500, message: "Something went wrong. Please try again." },
            );
          },
        )
        .finally(() => {
          clearInterval(heartbeat);
          if (open) controller.close();
          open = false;
        });
    },
    cancel() {
      // The merchant left the page; the post is still written and stored.
      open = false;
    },
  });
  return new Response(body, {
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache",
      "x-accel-buffering": "no",
    },
  });
};
