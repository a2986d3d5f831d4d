// Proposes a refresh of one of Your posts: reads the post as its site stores it now (WordPress REST context=edit with
// the saved credentials, Shopify's Admin GraphQL article), scores it, picks newer relevant pages of the site to link
// to (newer posts of Your posts and the site index's other pages, with the link picker the writers use; related older
// posts when nothing newer fits and the post links nowhere on its site), writes the
// sections it lacks (the model when one is configured, else the offline writer's rules, in the site's voice), builds
// the items (build-refresh-proposal.ts) and keeps the proposal. Nothing is written to the site.
import type { Config } from "../env.ts";
import type { RefreshView } from "../contracts/refresh.ts";
import { OFFLINE_GENERATOR } from "../contracts/written-by.ts";
import type { SitePost } from "../db/index.ts";
import { AppError } from "../errors/index.ts";
import type { Logger } from "../logger.ts";
import type { AiProvider } from "../ai/provider.ts";
import { parseSeoDocument } from "../seo/document/parse-seo-document.ts";
import { pickSiteLinks, type SiteLinkCandidate } from "../site-index/pick-site-links.ts";
import { readSiteLinks } from "../site-index/read-site-links.ts";
import type { SiteIndexDeps } from "../site-index/site-connection.ts";
import { findRefreshSite } from "./find-refresh-site.ts";
import { pageKey } from "../site-posts/analyze-site-posts.ts";
import { parseStoredVoice } from "../voice/stored-voice.ts";
import { buildRefreshProposal } from "./build-refresh-proposal.ts";
import { pickRefreshImage } from "./pick-refresh-image.ts";
import { countRefreshProposal, takeBackModelRefresh } from "./count-refresh-proposal.ts";
import { openPostOnSite, fingerprintOf, seoTitleWritable } from "./open-post-on-site.ts";
import { refreshView, siteUrlOf } from "./refresh-view.ts";
import { scorePostVersion } from "./score-post-version.ts";
import { writeMissingSections } from "./write-missing-sections.ts";
import { isAiConfigured } from "../ai/index.ts";
import { inScope, type RefreshScope } from "./types.ts";

export type RefreshDeps = SiteIndexDeps & {
  openai?: Config["openai"];
  /** A model provider given directly (tests); else one is made from openai when configured. */
  provider?: AiProvider;
  logger?: Logger;
};

/** Kinds of the site index other than posts: pages, products, collections, categories. */
const POST_KINDS = new Set(["article", "post"]);
const MAX_CANDIDATE_POSTS = 1_000;

export async function proposeRefresh(
  deps: RefreshDeps,
  input: { userId: number; sitePostId: number; site?: RefreshScope },
): Promise<RefreshView> {
  const { prisma } = deps;
  const now = deps.now?.() ?? new Date();
  const sitePost = await prisma.sitePost.findFirst({
    where: { id: input.sitePostId, userId: input.userId, ...inScope(input.site) },
  });
  if (!sitePost)
    throw new AppError("NOT_FOUND", "That post is not among Your posts. Reload Your posts and choose it again.");
  const site = await findRefreshSite(prisma, { ...sitePost, userId: input.userId }, "refresh its posts");
  const byModel = Boolean(deps.provider || (deps.openai && isAiConfigured(deps.openai)));
  await countRefreshProposal(deps, { userId: input.userId, byModel, now });
  let writtenByModel = false;
  try {
    const view = await proposeCounted(deps, { ...input, sitePost, site, now });
    writtenByModel = view.generator !== OFFLINE_GENERATOR;
    return view;
  } finally {
    // A proposal the model did not write (it failed: the offline writer's sections) keeps the model's allowance.
    if (byModel && !writtenByModel) await takeBackModelRefresh(deps, { userId: input.userId });
  }
}

