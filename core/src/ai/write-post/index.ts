// The model pipeline: (1) the introduction, the plan of the body and the search snippet at once, (2) every section
// and the conclusion in parallel as soon as the plan is in, (3) assembly into HTML, (4) a revision aimed at the SEO
// checks that failed, made of small calls at once (one per paragraph to rewrite, the headings, the meta description).
// The wall time is about the plan, the slowest section and one paragraph, instead of one long call for the whole post;
// each part is told to the caller (onPart) as soon as it is written.
import pLimit from "p-limit";
import type { GeneratePostInput } from "../../contracts/blog.ts";
import type { Logger } from "../../logger.ts";
import { type Brief, buildBrief, fitMetaDescription } from "../brief.ts";
import { Deadline } from "../deadline.ts";
import {
  cleanHeading,
  editDocument,
  type DocumentEdits,
  type PostDocument,
  type PostPart,
  renderPartHtml,
  spreadOver,
} from "../post-document.ts";
import { fitSeoTitle, slugify } from "../../seo/index.ts";
import { type AiProvider, type CallContext, emptyUsage, type StructuredRequest } from "../provider.ts";
import { type RenderedPost, renderPost } from "../render-post.ts";
import type { WriteOptions, WrittenPart, WrittenPost } from "../types.ts";
import { isEmptyPlan, planRevision } from "./plan-revision.ts";
import {
  addedParagraphPrompt,
  conclusionPrompt,
  headingRevisionPrompt,
  introductionPrompt,
  metaRevisionPrompt,
  outlinePrompt,
  paragraphRevisionPrompt,
  planLength,
  searchSnippetPrompt,
  sectionPrompt,
  writerSystemPrompt,
} from "./prompt.ts";
import {
  addedParagraphSchema,
  headingRevisionSchema,
  metaRevisionSchema,
  outlineSchema,
  paragraphRevisionSchema,
  passageSchema,
  searchSnippetSchema,
  type SearchSnippet,
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
const minimumRevisionMs = 10_000;

export async function writePostWithModel(
  deps: ModelWriterDeps,
  input: GeneratePostInput,
  options: WriteOptions = {},
): Promise<WrittenPost> {
  // Without links into the site while they are still worked out: what is written before the sections needs none.
  let brief = buildBrief(input, options.featured, options.sitePages, options.voice);
  let linkedSiteUrl = options.linkedSiteUrl;
  const targetWords = deps.targetWords ?? 1500;
  const length = planLength(targetWords);
  const deadline = new Deadline(deps.deadlineMs, options.signal);
  const context: CallContext = { signal: deadline.signal, deadline, usage: emptyUsage() };
  const log = deps.logger.child({ generator: `ai:${deps.provider.model}` });
  // One failed part fails the post, so the others are cancelled instead of being paid for.
  const batch = new AbortController();
  const batchContext: CallContext = { ...context, signal: AbortSignal.any([context.signal, batch.signal]) };
  const limit = pLimit(deps.concurrency ?? 8);
  const call: Call = (request) =>
    limit(() => {
      batchContext.signal.throwIfAborted();
      return deps.provider.generateObject(request, batchContext);
    });
  const tell = (part: WrittenPart) => {
    try {
      options.onPart?.(part);
    } catch (error) {
      log.warn({ err: error }, "a listener of the written parts failed");
    }
  };
  try {
    options.onStage?.("planning");
    let total: number | null = null;
    // The introduction does not wait for the plan: it is the first thing the owner reads.
    const intro = call({
      name: "post_introduction",
      schema: passageSchema,
      system: writerSystemPrompt,
      user: introductionPrompt(brief, length.introWords),
      maxTokens: length.introWords * 3 + 300,
      temperature: 0.7,
    }).then((draft) => {
      tell({ index: 0, total, kind: "introduction", heading: null, html: renderPartHtml(null, [{ subheading: null, paragraphs: draft.paragraphs, bullets: [] }]) });
      return draft;
    });
    const snippet = call({
      name: "post_search_snippet",
      schema: searchSnippetSchema,
      system: writerSystemPrompt,
      user: searchSnippetPrompt(brief),
      maxTokens: 400,
      temperature: 0.4,
    }).catch((error: unknown): SearchSnippet | null => {
      // The snippet has a fallback (the owner's title, the introduction); only a cancellation is passed on.
      if (batchContext.signal.aborted) throw error;
      log.warn({ err: error }, "search snippet failed; using the title and the introduction");
      return null;
    });
    // A failed introduction fails the post at once: the calls still running are cancelled, not paid for.
    intro.catch((error: unknown) => batch.abort(error));
    snippet.catch(() => {});

    const outline = await call({
      name: "post_outline",
      schema: outlineSchema,
      system: writerSystemPrompt,
      user: outlinePrompt(brief, length, targetWords),
      maxTokens: 1200,
      temperature: 0.4,
    });
    total = outline.sections.length + 2;
    if (options.siteLinks) {
      const site = await options.siteLinks;
      brief = buildBrief({ ...input, links: site.links }, options.featured, site.sitePages, options.voice);
      linkedSiteUrl = site.linkedSiteUrl ?? linkedSiteUrl;
    }

    options.onStage?.("writing");
    const linkSections = spreadOver(brief.links.length, outline.sections.length);
    const sectionWords = Math.round((length.sectionWords * length.sectionCount) / outline.sections.length);
    const sections = outline.sections.map((section, index) =>
      call({
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
      }).then((draft) => {
        const parts = toParts(draft, section.heading);
        tell({ index: index + 1, total, kind: "section", heading: section.heading, html: renderPartHtml(section.heading, parts) });
        return parts;
      }),
    );
    const conclusion = call({
      name: "post_conclusion",
      schema: passageSchema,
      system: writerSystemPrompt,
      user: conclusionPrompt(brief, outline, length.conclusionWords),
      maxTokens: length.conclusionWords * 3 + 300,
      temperature: 0.7,
    }).then((draft) => {
      const parts = [{ subheading: null, paragraphs: draft.paragraphs, bullets: [] }];
      tell({ index: outline.sections.length + 1, total, kind: "conclusion", heading: outline.conclusionHeading, html: renderPartHtml(outline.conclusionHeading, parts) });
      return draft;
    });

    const [introDraft, conclusionDraft, searchSnippet, ...sectionParts] = await Promise.all([intro, conclusion, snippet, ...sections]);
    const doc: PostDocument = {
      intro: introDraft.paragraphs,
      sections: outline.sections.map((section, index) => ({ heading: section.heading, parts: sectionParts[index] ?? [] })),
      conclusion: { heading: outline.conclusionHeading, paragraphs: conclusionDraft.paragraphs },
    };

    options.onStage?.("reviewing");
    // The title is the owner's, word for word; the keyphrase goes into the SEO title.
    const title = brief.title;
    const seoTitle = fitSeoTitle({
      candidates: searchSnippet ? [cleanHeading(searchSnippet.seoTitle)] : [],
      keyphrase: brief.keyphrase,
      title,
      brand: brief.companyName,
    });
    const slug = slugify(brief.keyphrase) || slugify(title);
    const metaDescription = fitMetaDescription(
      brief.requestedMetaDescription ?? searchSnippet?.metaDescription ?? doc.intro.join(" ").replace(/<[^>]+>/g, ""),
    );
    const render = (d: PostDocument, meta: string) =>
      renderPost(
        brief,
        d,
        { title, seoTitle, slug, metaDescription: meta },
        {
          siteUrl: deps.siteUrl,
          linkSections,
          linkedSiteUrl,
        },
      );
    const draft = { doc, metaDescription, rendered: render(doc, metaDescription) };
    const final = await revise(brief, draft, render, call, context, options, log);

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
  } catch (error) {
    batch.abort(error);
    throw error;
  } finally {
    deadline.dispose();
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

type Call = <T>(request: StructuredRequest<T>) => Promise<T>;

/** One edit of the draft: what a single revision call brought. */
interface Edit {
  paragraphs?: Map<string, string>;
  headings?: Map<string, string>;
  added?: Map<string, string[]>;
  metaDescription?: string;
}

const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]).sort().join(" ");

/**
 * The revision: each block the failed checks point at is rewritten by its own call, all at once. Edits are kept
 * together when they do not lower the score; otherwise one by one, each only if it does not.
 */
async function revise(
  brief: Brief,
  draft: Version,
  render: (doc: PostDocument, metaDescription: string) => RenderedPost,
  call: Call,
  context: CallContext,
  options: WriteOptions,
  log: Logger,
): Promise<Version> {
  const problems = draft.rendered.seo.checks.filter((check) => check.status !== "pass" && !notRevisable.has(check.id));
  if (problems.length === 0) return draft;
  const plan = planRevision(draft.doc, problems, brief);
  if (isEmptyPlan(plan)) return draft;
  if (context.deadline.remaining() < minimumRevisionMs) {
    log.warn({ remainingMs: context.deadline.remaining() }, "no time left for the revision pass; keeping the draft");
    return draft;
  }
  const attempt = async (what: string, task: () => Promise<Edit | null>): Promise<Edit | null> => {
    try {
      return await task();
    } catch (error) {
      // The draft is complete and valid; only the caller's own cancellation is passed on.
      if (options.signal?.aborted) throw error;
      log.warn({ err: error, block: what }, "a revision call failed; keeping that block as drafted");
      return null;
    }
  };
  const settle = { system: writerSystemPrompt, temperature: 0.3 };
  const tasks: Array<Promise<Edit | null>> = [
    ...plan.paragraphs.map((block) =>
      attempt(block.id, async () => {
        const answer = await call({
          ...settle,
          name: "post_paragraph_revision",
          schema: paragraphRevisionSchema,
          user: paragraphRevisionPrompt(brief, block, block.asks),
          maxTokens: 700,
        });
        const [first, ...rest] = answer.paragraphs;
        // A rewrite that drops or adds a link is not taken: the links are the owner's.
        if (!first || hrefs(answer.paragraphs.join(" ")) !== hrefs(block.html)) return null;
        return { paragraphs: new Map([[block.id, first]]), added: new Map(rest.length ? [[block.id, rest]] : []) };
      }),
    ),
    ...(plan.headings
      ? [
          attempt("headings", async () => {
            const answer = await call({
              ...settle,
              name: "post_heading_revision",
              schema: headingRevisionSchema,
              user: headingRevisionPrompt(brief, plan.headings!.listing, plan.headings!.asks),
              maxTokens: 300,
            });
            return { headings: new Map(answer.headings.map((h) => [h.id.trim().toUpperCase(), cleanHeading(h.text)])) };
          }),
        ]
      : []),
    ...(plan.meta && !brief.requestedMetaDescription
      ? [
          attempt("meta description", async () => {
            const answer = await call({
              ...settle,
              name: "post_meta_revision",
              schema: metaRevisionSchema,
              user: metaRevisionPrompt(brief, draft.metaDescription, plan.meta!.asks),
              maxTokens: 200,
            });
            return { metaDescription: fitMetaDescription(answer.metaDescription) };
          }),
        ]
      : []),
    ...plan.additions.map((addition) =>
      attempt(`after ${addition.afterId}`, async () => {
        const answer = await call({
          ...settle,
          temperature: 0.7,
          name: "post_added_paragraph",
          schema: addedParagraphSchema,
          user: addedParagraphPrompt(brief, addition, addition.words),
          maxTokens: addition.words * 3 + 200,
        });
        return { added: new Map([[addition.afterId, answer.paragraphs]]) };
      }),
    ),
  ];
  const edits = (await Promise.all(tasks)).filter((edit): edit is Edit => edit !== null);
  if (edits.length === 0) return draft;

  const apply = (list: Edit[]): Version => {
    const merged: DocumentEdits = { paragraphs: new Map(), headings: new Map(), added: new Map() };
    let metaDescription = draft.metaDescription;
    for (const edit of list) {
      edit.paragraphs?.forEach((html, id) => merged.paragraphs.set(id, html));
      edit.headings?.forEach((text, id) => merged.headings.set(id, text));
      edit.added?.forEach((list, id) => merged.added.set(id, [...(merged.added.get(id) ?? []), ...list]));
      if (edit.metaDescription) metaDescription = edit.metaDescription;
    }
    const doc = editDocument(draft.doc, merged);
    return { doc, metaDescription, rendered: render(doc, metaDescription) };
  };
  const all = apply(edits);
  log.debug({ before: draft.rendered.seo.score, after: all.rendered.seo.score, edits: edits.length }, "revision scored");
  if (all.rendered.seo.score >= draft.rendered.seo.score) return all;
  let kept: Edit[] = [];
  let best = draft;
  for (const edit of edits) {
    const next = apply([...kept, edit]);
    if (next.rendered.seo.score >= best.rendered.seo.score) {
      kept = [...kept, edit];
      best = next;
    }
  }
  return best;
}
