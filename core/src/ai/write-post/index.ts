// The model pipeline: (1) plan the outline, (2) write the introduction, every section and the conclusion in
// parallel, (3) assemble them into HTML, (4) one revision pass aimed at the SEO checks that failed. The wall time is
// about one planning call plus the slowest section, instead of one long call for the whole post.
import pLimit from "p-limit";
import type { GeneratePostInput } from "../../contracts/blog.ts";
import type { Logger } from "../../logger.ts";
import { type Brief, buildBrief, fitMetaDescription } from "../brief.ts";
import { Deadline } from "../deadline.ts";
import {
  cleanHeading,
  editDocument,
  listDocument,
  type PostDocument,
  type PostPart,
  spreadOver,
} from "../post-document.ts";
import { fitSeoTitle, slugify } from "../../seo/index.ts";
import { type AiProvider, type CallContext, emptyUsage } from "../provider.ts";
import { type RenderedPost, renderPost } from "../render-post.ts";
import type { WriteOptions, WrittenPost } from "../types.ts";
import {
  conclusionPrompt,
  introductionPrompt,
  outlinePrompt,
  planLength,
  revisionPrompt,
  sectionPrompt,
  writerSystemPrompt,
} from "./prompt.ts";
import {
  type Outline,
  outlineSchema,
  passageSchema,
  revisionSchema,
  type SectionDraft,
  sectionSchema,
} from "./schema.ts";

export interface ModelWriterDeps {
  provider: AiProvider;
  logger: Logger;
  /** Budget for the whole generation, retries included. */
  deadlineMs: number;
  siteUrl?: string;
  /** Model calls in flight at once while writing sections. */
  concurrency?: number;
  targetWords?: number;
}

// Checks that editing the text cannot fix: links and image alt texts come from the author (the model may not invent
// either), the title is the owner's and the SEO title is settled before the revision, and the body never has an H1.
const notRevisable = new Set([
  "internal-links",
  "outbound-links",
  "keyphrase-in-image-alt",
  "keyphrase-in-title",
  "title-width",
  "keyphrase-in-slug",
  "slug-length",
  "keyphrase-length",
  "single-h1",
]);

/** Below this much time left, a revision is not attempted: the draft is complete and a late failure would waste it. */
const minimumRevisionMs = 15_000;

export async function writePostWithModel(
  deps: ModelWriterDeps,
  input: GeneratePostInput,
  options: WriteOptions = {},
): Promise<WrittenPost> {
  const brief = buildBrief(input, options.featured, options.sitePages);
  const targetWords = deps.targetWords ?? 1500;
  const length = planLength(targetWords);
  const deadline = new Deadline(deps.deadlineMs, options.signal);
  const context: CallContext = { signal: deadline.signal, deadline, usage: emptyUsage() };
  const log = deps.logger.child({ generator: `ai:${deps.provider.model}` });
  try {
    options.onStage?.("planning");
    const outline = await deps.provider.generateObject(
      {
        name: "post_outline",
        schema: outlineSchema,
        system: writerSystemPrompt,
        user: outlinePrompt(brief, length, targetWords),
        maxTokens: 1200,
        temperature: 0.4,
      },
      context,
    );

    options.onStage?.("writing");
    const linkSections = spreadOver(brief.links.length, outline.sections.length);
    const doc = await writeBody(deps, brief, outline, length, linkSections, context);

    options.onStage?.("reviewing");
    // The title is the owner's, word for word; the keyphrase goes into the SEO title.
    const title = brief.title;
    const seoTitle = fitSeoTitle({
      candidates: [cleanHeading(outline.seoTitle)],
      keyphrase: brief.keyphrase,
      title,
      brand: brief.companyName,
    });
    const slug = slugify(brief.keyphrase) || slugify(title);
    const metaDescription = fitMetaDescription(brief.requestedMetaDescription ?? outline.metaDescription);
    const render = (d: PostDocument, meta: string) =>
      renderPost(
        brief,
        d,
        { title, seoTitle, slug, metaDescription: meta },
        {
          siteUrl: deps.siteUrl,
          linkSections,
          linkedSiteUrl: options.linkedSiteUrl,
        },
      );
    const draft = { doc, metaDescription, rendered: render(doc, metaDescription) };
    const final = await revise(deps, brief, { title, seoTitle }, draft, render, context, options, log);

    log.info(
      {
        usage: context.usage,
        score: final.rendered.seo.score,
        words: final.rendered.seo.wordCount,
        revised: final !== draft,
      },
      "post written",
    );
    return {
      title,
      seoTitle,
      slug,
      focusKeyphrase: brief.keyphrase,
      metaDescription: final.metaDescription,
      ...final.rendered,
      generator: `ai:${deps.provider.model}`,
      usage: context.usage,
    };
  } finally {
    deadline.dispose();
  }
}

