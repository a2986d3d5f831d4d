// `npm run bench -- refresh`: "Your posts", analysed and refreshed. A real WordPress (tests/support/wordpress, with
// Yoast SEO's fields exposed over REST as Yoast does when asked, each post with its focus keyphrase) with 50 posts of
// mixed quality and a fake Shopify store with 50 articles of the same mix (Shopify's standard leaky bucket: 1,000
// points, 50 restored a second; no focus keyphrase, so it is derived from the title) are each analysed the way the
// background does it: every published post read with its body (WordPress REST 100 a page; Admin GraphQL 50 a page,
// paced by the cost limits), scored by the SEO checks, links counted, and stored (runSitePostsJob on embedded PGlite,
// or PostgreSQL with --postgres). The time is set against the goal: within the platform's rate limits (the points the
// read costs, less the full bucket it starts with, over the restore rate; WordPress has none), and otherwise under a
// second a post. The analysis alone (the CPU part, no network) is timed per post too.
// Then 10 posts of each site, spread over the range of scores, are refreshed by the offline writer's rules (no model):
// proposed, published whole in place, and read back from the site. For each: the score and the share of checks green
// before and after (goal: every refreshed post at least 95% green), whether it kept its ID and address, and whether
// the previous version was kept (one more WordPress revision; the refresh's own copy for Shopify). Each site also has
// one page or product per subject with an image of its own (a WordPress page's featured image, a Shopify product's
// featured image), its alt text naming the thing shown, read into the site index as the background does: what a
// refresh proposes for a post without an image. The count of posts failing only the image check is reported.
import { randomBytes } from "node:crypto";
import { proposeRefresh, publishRefresh } from "../core/src/refresh/index.ts";
import { findRefreshSite } from "../core/src/refresh/find-refresh-site.ts";
import { openPostOnSite } from "../core/src/refresh/open-post-on-site.ts";
import { scorePostVersion } from "../core/src/refresh/score-post-version.ts";
import { siteUrlOf } from "../core/src/refresh/refresh-view.ts";
import { inSentence } from "../core/src/ai/offline/keyphrase-grammar.ts";
import { slugify } from "../core/src/seo/index.ts";
import { claimJobs } from "../core/src/jobs/index.ts";
import { ShopifyCostPacer } from "../core/src/publishing/shopify/index.ts";
import { createSafeFetch, encryptSecret } from "../core/src/security/index.ts";
import {
  analyzeSitePosts,
  enqueueSitePosts,
  readShopifyArticles,
  readWordpressPosts,
  runSitePostsJob,
  saveSitePosts,
  SITE_POSTS_QUEUE,
  type RemoteSitePost,
} from "../core/src/site-posts/index.ts";
import { readShopifySitePages, readWordpressSitePages, saveSiteIndex } from "../core/src/site-index/index.ts";
import { createTestDatabase } from "../core/src/testing/index.ts";
import { onePixelPng } from "../tests/fakes/shopify/png.ts";
import { startFakeShopify } from "../tests/fakes/shopify/index.ts";
import { startWordPress } from "../tests/support/wordpress/start-wordpress.ts";
import { fmt } from "./support.ts";

const POSTS = 50;
const SHOP = "refresh-bench.myshopify.com";
const TOKEN = "shpat_refresh_bench";
const BUCKET = { maximumAvailable: 1000, restoreRate: 50 };
const encryptionKey = randomBytes(32);

/** The subjects of the posts: what the body talks about, the focus keyphrase the WordPress post sets in Yoast SEO
 * (plural, singular, a question, a brand), and the title (its main part is the keyphrase Shopify's articles get). */
