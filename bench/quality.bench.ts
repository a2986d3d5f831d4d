// `npm run bench -- quality`: how posts score on the project's own SEO analyser when the owner's site is connected,
// and whether every link they carry leads somewhere real. Two connected sites: a store on the fake Shopify (5,000
// products, 1,000 articles, collections and pages, served at storefront addresses the fake answers) and a real
// WordPress with posts, pages and categories. Each site's index is built by the core's own refresh (the background
// path), then five topics are written for each site by the offline writer and by the model pipeline (answering through
// the local OpenAI-compatible fake), through `generatePost`, the pipeline every surface uses (it reads the index, picks
// the links, writes, analyses and stores). Prints the share of posts green on each check, how many links point at
// indexed pages, whether each such link answers 200 on its site, how many addresses were invented (any link neither
// given by the owner nor indexed), and what reading and picking the links take.
import { createWriter } from "../core/src/ai/index.ts";
import { generatePost } from "../core/src/blog/index.ts";
import { generatePostSchema } from "../core/src/contracts/blog.ts";
import { ShopifyCostPacer } from "../core/src/publishing/shopify/index.ts";
import { createSafeFetch, encryptSecret } from "../core/src/security/index.ts";
import { pickSiteLinks, readSiteLinks, refreshSiteIndex } from "../core/src/site-index/index.ts";
import { createTestDatabase } from "../core/src/testing/index.ts";
import { startFakeOpenAI } from "../tests/fakes/openai/server.ts";
import { seedStoreContent, startFakeShopify } from "../tests/fakes/shopify/index.ts";
import { startWordPress } from "../tests/support/wordpress/start-wordpress.ts";
import { fmt } from "./support.ts";

const SHOP = "quality-store.myshopify.com";
const TOKEN = "shpat_quality";

const topics = [
  {
    title: "How to Choose a Coffee Grinder",
    keywords: ["coffee grinder", "burr grinder"],
    source: "https://en.wikipedia.org/wiki/Coffee_preparation",
  },
  {
    title: "Caring for a Cast Iron Skillet",
    keywords: ["cast iron", "seasoning"],
    source: "https://en.wikipedia.org/wiki/Cast-iron_cookware",
  },
  {
    title: "The Perfect Pour-Over at Home",
    keywords: ["pour-over set", "filter coffee"],
    source: "https://en.wikipedia.org/wiki/Drip_brew",
  },
  {
    title: "Choosing a Ceramic Teapot",
    keywords: ["ceramic teapot", "loose leaf tea"],
    source: "https://en.wikipedia.org/wiki/Teapot",
  },
  {
    title: "Why a Linen Apron Lasts",
    keywords: ["linen apron", "kitchen textiles"],
    source: "https://en.wikipedia.org/wiki/Linen",
  },
];