async function writeBody(
  deps: ModelWriterDeps,
  brief: Brief,
  outline: Outline,
  length: ReturnType<typeof planLength>,
  linkSections: number[],
  context: CallContext,
): Promise<PostDocument> {
  const sectionWords = Math.round((length.sectionWords * length.sectionCount) / outline.sections.length);
  // One failed part fails the post, so the others are cancelled instead of being paid for.
  const batch = new AbortController();
  const batchContext: CallContext = { ...context, signal: AbortSignal.any([context.signal, batch.signal]) };
  const limit = pLimit(deps.concurrency ?? 8);
  const run = <T>(task: () => Promise<T>) =>
    limit(() => {
      batchContext.signal.throwIfAborted();
      return task();
    });
  const passage = (name: string, user: string, words: number) =>
    run(() =>
      deps.provider.generateObject(
        { name, schema: passageSchema, system: writerSystemPrompt, user, maxTokens: words * 3 + 300, temperature: 0.7 },
        batchContext,
      ),
    );

  const intro = passage("post_introduction", introductionPrompt(brief, outline, length.introWords), length.introWords);
  const sections = outline.sections.map((_, index) =>
    run(() =>
      deps.provider.generateObject(
        {
          name: "post_section",
          schema: sectionSchema,
          system: writerSystemPrompt,
          user: sectionPrompt(
            brief,
            outline,
            index,
            sectionWords,
            brief.links.filter((_, i) => linkSections[i] === index),
          ),
          maxTokens: sectionWords * 3 + 400,
          temperature: 0.7,
        },
        batchContext,
      ),
    ),
  );
  const conclusion = passage(
    "post_conclusion",
    conclusionPrompt(brief, outline, length.conclusionWords),
    length.conclusionWords,
  );

  try {
    const [introDraft, conclusionDraft, ...sectionDrafts] = await Promise.all([intro, conclusion, ...sections]);
    return {
      intro: introDraft.paragraphs,
      sections: outline.sections.map((section, index) => ({
        heading: section.heading,
        parts: toParts(sectionDrafts[index], section.heading),
      })),
      conclusion: { heading: outline.conclusionHeading, paragraphs: conclusionDraft.paragraphs },
    };
  } catch (error) {
    batch.abort(error);
    throw error;
  }
}

function toParts(draft: SectionDraft | undefined, heading: string): PostPart[] {
  return (draft?.parts ?? []).map((part) => {
    const subheading = part.subheading === null ? null : cleanHeading(part.subheading);
    return {
      // A model sometimes repeats the H2 as the first H3.
      subheading: subheading && subheading.toLowerCase() !== cleanHeading(heading).toLowerCase() ? subheading : null,
      paragraphs: part.paragraphs,
      bullets: part.bullets,
    };
  });
}

interface Version {
  doc: PostDocument;
  metaDescription: string;
  rendered: RenderedPost;
}

/** One bounded pass at the checks that did not pass; kept only if the score does not drop. */
async function revise(
  deps: ModelWriterDeps,
  brief: Brief,
  { title, seoTitle }: { title: string; seoTitle: string },
  draft: Version,
  render: (doc: PostDocument, metaDescription: string) => RenderedPost,
  context: CallContext,
  options: WriteOptions,
  log: Logger,
): Promise<Version> {
  const problems = draft.rendered.seo.checks.filter((check) => check.status !== "pass" && !notRevisable.has(check.id));
  if (problems.length === 0) return draft;
  if (context.deadline.remaining() < minimumRevisionMs) {
    log.warn({ remainingMs: context.deadline.remaining() }, "no time left for the revision pass; keeping the draft");
    return draft;
  }
  let revision;
  try {
    revision = await deps.provider.generateObject(
      {
        name: "post_revision",
        schema: revisionSchema,
        system: writerSystemPrompt,
        user: revisionPrompt(
          brief,
          { title, seoTitle, metaDescription: draft.metaDescription, listing: listDocument(draft.doc) },
          problems,
        ),
        maxTokens: 1600,
        temperature: 0.3,
      },
      context,
    );
  } catch (error) {
    // The draft is complete and valid; only the caller's own cancellation is passed on.
    if (options.signal?.aborted) throw error;
    log.warn({ err: error }, "revision pass failed; keeping the draft");
    return draft;
  }

  const added = new Map<string, string[]>();
  for (const addition of revision.addedParagraphs)
    added.set(addition.afterId, [...(added.get(addition.afterId) ?? []), addition.html]);
  const doc = editDocument(draft.doc, {
    paragraphs: new Map(revision.paragraphs.map((p) => [p.id.trim().toUpperCase(), p.html])),
    headings: new Map(revision.headings.map((h) => [h.id.trim().toUpperCase(), h.text])),
    added: new Map([...added].map(([id, list]) => [id.trim().toUpperCase(), list])),
  });
  const metaDescription =
    brief.requestedMetaDescription || !revision.metaDescription?.trim()
      ? draft.metaDescription
      : fitMetaDescription(revision.metaDescription);
  const revised = { doc, metaDescription, rendered: render(doc, metaDescription) };
  log.debug({ before: draft.rendered.seo.score, after: revised.rendered.seo.score }, "revision scored");
  return revised.rendered.seo.score >= draft.rendered.seo.score ? revised : draft;
}
