// `npm run bench -- quality`: how posts score on the project's own SEO analyser when the owner's site is connected.
// Five topics, each written by the offline writer and by the model pipeline (answering through the local
// OpenAI-compatible fake), with one source link the owner gave and the pages picked from a store index of 5,000
// products and 1,000 articles. Prints the share of posts green on each check, how many links point at indexed pages,
// how many addresses were invented (any link neither given nor indexed), and the time link picking takes.
import { createWriter } from "../core/src/ai/index.ts";
import { generatePostSchema } from "../core/src/contracts/blog.ts";
import { pickSiteLinks, type SiteLinkCandidate } from "../core/src/site-index/index.ts";
import { startFakeOpenAI } from "../tests/fakes/openai/server.ts";

const STORE = "https://store.example";
const topics = [
  {
    title: "How to Choose a Coffee Grinder",
    keywords: ["coffee grinder", "burr grinder"],
    source: "https://en.wikipedia.org/wiki/Coffee_preparation",
  },
  {
    title: "Trail Running Shoes for Beginners",
    keywords: ["trail running shoes", "running gear"],
    source: "https://en.wikipedia.org/wiki/Trail_running",
  },
  {
    title: "Caring for Indoor Plants in Winter",
    keywords: ["indoor plants", "plant care"],
    source: "https://en.wikipedia.org/wiki/Houseplant",
  },
  {
    title: "A Guide to Cast Iron Pans",
    keywords: ["cast iron pan", "seasoning"],
    source: "https://en.wikipedia.org/wiki/Cast-iron_cookware",
  },
  {
    title: "Choosing Organic Dog Food",
    keywords: ["dog food", "healthy dogs"],
    source: "https://en.wikipedia.org/wiki/Dog_food",
  },
];

/** A store catalogue: products and articles on the five topics and on many unrelated ones. */
function storeIndex(): SiteLinkCandidate[] {
  const subjects = [
    "Coffee Grinder",
    "Burr Grinder",
    "Trail Running Shoes",
    "Running Gear",
    "Indoor Plants",
    "Plant Care",
    "Cast Iron Pan",
    "Dog Food",
    "Healthy Dogs",
  ];
  const fillers = [
    "Linen Napkin",
    "Wool Scarf",
    "Desk Lamp",
    "Travel Mug",
    "Notebook",
    "Yoga Mat",
    "Garden Hose",
    "Phone Case",
    "Candle",
    "Bike Light",
  ];
  const pages: SiteLinkCandidate[] = [];
  for (let i = 0; i < 5000; i++) {
    const subject = i % 25 === 0 ? subjects[i % subjects.length]! : fillers[i % fillers.length]!;
    pages.push({
      url: `${STORE}/products/${subject.toLowerCase().replace(/ /g, "-")}-${i}`,
      title: `${subject} Model ${i}`,
      kind: "product",
    });
  }
  for (let i = 0; i < 1000; i++) {
    const subject = i % 10 === 0 ? subjects[i % subjects.length]! : fillers[i % fillers.length]!;
    pages.push({
      url: `${STORE}/blogs/news/${subject.toLowerCase().replace(/ /g, "-")}-tips-${i}`,
      title: `${subject} Tips, Part ${i}`,
      kind: "article",
    });
  }
  return pages;
}

export default async function bench(): Promise<void> {
  const index = storeIndex();
  const indexed = new Set(index.map((p) => p.url));
  const fake = await startFakeOpenAI({});
  const writers = {
    offline: createWriter({ openai: { apiKey: "", baseUrl: "", model: "" } }),
    model: createWriter({ openai: { apiKey: "bench", baseUrl: fake.url, model: "fake-model" }, targetWords: 1200 }),
  };
  const green = new Map<string, { pass: number; total: number }>();
  let posts = 0;
  let links = 0;
  let toIndex = 0;
  let invented = 0;
  const pickTimes: number[] = [];
  try {
    for (const [name, writer] of Object.entries(writers)) {
      for (const topic of topics) {
        const owner = [{ url: topic.source, description: `${topic.keywords[0]} background` }];
        const started = performance.now();
        const picked = pickSiteLinks(index, {
          keyphrase: topic.keywords[0]!,
          keywords: topic.keywords,
          title: topic.title,
          exclude: [topic.source],
          max: 3,
        });
        pickTimes.push(performance.now() - started);
        const input = generatePostSchema.parse({
          title: topic.title,
          keywords: topic.keywords,
          companyName: "Store Example",
          links: [...owner, ...picked.map((p) => ({ url: p.url, description: p.title }))],
          images: [
            {
              url: `${STORE}/cdn/${topic.keywords[0]!.replace(/ /g, "-")}.jpg`,
              altText: `${topic.keywords[0]} on a table`,
            },
          ],
        });
        const post = await writer.writePost(input, { linkedSiteUrl: STORE });
        posts++;
        for (const check of post.seo.checks) {
          const row = green.get(check.id) ?? { pass: 0, total: 0 };
          row.total++;
          if (check.status === "pass") row.pass++;
          green.set(check.id, row);
        }
        for (const [, href] of post.html.matchAll(/<a [^>]*href="([^"]+)"/g)) {
          links++;
          if (indexed.has(href!)) toIndex++;
          else if (href !== topic.source) invented++;
        }
        console.log(`${name.padEnd(8)} ${topic.title.padEnd(40)} score ${post.seo.score}`);
      }
    }
  } finally {
    await fake.close();
  }
  console.log("\n| check | green |\n|---|---|");
  for (const [id, row] of green)
    console.log(`| ${id} | ${Math.round((row.pass / row.total) * 100)}% (${row.pass}/${row.total}) |`);
  const sorted = [...pickTimes].sort((a, b) => a - b);
  console.log(`\nposts: ${posts}; links: ${links}, to indexed pages: ${toIndex}, invented: ${invented}`);
  console.log(
    `link picking over ${index.length} pages: median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms (goal under 50 ms)`,
  );
}