/** The WordPress site's own content: posts on the five topics and on unrelated ones, pages and categories. */
const wordpressContent = {
  categories: ["Coffee Brewing", "Tea", "Cookware", "Kitchen Textiles", "Company News"],
  posts: [
    "How to Clean a Coffee Grinder",
    "Burr Grinder or Blade Grinder?",
    "Seasoning Cast Iron the Easy Way",
    "Five Cast Iron Myths",
    "Pour-Over Ratios for Filter Coffee",
    "A Beginner's Pour-Over Set",
    "Brewing Loose Leaf Tea in a Ceramic Teapot",
    "Washing and Ironing a Linen Apron",
    ...Array.from({ length: 40 }, (_, i) => `Company News, Week ${i + 1}`),
  ],
  pages: ["About Our Roastery", "Shipping and Returns", "Brewing Guides", "Contact Us"],
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export default async function bench(): Promise<void> {
  const encryptionKey = Buffer.alloc(32, 9);
  const openai = await startFakeOpenAI({});
  // A large bucket: the time a store's index takes within Shopify's limits is the `site-index` benchmark's subject.
  const shopify = await startFakeShopify({ shops: [], throttle: { maximumAvailable: 20_000, restoreRate: 10_000 } });
  const wordpress = await startWordPress({});
  const safeFetch = createSafeFetch({ allowPrivateNetworkTargets: true, timeoutMs: 15_000 });
  const db = await createTestDatabase();
  try {
    // The store: its storefront addresses are served by the fake, so every link into it can be followed.
    const shop = shopify.addShop({
      domain: SHOP,
      accessToken: TOKEN,
      scopes: ["read_content", "read_products"],
      primaryDomainUrl: `${shopify.origin}/storefront/${SHOP}`,
    });
    seedStoreContent(shop, { products: 5000, collections: 20, pages: 8 });
    const blogId = shop.blogs[0]!.id;
    for (let i = 0; i < 1000; i++) {
      const topic = topics[i % topics.length]!;
      const title = i % 10 === 0 ? `${topic.keywords[0]} tips, part ${i}` : `Store news ${i}`;
      await shop.createArticle({ blogId, title, author: { name: "Ann" }, isPublished: true }, null, async () => null);
    }

    // The WordPress site, through its own REST API.
    const create = async (route: string, body: Record<string, unknown>) => {
      const answer = await wordpress.rest(route, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      if (answer.status !== 201) throw new Error(`WordPress refused ${route}: ${answer.status} ${await answer.text()}`);
      return (await answer.json()) as { id: number };
    };
    const categories = [];
    for (const name of wordpressContent.categories) categories.push((await create("wp/v2/categories", { name })).id);
    for (const [i, title] of wordpressContent.posts.entries()) {
      await create("wp/v2/posts", { title, status: "publish", categories: [categories[i % categories.length]] });
    }
    for (const title of wordpressContent.pages) await create("wp/v2/pages", { title, status: "publish" });

    // Two owners on a paid plan, each with one connected site, whose indexes the core builds as in the background.
    const owner = async (email: string) =>
      db.prisma.user.create({
        data: { email, password: "x", subscriptionPlan: "professional", subscriptionStatus: "active" },
      });
    const storeOwner = await owner("store@quality.example");
    await db.prisma.shopifyConnection.create({
      data: {
        userId: storeOwner.id,
        storeName: "Quality Store",
        storeUrl: SHOP,
        apiKey: "",
        password: encryptSecret(TOKEN, encryptionKey),
        blogId,
      },
    });
    const siteOwner = await owner("site@quality.example");
    await db.prisma.wordpressConnection.create({
      data: {
        userId: siteOwner.id,
        siteName: "Quality Roastery",
        siteUrl: wordpress.url,
        username: wordpress.adminUser,
        applicationPassword: encryptSecret(wordpress.applicationPassword, encryptionKey),
      },
    });
    const deps = {
      prisma: db.prisma,
      encryptionKey,
      fetch: safeFetch,
      shopifyApiBaseUrl: shopify.apiBaseUrlTemplate,
      shopifyPacer: new ShopifyCostPacer(),
      allowPrivateNetworkTargets: true,
    };
    const sites = [
      { name: "store", userId: storeOwner.id },
      { name: "wordpress", userId: siteOwner.id },
    ];
    const indexed = new Map<number, Set<string>>();
    for (const site of sites) {
      const started = performance.now();
      const [result] = await refreshSiteIndex(deps, { userId: site.userId });
      const pages = await readSiteLinks(db.prisma, site.userId);
      indexed.set(site.userId, new Set(pages.map((p) => p.url)));
      console.log(
        `${site.name} index: ${fmt(result?.pages ?? 0)} pages read and stored in ${fmt((performance.now() - started) / 1000, 1)} s`,
      );
    }

    const writers = {
      offline: createWriter({ openai: { apiKey: "", baseUrl: "", model: "" } }),
      model: createWriter({ openai: { apiKey: "bench", baseUrl: openai.url, model: "fake-model" }, targetWords: 1200 }),
    };
    const green = new Map<string, { pass: number; total: number }>();
    const rows: string[] = [];
    let posts = 0;
    let allGreen = 0;
    let links = 0;
    let toIndex = 0;
    let resolved = 0;
    let given = 0;
    let invented = 0;
    const followed = new Map<string, number>();
    const pickMs: number[] = [];
    for (const site of sites) {
      const index = indexed.get(site.userId)!;
      for (const [writerName, writer] of Object.entries(writers)) {
        for (const topic of topics) {
          const input = generatePostSchema.parse({
            title: topic.title,
            keywords: topic.keywords,
            companyName: "Quality Goods",
            links: [{ url: topic.source, description: `${topic.keywords[0]} background` }],
            // A photo the owner uploaded, described by its alt text (a post with no image fails Yoast's image check).
            images: [
              {
                url: `https://images.quality.example/${topic.keywords[0]!.replace(/ /g, "-")}.jpg`,
                altText: `${topic.keywords[0]} on a kitchen table`,
              },
            ],
          });
          // What the pipeline does before writing, timed on its own: read the owner's index, pick from all of it.
          const at = performance.now();
          const candidates = await readSiteLinks(db.prisma, site.userId);
          pickSiteLinks(candidates, {
            keyphrase: topic.keywords[0]!,
            keywords: topic.keywords,
            title: topic.title,
            exclude: [topic.source],
            max: 3,
          });
          pickMs.push(performance.now() - at);

          const { blogPost } = await generatePost({ prisma: db.prisma, writer }, { userId: site.userId, input });
          posts++;
          const failing = (blogPost.seoChecks ?? []).filter((check) => check.status !== "pass");
          if (failing.length === 0) allGreen++;
          for (const check of blogPost.seoChecks ?? []) {
            const row = green.get(check.id) ?? { pass: 0, total: 0 };
            row.total++;
            if (check.status === "pass") row.pass++;
            green.set(check.id, row);
          }
          let siteLinks = 0;
          for (const [, href] of (blogPost.htmlContent ?? "").matchAll(/<a [^>]*href="([^"]+)"/g)) {
            const url = href!.replace(/&amp;/g, "&");
            links++;
            if (url === topic.source) {
              given++;
              continue;
            }
            if (!index.has(url)) {
              invented++;
              console.log(`  invented: ${url}`);
              continue;
            }
            toIndex++;
            siteLinks++;
            let status = followed.get(url);
            if (status === undefined) {
              const answer = await fetch(url, { redirect: "follow" });
              await answer.arrayBuffer();
              status = answer.status;
              followed.set(url, status);
            }
            if (status === 200) resolved++;
            else console.log(`  ${url} answered ${status}`);
          }
          rows.push(
            `| ${site.name} | ${writerName} | ${topic.title} | ${blogPost.seoScore} | ${failing.length === 0 ? "all" : failing.map((c) => c.id).join(", ")} | ${siteLinks} |`,
          );
        }
      }
    }

    console.log("\n| site | writer | topic | SEO score | green | links into the site |\n|---|---|---|---|---|---|");
    for (const row of rows) console.log(row.replace(/\| (all) \|/, "| every check |"));
    console.log("\n| check | green |\n|---|---|");
    for (const [id, row] of green)
      console.log(`| ${id} | ${Math.round((row.pass / row.total) * 100)}% (${row.pass}/${row.total}) |`);
    console.log(
      `\nposts: ${posts}, every check green on ${allGreen} (${fmt((allGreen / posts) * 100, 0)}%, goal 95%); ` +
        `links: ${links}: ${given} given by the owner, ${toIndex} to indexed pages of the owner's site ` +
        `(${resolved} answered 200 on the site), ${invented} invented (goal 0)`,
    );
    console.log(
      `reading the index and picking links: median ${fmt(median(pickMs), 1)} ms, max ${fmt(Math.max(...pickMs), 1)} ms ` +
        `(goal under 50 ms; the store's index holds ${fmt(indexed.get(storeOwner.id)!.size)} pages)`,
    );
  } finally {
    await db.close();
    await safeFetch.close();
    await wordpress.stop();
    await shopify.close();
    await openai.close();
  }
}
