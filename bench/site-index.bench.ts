// `npm run bench -- site-index`: the site index of a Shopify store of 5,000 products and 1,000 articles, read from the
// fake Shopify with Shopify's standard leaky bucket (1,000 points, 50 restored a second), against the lower bound
// those limits set: the points the reading costs, less the full bucket it starts with, over the restore rate. Then
// what picking links from that index (reading it from the database and choosing, as a generation does) adds to a
// generation, against a generation by the offline writer measured in the same run.
import { createWriter } from "../core/src/ai/index.ts";
import { generatePostSchema } from "../core/src/contracts/blog.ts";
import { ShopifyCostPacer } from "../core/src/publishing/shopify/index.ts";
import {
  SITE_INDEX_LIMIT,
  pickSiteLinks,
  readShopifySitePages,
  readSiteLinks,
  saveSiteIndex,
} from "../core/src/site-index/index.ts";
import { createTestDatabase } from "../core/src/testing/index.ts";
import { seedStoreContent, startFakeShopify } from "../tests/fakes/shopify/index.ts";
import { fmt } from "./support.ts";

const SHOP = "bench-store.myshopify.com";
const TOKEN = "shpat_bench";
const BUCKET = { maximumAvailable: 1000, restoreRate: 50 };
const PRODUCTS = 5000;
const ARTICLES = 1000;

const topics = [
  { title: "How to Choose a Coffee Grinder", keywords: ["coffee grinder", "burr grinder"] },
  { title: "Caring for a Cast Iron Pan", keywords: ["cast iron", "seasoning"] },
  { title: "The Perfect Pour-Over at Home", keywords: ["pour-over set", "filter coffee"] },
  { title: "Choosing a Ceramic Teapot", keywords: ["ceramic teapot", "loose leaf tea"] },
  { title: "Linen Aprons for Busy Kitchens", keywords: ["linen apron", "kitchen"] },
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export default async function bench(): Promise<void> {
  const fake = await startFakeShopify({
    shops: [
      { domain: SHOP, accessToken: TOKEN, scopes: ["read_content", "read_products"], blogs: [{ title: "News" }] },
    ],
    throttle: BUCKET,
  });
  const db = await createTestDatabase();
  try {
    const shop = fake.shop(SHOP);
    seedStoreContent(shop, { products: PRODUCTS, unpublishedEvery: 0 });
    const blogId = shop.blogs[0]!.id;
    for (let i = 0; i < ARTICLES; i++) {
      const topic = topics[i % topics.length]!;
      const title = i % 10 === 0 ? `${topic.keywords[0]} tips, part ${i}` : `Store news ${i}`;
      await shop.createArticle({ blogId, title, author: { name: "Ann" }, isPublished: true }, null, async () => null);
    }

    // Every answer's actual cost, as the store reports it to the client.
    let points = 0;
    let calls = 0;
    const metered: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      const body = (await response.clone().json()) as { extensions?: { cost?: { actualQueryCost: number | null } } };
      points += body.extensions?.cost?.actualQueryCost ?? 0;
      calls++;
      return response;
    };
    const started = performance.now();
    const pages = await readShopifySitePages(
      { fetch: metered, apiBaseUrl: fake.apiBaseUrlTemplate, pacer: new ShopifyCostPacer() },
      { storeUrl: SHOP, accessToken: TOKEN, limit: SITE_INDEX_LIMIT },
    );
    const seconds = (performance.now() - started) / 1000;
    const bound = Math.max(0, points - BUCKET.maximumAvailable) / BUCKET.restoreRate;
    const throttled = fake.throttledRequests(SHOP).length;
    console.log(
      `index: ${fmt(pages.length)} pages (${fmt(pages.filter((p) => p.kind === "product").length)} products, ` +
        `${fmt(pages.filter((p) => p.kind === "article").length)} articles) in ${fmt(calls)} calls, ${fmt(throttled)} throttled`,
    );
    console.log(
      `index: ${fmt(seconds, 1)} s; bound set by the rate limits (${fmt(points)} points - ${fmt(BUCKET.maximumAvailable)} ` +
        `in the full bucket) / ${BUCKET.restoreRate} a second = ${fmt(bound, 1)} s; ratio ${fmt(seconds / bound, 2)}x`,
    );

    const user = await db.prisma.user.create({ data: { email: "bench@store.example", password: "x" } });
    await saveSiteIndex(db.prisma, { userId: user.id, platform: "shopify", connectionId: 1, pages, now: new Date() });

    const writer = createWriter({ openai: { apiKey: "", baseUrl: "", model: "" } });
    const readMs: number[] = [];
    const pickMs: number[] = [];
    const generationMs: number[] = [];
    let picked = 0;
    for (let round = 0; round < 4; round++) {
      for (const topic of topics) {
        const input = generatePostSchema.parse({
          title: topic.title,
          keywords: topic.keywords,
          companyName: "Bench Store",
        });
        // What a generation does before writing: read the owner's index, then pick from all of it.
        let at = performance.now();
        const candidates = await readSiteLinks(db.prisma, user.id);
        readMs.push(performance.now() - at);
        at = performance.now();
        const links = pickSiteLinks(candidates, {
          keyphrase: topic.keywords[0]!,
          keywords: topic.keywords,
          title: topic.title,
          max: 3,
        });
        pickMs.push(performance.now() - at);
        picked += links.length;
        at = performance.now();
        await writer.writePost(input, {});
        generationMs.push(performance.now() - at);
      }
    }
    const added = readMs.map((ms, i) => ms + pickMs[i]!);
    console.log(
      `picking: ${fmt(added.length)} generations from the ${fmt(pages.length)}-page index, ${fmt(picked / added.length, 1)} links each; ` +
        `reading the index median ${fmt(median(readMs.slice(1)), 1)} ms (the first read after a refresh ${fmt(readMs[0]!, 1)} ms), ` +
        `choosing median ${fmt(median(pickMs), 1)} ms (max ${fmt(Math.max(...pickMs), 1)} ms)`,
    );
    console.log(
      `picking adds median ${fmt(median(added), 1)} ms (max ${fmt(Math.max(...added.slice(1)), 1)} ms after the first) to a generation; ` +
        `a generation without it (offline writer, same inputs): median ${fmt(median(generationMs), 1)} ms; ratio ${fmt(median(added) / median(generationMs), 2)}`,
    );
  } finally {
    await db.close();
    await fake.close();
  }
}
