// The stage of a background generation (startGenerationJob) with the parts of the post written so far and, once
// done, its post. A job that has not moved for
// longer than any generation takes was interrupted (its instance stopped): it is reported as failed.
import type { GenerationJobStage, GenerationStatus } from "../contracts/wordpress-plugin.ts";
import { writtenPartSchema, type WrittenPartView } from "../contracts/blog.ts";
import { generationStages } from "../contracts/wordpress-plugin.ts";
import type { Prisma } from "../db/index.ts";
import { notFound } from "../errors/index.ts";
import { getPost } from "./get-post.ts";

const STALLED_AFTER_MS = 15 * 60_000;
const INTERRUPTED = { status: 503, message: "The generation was interrupted. Please start it again." };

export async function getGenerationJob(
  deps: { prisma: Prisma; now?: () => Date },
  input: { userId: number; jobId: string; wordpressConnectionId?: number },
): Promise<GenerationStatus> {
  const site = input.wordpressConnectionId !== undefined ? { wordpressConnectionId: input.wordpressConnectionId } : {};
  const job = await deps.prisma.generationJob.findFirst({ where: { id: input.jobId, userId: input.userId, ...site } });
  if (!job) throw notFound("This generation does not exist.");
  const stage = (generationStages as readonly string[]).includes(job.stage) ? (job.stage as GenerationJobStage) : "failed";
  if (stage === "done" && job.postId !== null) {
    return { id: job.id, stage, post: await getPost(deps, { ...input, postId: job.postId }) };
  }
  if (stage === "failed") return { id: job.id, stage, error: readError(job.error) };
  const now = deps.now?.() ?? new Date();
  if (now.getTime() - job.updatedAt.getTime() > STALLED_AFTER_MS) return { id: job.id, stage: "failed", error: INTERRUPTED };
  return { id: job.id, stage, parts: readParts(job.parts) };
}

/** The parts written so far as startGenerationJob stores them; anything else is left out. */
function readParts(value: unknown): WrittenPartView[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const part = writtenPartSchema.safeParse(item);
    return part.success ? [part.data] : [];
  });
}

function readError(text: string | null): { status: number; message: string } {
  try {
    const parsed = JSON.parse(text ?? "") as { status?: unknown; message?: unknown };
    if (typeof parsed.status === "number" && typeof parsed.message === "string") {
      return { status: parsed.status, message: parsed.message };
    }
  } catch {
    // Not what startGenerationJob writes: report it as an interruption.
  }
  return INTERRUPTED;
}