async function proposeCounted(
  deps: RefreshDeps,
  input: {
    userId: number;
    sitePost: SitePost;
    site: Awaited<ReturnType<typeof findRefreshSite>>;
    now: Date;
  },
): Promise<RefreshView> {
  const { prisma } = deps;
  const { sitePost, site, now } = input;
  const post = await openPostOnSite(deps, site, sitePost.remoteId).read();
  const siteUrl =
    siteUrlOf(post) || (site.platform === "wordpress" ? site.connection.siteUrl : site.connection.storeUrl);
  const siteName = site.platform === "wordpress" ? site.connection.siteName : site.connection.storeName;
  const keyphrase = sitePost.keyphrase;
  const before = scorePostVersion(post, { keyphrase, slug: post.slug, siteUrl });
  const failing = new Set(before.checks.filter((check) => check.status === "fail").map((check) => check.id));
  const notPassing = new Set(before.checks.filter((check) => check.status !== "pass").map((check) => check.id));

  // Newer relevant pages: posts of the site published after this one, and the index's other pages.
  const [newerPosts, indexed, voiceRow] = await Promise.all([
    prisma.sitePost.findMany({
      where: {
        userId: input.userId,
        platform: sitePost.platform,
        connectionId: sitePost.connectionId,
        id: { not: sitePost.id },
        ...(sitePost.publishedAt ? { publishedAt: { gt: sitePost.publishedAt } } : {}),
      },
      select: { url: true, title: true },
      orderBy: { publishedAt: "desc" },
      take: MAX_CANDIDATE_POSTS,
    }),
    readSiteLinks(prisma, input.userId),
    prisma.siteVoice.findFirst({
      where: { userId: input.userId, platform: sitePost.platform, connectionId: sitePost.connectionId },
    }),
  ]);
  const host = pageKey(siteUrl, siteUrl)?.split("/")[0];
  const linked = new Set(
    [post.url, ...parseSeoDocument(post.html).links.map((link) => link.href)]
      .map((href) => pageKey(href, post.url || siteUrl))
      .filter((key): key is string => key !== null),
  );
  const seen = new Set<string>();
  const candidates: SiteLinkCandidate[] = [];
  for (const page of [
    ...newerPosts.map((p) => ({ ...p, kind: "post" })),
    ...indexed.filter((page) => !POST_KINDS.has(page.kind)),
  ]) {
    const key = pageKey(page.url, siteUrl);
    if (!key || key.split("/")[0] !== host || linked.has(key) || seen.has(key)) continue;
    seen.add(key);
    candidates.push(page);
  }
  const pick = (pages: SiteLinkCandidate[]) =>
    pickSiteLinks(pages, {
      keyphrase,
      keywords: [keyphrase],
      title: post.title,
      max: failing.has("internal-links") ? 3 : 2,
    });
  let links = pick(candidates);
  // A post with no internal link and nothing newer to link to (the site's newest post) links to related older ones.
  if (links.length === 0 && failing.has("internal-links") && sitePost.publishedAt) {
    const older = await prisma.sitePost.findMany({
      where: {
        userId: input.userId,
        platform: sitePost.platform,
        connectionId: sitePost.connectionId,
        id: { not: sitePost.id },
        publishedAt: { lte: sitePost.publishedAt },
      },
      select: { url: true, title: true },
      orderBy: { publishedAt: "desc" },
      take: MAX_CANDIDATE_POSTS,
    });
    links = pick(
      older
        .filter((page) => {
          const key = pageKey(page.url, siteUrl);
          return key !== null && key.split("/")[0] === host && !linked.has(key);
        })
        .map((page) => ({ ...page, kind: "post" })),
    );
  }

  const voice = (voiceRow && parseStoredVoice(voiceRow.profile)) ?? undefined;
  const { sections, generator } = await writeMissingSections(deps, {
    title: post.title,
    keyphrase,
    siteName,
    html: post.html,
    words: before.words,
    failing: notPassing,
    voice,
    now,
  });
  // An image of the site's own for a post without one: from the index's pages of this site (the post's own left out).
  const image = notPassing.has("keyphrase-in-image-alt")
    ? pickRefreshImage({
        pages: indexed.filter((page) => pageKey(page.url, siteUrl)?.split("/")[0] === host),
        keyphrase,
        title: post.title,
        linked: [...parseSeoDocument(post.html).links.map((link) => link.href), ...links.map((link) => link.url)],
        self: post.url || sitePost.url,
      })
    : null;
  const items = buildRefreshProposal({
    post,
    keyphrase,
    checks: before.checks,
    siteName,
    year: now.getUTCFullYear(),
    links,
    added: sections,
    seoTitleWritable: seoTitleWritable(site.platform, post),
    image,
  });
  const row = await prisma.postRefresh.create({
    data: {
      userId: input.userId,
      platform: site.platform,
      connectionId: site.connection.id,
      remoteId: sitePost.remoteId,
      // Shown as a link on the refresh page: only a web address the site gave, else the one Your posts read.
      url: /^https?:\/\//i.test(post.url) ? post.url : sitePost.url,
      title: post.title,
      keyphrase,
      generator,
      original: post as never,
      fingerprint: fingerprintOf(post),
      items: items as never,
      createdAt: now,
    },
  });
  return refreshView(row);
}
