// The write page's submit with its script: the form goes to /app/write-stream, whose server-sent events say which
// stage the writer is at and bring each part of the post as soon as it is written; on the result the new post's
// page opens. A refusal before the writing starts comes back as the action's JSON error, shown the same way.
import { useNavigate } from "@remix-run/react";
import { createParser } from "eventsource-parser";
import { useCallback, useRef, useState } from "react";

export type WriteStage = "planning" | "writing" | "reviewing";

export interface StreamedPart {
  index: number;
  total: number | null;
  kind: "introduction" | "section" | "conclusion";
  heading: string | null;
  html: string;
}

export interface WriteFailure {
  status: number;
  message: string;
  code?: string;
}

export interface WriteProgress {
  stage: WriteStage | null;
  /** The parts written so far, by their place in the post. */
  parts: Map<number, StreamedPart>;
}

const asFailure = (value: unknown, status: number): WriteFailure => {
  const data = (value ?? {}) as Partial<WriteFailure>;
  return {
    status: Number(data.status) || status,
    message:
      typeof data.message === "string" && data.message ? data.message : "Something went wrong. Please try again.",
    ...(data.code ? { code: data.code } : {}),
  };
};

export function useWriteStream() {
  const navigate = useNavigate();
  const [progress, setProgress] = useState<WriteProgress | null>(null);
  const [failure, setFailure] = useState<WriteFailure | null>(null);
  const running = useRef(false);

  const write = useCallback(
    async (form: HTMLFormElement) => {
      if (running.current) return;
      running.current = true;
      setFailure(null);
      setProgress({ stage: null, parts: new Map() });
      try {
        // App Bridge adds the session token to the app's own requests.
        const response = await fetch("/app/write-stream", { method: "POST", body: new FormData(form) });
        const type = response.headers.get("content-type") ?? "";
        if (!response.ok || !type.includes("text/event-stream") || !response.body) {
          setFailure(asFailure(await response.json().catch(() => null), response.status));
          return;
        }
        let outcome: { postId: number } | WriteFailure | null = null;
        const parser = createParser({
          onEvent(event) {
            let data: unknown;
            try {
              data = JSON.parse(event.data);
            } catch {
              return;
            }
            if (event.event === "stage") {
              const stage = (data as { stage?: WriteStage }).stage ?? null;
              setProgress((current) => current && { ...current, stage });
            } else if (event.event === "part") {
              const part = data as StreamedPart;
              setProgress((current) => current && { ...current, parts: new Map(current.parts).set(part.index, part) });
            } else if (event.event === "result") {
              outcome = { postId: Number((data as { postId?: number }).postId) };
            } else if (event.event === "error") {
              outcome = asFailure(data, 500);
            }
          },
        });
        const reader = response.body.getReader();
        const decoder = new TextDecoder();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          parser.feed(decoder.decode(value, { stream: true }));
        }
        const finished = outcome as { postId: number } | WriteFailure | null;
        if (finished && "postId" in finished) navigate(`/app/posts/${finished.postId}`);
        else setFailure(finished ?? asFailure(null, 502));
      } catch {
        setFailure({
          status: 503,
          message: "The connection to the app was lost. Your post may still be written: look in Posts in a minute.",
        });
      } finally {
        running.current = false;
        setProgress(null);
      }
    },
    [navigate],
  );

  return { write, progress, failure, writing: progress !== null };
}
