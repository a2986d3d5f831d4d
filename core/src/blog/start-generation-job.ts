// A generation that runs in the background (the WordPress plugin asks for one and polls getGenerationJob): the job is
// stored in generation_jobs, so any instance can report its stage, then generatePost runs with the same quota rules
// as the site (counted before it starts, given back if it fails). A quota already used up is refused at once, before
// a job exists. The job records its stages as the writer moves on and the parts of the post as each is written (so
// the plugin shows the post as it grows), then the post, or the error the user is told.
import { randomUUID } from "node:crypto";
import type { WrittenPart } from "../ai/index.ts";
import type { FeaturedItem, GeneratePostInput } from "../contracts/blog.ts";
import type { ProductFacts } from "../contracts/facts.ts";
import type { GenerationAccepted } from "../contracts/wordpress-plugin.ts";
import { assertCanGenerate } from "../billing/generation-quota.ts";
import { isAppError } from "../errors/index.ts";
import { silentLogger } from "../logger.ts";
import { generatePost, type GeneratePostDeps } from "./generate-post.ts";

export interface StartGenerationJobDeps extends GeneratePostDeps {
  /** Told of the background work, so a caller (a test, a graceful shutdown) can wait for it. */
  track?: (work: Promise<void>) => void;
}

const INTERNAL_ERROR = "Something went wrong on our side. Please try again in a moment.";

export async function startGenerationJob(
  deps: StartGenerationJobDeps,
  request: {
    userId: number;
    input: GeneratePostInput;
    wordpressConnectionId?: number;
    /** The featured products as their store describes them, and their facts, read before the job starts. */
    featured?: FeaturedItem[];
    productFacts?: ProductFacts[];
  },
): Promise<GenerationAccepted> {
  const { prisma } = deps;
  const { userId, input, wordpressConnectionId, featured, productFacts } = request;
  const logger = deps.logger ?? silentLogger;
  await assertCanGenerate({ prisma }, userId, deps.now?.());
  const id = randomUUID();
  await prisma.generationJob.create({ data: { id, userId, stage: "queued", input, wordpressConnectionId } });

  // Stage updates are written in order; the last one is awaited before the outcome is recorded.
  let writes = Promise.resolve();
  const setStage = (stage: string) => {
    writes = writes
      .then(() =>
        prisma.generationJob.updateMany({
          where: { id, userId, stage: { notIn: ["done", "failed"] } },
          data: { stage },
        }),
      )
      .then(
        () => undefined,
        (err: unknown) => logger.warn({ err, jobId: id }, "could not record the generation's stage"),
      );
  };

  // Parts are written in the same order as the stages. Parts that come while a write of them is still waiting its
  // turn join that write (it takes every part known when it runs), so a burst of parts makes one or two writes.
  const parts = new Map<number, WrittenPart>();
  let partsWaiting = false;
  const recordPart = (part: WrittenPart) => {
    parts.set(part.index, part);
    if (partsWaiting) return;
    partsWaiting = true;
    writes = writes
      .then(() => {
        partsWaiting = false;
        const written = [...parts.values()]
          .sort((a, b) => a.index - b.index)
          .map(({ index, total, kind, heading, html }) => ({ index, total, kind, heading, html }));
        return prisma.generationJob.updateMany({
          where: { id, userId, stage: { notIn: ["done", "failed"] } },
          data: { parts: written },
        });
      })
      .then(
        () => undefined,
        (err: unknown) => logger.warn({ err, jobId: id }, "could not record the parts written so far"),
      );
  };

  const work = (async () => {
    try {
      const result = await generatePost(deps, {
        userId,
        input,
        onStage: setStage,
        onPart: recordPart,
        wordpressConnectionId,
        ...(featured ? { featured } : {}),
        ...(productFacts ? { productFacts } : {}),
      });
      await writes;
      await prisma.generationJob.updateMany({
        where: { id, userId },
        data: { stage: "done", postId: result.blogPost.id, parts: [] },
      });
    } catch (error) {
      await writes;
      const failure = isAppError(error)
        ? { status: error.status, message: error.message, ...(error.details ?? {}) }
        : { status: 500, message: INTERNAL_ERROR };
      if (!isAppError(error)) logger.error({ err: error, jobId: id, userId }, "background generation failed");
      await prisma.generationJob
        .updateMany({ where: { id, userId }, data: { stage: "failed", error: JSON.stringify(failure), parts: [] } })
        .catch((err: unknown) => logger.error({ err, jobId: id }, "could not record the generation's failure"));
    }
  })();
  deps.track?.(work);
  return { id, stage: "queued" };
}