const topics = [
  {
    noun: "coffee grinder",
    keyphrase: "coffee grinders",
    title: "Coffee grinders: how to keep yours working for years",
  },
  {
    noun: "cast iron pan",
    keyphrase: "cast iron pan care",
    title: "Cast iron pan care: seasoning, cleaning and storage tips",
  },
  {
    noun: "kettle",
    keyphrase: "how to descale a kettle",
    title: "Kettle descaling: how to descale a kettle without harsh cleaners",
  },
  {
    noun: "AeroPress",
    keyphrase: "AeroPress recipes",
    title: "AeroPress recipes: a smooth, rich cup every single morning",
  },
  { noun: "linen apron", keyphrase: "linen aprons", title: "Linen aprons: why they last and how to wash them well" },
];
const sentence = (topic: string, i: number) =>
  [
    `A good ${topic} lasts for years when you look after it.`,
    `However, most people never read the care notes.`,
    `For example, rinse it after use and let it dry.`,
    `Then store it somewhere dry and cool.`,
    `This keeps the ${topic} in good shape.`,
  ][i % 5]!;

/** A post body of a given quality: thin (a paragraph), middling (about 400 words, with an H1 in the body and a link
 * whose text is the keyphrase, as pasted from elsewhere), or strong (about 1,100 words, headings every 250 words, the
 * keyphrase in the introduction, an image with alt text, links in and out). */
function body(subject: (typeof topics)[number], keyphrase: string, quality: number, links: string[]): string {
  const topic = subject.noun;
  const paragraph = (n: number, start = 0) =>
    `<p>${Array.from({ length: n }, (_, i) => sentence(topic, start + i)).join(" ")}</p>`;
  if (quality === 0) return paragraph(4);
  const sections = quality === 1 ? 3 : 8;
  const perSection = quality === 1 ? 3 : 4;
  let html =
    quality === 1
      ? `<h1>${subject.title}</h1><p>This guide to the ${topic} covers care, cleaning and storage.</p>`
      : `<p>This guide to ${keyphrase} covers care, cleaning and storage.</p>`;
  for (let s = 0; s < sections; s++) {
    html += `<h2>${topic} care, step ${s + 1}</h2>`;
    for (let p = 0; p < perSection; p++) html += paragraph(5, p);
  }
  if (quality === 1 && links.length > 0) html += `<p>See also <a href="${links[0]}">${keyphrase}</a>.</p>`;
  if (quality === 2) {
    html += `<p><img src="https://img.example/${topic.replace(/ /g, "-")}.jpg" alt="A ${topic} on a shelf"></p>`;
    html += `<p>Read more: ${links.map((l, i) => `<a href="${l}">related post ${i + 1}</a>`).join(", ")}; `;
    html += `and the <a href="https://en.wikipedia.org/wiki/Kitchen">kitchen</a> article.</p>`;
  }
  return html;
}

const YOAST_IN_REST = `<?php
add_action( 'init', function () {
  foreach ( array( '_yoast_wpseo_focuskw', '_yoast_wpseo_metadesc', '_yoast_wpseo_title' ) as $key ) {
    register_post_meta( 'post', $key, array(
      'show_in_rest' => true, 'single' => true, 'type' => 'string',
      'auth_callback' => function () { return current_user_can( 'edit_posts' ); },
    ) );
  }
} );`;

