// `npm run bench -- refresh`: "Your posts", the analysis part. A real WordPress (tests/support/wordpress) with 50
// posts of mixed quality and a fake Shopify store with 50 articles of the same mix (Shopify's standard leaky bucket:
// 1,000 points, 50 restored a second) are each analysed the way the background does it: every published post read
// with its body (WordPress REST 100 a page; Admin GraphQL 50 a page, paced by the cost limits), scored by the SEO
// checks, links counted, and stored (runSitePostsJob on embedded PGlite, or PostgreSQL with --postgres). The time is
// set against the goal: within the platform's rate limits (the points the read costs, less the full bucket it starts
// with, over the restore rate; WordPress has none), and otherwise under a second a post. The analysis alone (the
// CPU part, no network) is timed per post too.
import { randomBytes } from "node:crypto";
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
import { createTestDatabase } from "../core/src/testing/index.ts";
import { startFakeShopify } from "../tests/fakes/shopify/index.ts";
import { startWordPress } from "../tests/support/wordpress/start-wordpress.ts";
import { fmt } from "./support.ts";

const POSTS = 50;
const SHOP = "refresh-bench.myshopify.com";
const TOKEN = "shpat_refresh_bench";
const BUCKET = { maximumAvailable: 1000, restoreRate: 50 };
const encryptionKey = randomBytes(32);

const topics = ["coffee grinder", "cast iron pan", "pour-over coffee", "ceramic teapot", "linen apron"];
const sentence = (topic: string, i: number) =>
  [
    `A good ${topic} lasts for years when you look after it.`,
    `However, most people never read the care notes.`,
    `For example, rinse it after use and let it dry.`,
    `Then store it somewhere dry and cool.`,
    `This keeps the ${topic} in good shape.`,
  ][i % 5]!;

/** A post body of a given quality: thin (a paragraph), middling (about 400 words), or strong (about 1,100 words,
 * headings every 250 words, the keyphrase in the introduction, an image with alt text, links in and out). */
function body(topic: string, quality: number, links: string[]): string {
  const paragraph = (n: number, start = 0) =>
    `<p>${Array.from({ length: n }, (_, i) => sentence(topic, start + i)).join(" ")}</p>`;
  if (quality === 0) return paragraph(4);
  const sections = quality === 1 ? 3 : 8;
  const perSection = quality === 1 ? 3 : 4;
  let html = `<p>This guide to the ${topic} covers care, cleaning and storage.</p>`;
  for (let s = 0; s < sections; s++) {
    html += `<h2>${topic} care, step ${s + 1}</h2>`;
    for (let p = 0; p < perSection; p++) html += paragraph(5, p);
  }
  if (quality === 2) {
    html += `<p><img src="https://img.example/${topic.replace(/ /g, "-")}.jpg" alt="A ${topic} on a shelf"></p>`;
    html += `<p>Read more: ${links.map((l, i) => `<a href="${l}">related post ${i + 1}</a>`).join(", ")}; `;
    html += `and the <a href="https://en.wikipedia.org/wiki/Kitchen">kitchen</a> article.</p>`;
  }
  return html;
}

export default async function bench(): Promise<void> {
  const db = await createTestDatabase();
  const safeFetch = createSafeFetch({ allowPrivateNetworkTargets: true, timeoutMs: 30_000 });
  const wordpress = await startWordPress({});
  const fake = await startFakeShopify({
    shops: [
      {
        domain: SHOP,
        accessToken: TOKEN,
        scopes: ["read_content"],
        blogs: [{ title: "Journal", handle: "journal" }],
        primaryDomainUrl: "https://www.refresh-bench.example",
      },
    ],
    throttle: BUCKET,
  });
  try {
    // WordPress: 50 posts, a third each thin, middling and strong; the strong ones link to two earlier posts.
    const wpLinks: string[] = [];
    for (let i = 0; i < POSTS; i++) {
      const topic = topics[i % topics.length]!;
      const response = await wordpress.rest("wp/v2/posts", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          title: `How to care for a ${topic} (${i + 1})`,
          status: "publish",
          content: body(topic, i % 3, wpLinks.slice(-2)),
        }),
      });
      wpLinks.push(((await response.json()) as { link: string }).link);
    }
    // Shopify: 50 articles of the same mix.
    const shop = fake.shop(SHOP);
    const blogId = shop.blogs[0]!.id;
    for (let i = 0; i < POSTS; i++) {
      const topic = topics[i % topics.length]!;
      const handle = `care-${i + 1}`;
      const links = [i - 1, i - 2].filter((n) => n >= 0).map((n) => `/blogs/journal/care-${n + 1}`);
      await shop.createArticle(
        {
          blogId,
          title: `How to care for a ${topic} (${i + 1})`,
          handle,
          author: { name: "Ann" },
          body: body(topic, i % 3, links),
          isPublished: true,
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
  } finally {
    await fake.close();
    await wordpress.stop();
    await safeFetch.close();
    await db.close();
  }
}
