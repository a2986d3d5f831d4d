// The write page's submit with its script: the form goes to /app/write-stream, whose server-sent events say which
// stage the writer is at and bring each part of the post as soon as it is written; on the result the new post's
// page opens. A refusal before the writing starts comes back as the action's JSON error, shown the same way.
import { useNavigate } from "@remix-run/react";
import type { WrittenPartView } from "@postwright/core/contracts";
import { type GenerationStageName, readGenerationStream } from "@postwright/core/contracts/generation-stream";
import { useCallback, useRef, useState } from "react";

export type WriteStage = GenerationStageName;
export type StreamedPart = WrittenPartView;

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
        const end = await readGenerationStream(response.body, {
          onStage: (stage) => setProgress((current) => current && { ...current, stage }),
          onPart: (part) =>
            setProgress((current) => current && { ...current, parts: new Map(current.parts).set(part.index, part) }),
        });
        const postId = end && "result" in end ? Number((end.result as { postId?: unknown } | null)?.postId) : NaN;
        const finished: { postId: number } | WriteFailure | null =
          end && "error" in end ? asFailure(end.error, 500) : Number.isInteger(postId) ? { postId } : null;
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
