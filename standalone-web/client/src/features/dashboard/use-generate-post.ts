import type { GeneratePostResponse, WrittenPartView } from "@postwright/core/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useNavigate } from "react-router-dom";
import { userQueryKey } from "../../hooks/use-auth";
import { toast } from "../../hooks/use-toast";
import { errorMessage, isUnauthorizedError } from "../../lib/api";
import { refreshPosts, storePost, subscriptionDetailsKey } from "./dashboard-queries";
import { streamGeneratePost, type GenerateRequest, type GenerationStage } from "./stream-generate-post";

/** The wait before going to the login page after a 401, so the message can be read (the product's 500 ms). */
export const UNAUTHORIZED_REDIRECT_DELAY = 500;

/** Messages that mean the plan's quota is used up: the upgrade card explains it, so no toast. */
function isQuotaError(message: string): boolean {
  return /limit exceeded|upgrade required|403/i.test(message);
}

export function remainingText(usageRemaining: number): string {
  if (usageRemaining < 0) return "Unlimited blog posts remaining.";
  return `${usageRemaining} blog ${usageRemaining === 1 ? "post" : "posts"} remaining this month.`;
}

export interface GenerationProgress {
  /** The stage the writer is in; null until the server names the first one. */
  stage: GenerationStage | null;
  /** When the request started (ms since the epoch). */
  startedAt: number;
  /** The parts of the post written so far, in reading order (a part sent again replaces the earlier one). */
  parts: WrittenPartView[];
  /** How many parts the post has, once the writer knows its outline. */
  total: number | null;
  /** The place of the part that came last (what screen readers are told of). */
  latest: number | null;
}

/** Adds a part as the writer sends it (in the order parts finish) to the parts so far, kept in reading order. */
export function withPart(progress: GenerationProgress, part: WrittenPartView): GenerationProgress {
  const parts = [...progress.parts.filter((p) => p.index !== part.index), part].sort((a, b) => a.index - b.index);
  return { ...progress, parts, total: part.total ?? progress.total, latest: part.index };
}

export interface UseGeneratePostOptions {
  onGenerated?: (result: GeneratePostResponse) => void;
  /** Called when the quota is used up, so the page can bring the upgrade card into view. */
  onQuotaExceeded?: () => void;
}

/** Generates a post with stage-by-stage progress, and reports the outcome in the product's words. */
export function useGeneratePost({ onGenerated, onQuotaExceeded }: UseGeneratePostOptions = {}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [progress, setProgress] = useState<GenerationProgress | null>(null);
  const controller = useRef<AbortController | null>(null);

  const mutation = useMutation({
    mutationFn: (input: GenerateRequest) => {
      const abort = new AbortController();
      controller.current = abort;
      setProgress({ stage: null, startedAt: Date.now(), parts: [], total: null, latest: null });
      return streamGeneratePost(input, {
        signal: abort.signal,
        onStage: (stage) => setProgress((current) => (current ? { ...current, stage } : current)),
        onPart: (part) => setProgress((current) => (current ? withPart(current, part) : current)),
      });
    },
    onSuccess: async (result) => {
      toast({ title: "Blog post generated successfully!", description: remainingText(result.tierInfo.usageRemaining) });
      storePost(queryClient, result.blogPost);
      onGenerated?.(result);
      await refreshPosts(queryClient);
    },
    onError: (error) => {
      if (controller.current?.signal.aborted) return;
      const message = error instanceof Error ? error.message : String(error);
      if (isQuotaError(message)) {
        void queryClient.invalidateQueries({ queryKey: subscriptionDetailsKey, exact: true });
        onQuotaExceeded?.();
        return;
      }
      if (isUnauthorizedError(error)) {
        toast({
          title: "Unauthorized",
          description: "You are logged out. Logging in again...",
          variant: "destructive",
        });
        setTimeout(() => {
          queryClient.setQueryData(userQueryKey, null);
          navigate("/login", { replace: true });
        }, UNAUTHORIZED_REDIRECT_DELAY);
        return;
      }
      toast({
        title: "Generation failed",
        description: errorMessage(error, "Failed to generate blog post. Please try again."),
        variant: "destructive",
      });
    },
    onSettled: () => {
      controller.current = null;
      setProgress(null);
    },
  });

  return {
    generate: mutation.mutate,
    isGenerating: mutation.isPending,
    progress,
    /** Stops the generation: the server stores nothing and does not count it. */
    cancel: () => controller.current?.abort(),
  };
}