export default async function bench(): Promise<void> {
  const db = await createTestDatabase();
  const safeFetch = createSafeFetch({ allowPrivateNetworkTargets: true, timeoutMs: 30_000 });
  const wordpress = await startWordPress({});
  const fake = await startFakeShopify({
    shops: [
      {
        domain: SHOP,
        accessToken: TOKEN,
        scopes: ["read_content", "write_content", "read_products"],
        blogs: [{ title: "Journal", handle: "journal" }],
        primaryDomainUrl: "https://www.refresh-bench.example",
      },
    ],
    throttle: BUCKET,
  });
  try {
    // WordPress: 50 posts, a third each thin, middling and strong; the strong ones link to two earlier posts, the
    // middling ones to one with the keyphrase as its text.
    await wordpress.setMuPlugin("yoast-fields-in-rest", YOAST_IN_REST);
    const wpLinks: string[] = [];
    for (let i = 0; i < POSTS; i++) {
      const topic = topics[i % topics.length]!;
      const response = await wordpress.rest("wp/v2/posts", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          title: `${topic.title} (${i + 1})`,
          status: "publish",
          date_gmt: new Date(Date.UTC(2023, 0, 1 + i * 7)).toISOString().slice(0, 19),
          content: body(topic, topic.keyphrase, i % 3, wpLinks.slice(-2)),
          meta: { _yoast_wpseo_focuskw: topic.keyphrase },
        }),
      });
      wpLinks.push(((await response.json()) as { link: string }).link);
    }
    // A page per subject with its featured image (alt text naming the thing shown, not the posts' keyphrase).
    for (const [i, topic] of topics.entries()) {
      const upload = await wordpress.rest("wp/v2/media", {
        method: "POST",
        headers: { "content-type": "image/png", "content-disposition": `attachment; filename="shop-${i + 1}.png"` },
        body: onePixelPng(40 * i, 90, 120),
      });
      const media = (await upload.json()) as { id: number };
      await wordpress.rest(`wp/v2/media/${media.id}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ alt_text: `Our ${topic.noun} on the shop counter` }),
      });
      await wordpress.rest("wp/v2/pages", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          title: `The ${topic.noun} we sell`,
          status: "publish",
          content: `<p>What we stock for your ${topic.noun}.</p>`,
          featured_media: media.id,
        }),
      });
    }
    // Shopify: 50 articles of the same mix.
    const shop = fake.shop(SHOP);
    // A product per subject with its featured image.
    for (const topic of topics) {
      shop.addProduct({
        title: `The ${topic.noun} we sell`,
        image: {
          url: `https://cdn.shopify.com/s/files/1/bench/${slugify(topic.noun)}.jpg`,
          altText: `Our ${topic.noun} on the shop counter`,
        },
      });
    }
    const blogId = shop.blogs[0]!.id;
    for (let i = 0; i < POSTS; i++) {
      const topic = topics[i % topics.length]!;
      // Shopify makes an article's handle from its title.
      const handleOf = (n: number) => `${slugify(topics[n % topics.length]!.title)}-${n + 1}`;
      const links = [i - 1, i - 2].filter((n) => n >= 0).map((n) => `/blogs/journal/${handleOf(n)}`);
      await shop.createArticle(
        {
          blogId,
          title: `${topic.title} (${i + 1})`,
          handle: handleOf(i),
          author: { name: "Ann" },
          body: body(topic, inSentence(topic.title.split(":")[0]!), i % 3, links),
          isPublished: true,
          publishDate: new Date(Date.UTC(2023, 0, 1 + i * 7)).toISOString(),
        },
        null,
        async () => null,
      );
    }

    // Reading alone, then the analysis alone (the CPU part), per platform.
    const wpStart = performance.now();
    const wpRead = await readWordpressPosts(
      { fetch: safeFetch, allowPlainHttp: true },
      {
        credentials: {
          siteUrl: wordpress.url,
          username: wordpress.adminUser,
          applicationPassword: wordpress.applicationPassword,
        },
        limit: 2000,
      },
    );
    const wpReadMs = performance.now() - wpStart;

    let points = 0;
    let calls = 0;
    const metered: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      const answer = (await response.clone().json()) as { extensions?: { cost?: { actualQueryCost: number | null } } };
      points += answer.extensions?.cost?.actualQueryCost ?? 0;
      calls++;
      return response;
    };
    const shStart = performance.now();
    const shRead = await readShopifyArticles(
      { fetch: metered, apiBaseUrl: fake.apiBaseUrlTemplate, pacer: new ShopifyCostPacer() },
      { storeUrl: SHOP, accessToken: TOKEN, limit: 2000 },
    );
    const shReadMs = performance.now() - shStart;
    const bound = Math.max(0, points - BUCKET.maximumAvailable) / BUCKET.restoreRate;

    const analyse = (posts: RemoteSitePost[], siteUrl: string) => {
      const times: number[] = [];
      for (let round = 0; round < 5; round++) {
        const started = performance.now();
        analyzeSitePosts(posts, { siteUrl, otherPages: [], now: new Date() });
        times.push(performance.now() - started);
      }
      return times.sort((a, b) => a - b)[2]!;
    };
    const wpAnalyseMs = analyse(wpRead.posts, wpRead.siteUrl);
    const shAnalyseMs = analyse(shRead.posts, shRead.siteUrl);
    const scores = (posts: RemoteSitePost[], siteUrl: string) => {
      const analysed = analyzeSitePosts(posts, { siteUrl, otherPages: [], now: new Date() });
      const s = analysed.map((p) => p.score).sort((a, b) => a - b);
      return `scores ${s[0]}–${s[s.length - 1]} (median ${s[Math.floor(s.length / 2)]})`;
    };

    // The whole background job: read, analyse, store, for a connected site of each platform.
    const user = await db.prisma.user.create({ data: { email: "bench@example.com", password: "x" } });
    const wpConnection = await db.prisma.wordpressConnection.create({
      data: {
        userId: user.id,
        siteName: "Bench",
        siteUrl: wordpress.url,
        username: wordpress.adminUser,
        applicationPassword: encryptSecret(wordpress.applicationPassword, encryptionKey),
      },
    });
    const shConnection = await db.prisma.shopifyConnection.create({
      data: {
        userId: user.id,
        storeName: "Bench store",
        storeUrl: SHOP,
        apiKey: "",
        password: encryptSecret(TOKEN, encryptionKey),
        blogId,
      },
    });
    const deps = {
      prisma: db.prisma,
      encryptionKey,
      fetch: safeFetch,
      allowPrivateNetworkTargets: true,
      shopifyApiBaseUrl: fake.apiBaseUrlTemplate,
      shopifyPacer: new ShopifyCostPacer(),
    };
    const job = async (platform: "wordpress" | "shopify", connectionId: number) => {
      await enqueueSitePosts(deps, { userId: user.id, platform, connectionId });
      const started = performance.now();
      const [jobId] = await claimJobs(db.prisma, SITE_POSTS_QUEUE, {
        owner: "bench",
        now: new Date(),
        leaseMs: 120_000,
        limit: 1,
      });
      const outcome = await runSitePostsJob(deps, { jobId: jobId!, owner: "bench" });
      const ms = performance.now() - started;
      const stored = await db.prisma.sitePost.count({ where: { userId: user.id, platform, connectionId } });
      return { ms, outcome, stored };
    };
    // The site index of each site (its pages, products and their images), as the background reads it.
    const wpPages = await readWordpressSitePages(
      { fetch: safeFetch, allowPlainHttp: true },
      {
        credentials: {
          siteUrl: wordpress.url,
          username: wordpress.adminUser,
          applicationPassword: wordpress.applicationPassword,
        },
        limit: 1000,
      },
    );
    const shPages = await readShopifySitePages(
      { fetch, apiBaseUrl: fake.apiBaseUrlTemplate, pacer: new ShopifyCostPacer() },
      { storeUrl: SHOP, accessToken: TOKEN, limit: 1000 },
    );
    for (const [platform, connectionId, pages] of [
      ["wordpress", wpConnection.id, wpPages],
      ["shopify", shConnection.id, shPages],
    ] as const) {
      await saveSiteIndex(db.prisma, { userId: user.id, platform, connectionId, pages, now: new Date() });
      console.log(
        `site index (${platform}): ${pages.length} pages, ${pages.filter((page) => page.image).length} with an image`,
      );
    }
    const wpJob = await job("wordpress", wpConnection.id);
    const shJob = await job("shopify", shConnection.id);
    // Storing alone: the analysed posts written again in place of the stored ones (what the job's last step does).
    const storeMs = async (
      platform: "wordpress" | "shopify",
      connectionId: number,
      posts: RemoteSitePost[],
      url: string,
    ) => {
      const analysed = analyzeSitePosts(posts, { siteUrl: url, otherPages: [], now: new Date() });
      const started = performance.now();
      await saveSitePosts(db.prisma, { userId: user.id, platform, connectionId, posts: analysed, now: new Date() });
      return performance.now() - started;
    };
    const wpStoreMs = await storeMs("wordpress", wpConnection.id, wpRead.posts, wpRead.siteUrl);
    const shStoreMs = await storeMs("shopify", shConnection.id, shRead.posts, shRead.siteUrl);

    const perPost = (ms: number, n: number) => `${fmt(ms / n, 1)} ms a post`;
    console.log(
      `WordPress ${wordpress.version}: ${fmt(wpRead.posts.length)} posts read in ${fmt(wpReadMs)} ms ` +
        `(${perPost(wpReadMs, wpRead.posts.length)}); analysed in ${fmt(wpAnalyseMs, 1)} ms ` +
        `(${perPost(wpAnalyseMs, wpRead.posts.length)}); ${scores(wpRead.posts, wpRead.siteUrl)}`,
    );
    console.log(
      `  background job (read, analyse, store): ${fmt(wpJob.ms)} ms, ${wpJob.outcome}, ${fmt(wpJob.stored)} stored ` +
        `(storing alone again: ${fmt(wpStoreMs)} ms) ` +
        `(${perPost(wpJob.ms, wpJob.stored)}); bound: no rate limit, goal under 1,000 ms a post: ` +
        `${wpJob.ms / wpJob.stored < 1000 ? "met" : "not met"} (${fmt(wpJob.ms / wpJob.stored / 1000, 3)}× the goal)`,
    );
    console.log(
      `Shopify (fake, ${BUCKET.maximumAvailable} points, ${BUCKET.restoreRate}/s): ${fmt(shRead.posts.length)} articles ` +
        `read in ${fmt(shReadMs)} ms, ${calls} calls, ${fmt(points)} points, ${fake.throttledRequests(SHOP).length} throttled ` +
        `(${perPost(shReadMs, shRead.posts.length)}); analysed in ${fmt(shAnalyseMs, 1)} ms ` +
        `(${perPost(shAnalyseMs, shRead.posts.length)}); ${scores(shRead.posts, shRead.siteUrl)}`,
    );
    console.log(
      `  background job (read, analyse, store): ${fmt(shJob.ms)} ms, ${shJob.outcome}, ${fmt(shJob.stored)} stored ` +
        `(storing alone again: ${fmt(shStoreMs)} ms) ` +
        `(${perPost(shJob.ms, shJob.stored)}); rate-limit bound (points − bucket) / restore rate = ${fmt(bound, 1)} s; ` +
        `goal within the limits and under 1,000 ms a post: ` +
        `${shJob.ms / 1000 <= Math.max(bound, shJob.stored) ? "met" : "not met"}`,
    );

    // Refreshing: 10 posts of each site, spread over the range of scores, proposed by the offline writer's rules and
    // published whole, in place; then read back from the site and scored as the site now holds them.
    type Platform = "wordpress" | "shopify";
    const revisionCount = async (id: string) =>
      ((await (await wordpress.rest(`wp/v2/posts/${id}/revisions?context=edit&per_page=100`)).json()) as unknown[])
        .length;
    const greenOf = (checks: { status: string }[]) => checks.filter((c) => c.status === "pass").length;
    const refreshTen = async (platform: Platform, connectionId: number) => {
      const stored = await db.prisma.sitePost.findMany({
        where: { userId: user.id, platform, connectionId },
        orderBy: [{ score: "asc" }, { id: "asc" }],
      });
      const chosen = Array.from({ length: 10 }, (_, i) => stored[Math.floor((i * stored.length) / 10)]!);
      const site = await findRefreshSite(db.prisma, { userId: user.id, platform, connectionId }, "refresh its posts");
      const rows = [];
      for (const sitePost of chosen) {
        const onSite = openPostOnSite(deps, site, sitePost.remoteId);
        const original = await onSite.read();
        const revisionsBefore = platform === "wordpress" ? await revisionCount(sitePost.remoteId) : 0;
        const proposeStart = performance.now();
        const proposed = await proposeRefresh(deps, { userId: user.id, sitePostId: sitePost.id });
        const proposeMs = performance.now() - proposeStart;
        const publishStart = performance.now();
        const published = await publishRefresh(deps, {
          userId: user.id,
          refreshId: proposed.id,
          itemIds: proposed.items.map((item) => item.id),
        });
        const publishMs = performance.now() - publishStart;
        const after = await onSite.read();
        const before = proposed.scores.before;
        const rescored = scorePostVersion(after, {
          keyphrase: proposed.keyphrase,
          slug: after.slug,
          siteUrl: siteUrlOf(after),
        });
        rows.push({
          title: original.title,
          keyphrase: proposed.keyphrase,
          before: { score: before.score, green: greenOf(before.checks), total: before.checks.length },
          after: { score: rescored.score, green: greenOf(rescored.checks), total: rescored.checks.length },
          notGreen: rescored.checks.filter((c) => c.status !== "pass").map((c) => c.id),
          items: proposed.items.length,
          inPlace: after.remoteId === original.remoteId && after.url === original.url && after.slug === original.slug,
          kept:
            platform === "wordpress"
              ? `${(await revisionCount(sitePost.remoteId)) - revisionsBefore} revision`
              : published.canRestore
                ? "own copy"
                : "none",
          proposeMs,
          publishMs,
        });
      }
      return rows;
    };
    const pct = (green: number, total: number) => `${green}/${total} (${fmt((100 * green) / total)}%)`;
    for (const [platform, connectionId, label] of [
      ["wordpress", wpConnection.id, `WordPress ${wordpress.version}`],
      ["shopify", shConnection.id, "Shopify (fake)"],
    ] as const) {
      const rows = await refreshTen(platform, connectionId);
      console.log(`${label}: 10 posts refreshed (offline writer's rules), published whole in place and read back:`);
      for (const row of rows) {
        console.log(
          `  "${row.title}" [${row.keyphrase}]: score ${row.before.score} → ${row.after.score}, green ` +
            `${pct(row.before.green, row.before.total)} → ${pct(row.after.green, row.after.total)}; ${row.items} items; ` +
            `same ID and address: ${row.inPlace ? "yes" : "NO"}; previous kept: ${row.kept}` +
            (row.notGreen.length > 0 ? `; not green: ${row.notGreen.join(", ")}` : ""),
        );
      }
      const shares = rows.map((r) => r.after.green / r.after.total);
      const worst = Math.min(...shares);
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
      const onlyImage = rows.filter((r) => r.notGreen.length === 1 && r.notGreen[0] === "keyphrase-in-image-alt");
      const scoreBefore = median(rows.map((r) => r.before.score));
      const scoreAfter = median(rows.map((r) => r.after.score));
      console.log(
        `  median score ${scoreBefore} → ${scoreAfter} (${fmt(scoreAfter / scoreBefore, 2)}×); median green ` +
          `${fmt(100 * median(rows.map((r) => r.before.green / r.before.total)))}% → ${fmt(100 * median(shares))}%; ` +
          `least green after ${fmt(100 * worst, 1)}% (${fmt(worst / 0.95, 3)}× the 95% goal): ` +
          `${rows.filter((r) => r.after.green / r.after.total >= 0.95).length} of ${rows.length} at 95% or more; ` +
          `in place ${rows.filter((r) => r.inPlace).length} of ${rows.length}; ` +
          `failing only the image check ${onlyImage.length} of ${rows.length}; ` +
          `propose ${fmt(median(rows.map((r) => r.proposeMs)))} ms, publish ${fmt(median(rows.map((r) => r.publishMs)))} ms (medians)`,
      );
    }
  } finally {
    await fake.close();
    await wordpress.stop();
    await safeFetch.close();
    await db.close();
  }
}
