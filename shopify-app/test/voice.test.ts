// The store's Brand voice in Shopify admin: none at first, read from the store's published articles (on the fake
// Shopify, which checks each query against Shopify's schema and the app's scopes), started from a preset, and edited
// by the merchant; the page shows it in plain words with an example.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_SHOP } from "@shopify/shopify-api/test-helpers";
import { SAMPLE_SITES } from "../../core/src/voice/fixtures/sample-sites.ts";
import { startFakeShopify, type FakeShopify } from "../../tests/fakes/shopify/index.ts";
import { callRoute, startAppHarness, type AppHarness } from "./app-harness";

const trailhead = SAMPLE_SITES[1]!;

let fake: FakeShopify;
let harness: AppHarness;
beforeAll(async () => {
  fake = await startFakeShopify({
    shops: [{ domain: TEST_SHOP, name: "Trailhead", blogs: [{ title: "Trail notes", handle: "notes" }] }],
  });
  const shop = fake.shop(TEST_SHOP);
  for (const [i, post] of trailhead.posts.entries()) {
    await shop.createArticle(
      {
        blogId: shop.blogs[0]!.id,
        title: post.title,
        author: { name: "Trailhead" },
        body: post.body,
        isPublished: true,
        publishDate: `2026-0${i + 1}-10T09:00:00Z`,
      },
      null,
      async () => null,
    );
  }
  harness = await startAppHarness({ fake });
});
afterAll(async () => {
  await harness.close();
  await fake.close();
});

interface VoicePage {
  site: {
    voice: null | { source: string; person: string; spelling: string; postsRead: number; wordsAvoided: string[] };
    description: string[];
    example: string | null;
  } | null;
  presets: Array<{ id: string; name: string }>;
}

describe("Brand voice in Shopify admin", () => {
  it("reads the store's voice from its articles, starts one from a preset, and saves the merchant's edits", async () => {
    const home = await import("../app/routes/app._index");
    await callRoute(home.loader, "/app"); // the first request installs the app
    const voice = await import("../app/routes/app.voice");
    const page = async () => (await callRoute(voice.loader, "/app/voice")) as VoicePage;

    const first = await page();
    expect(first.site?.voice).toBeNull();
    expect(first.presets.map((p) => p.name)).toContain("Founder's notes");

    expect(await callRoute(voice.action, "/app/voice", { intent: "derive" })).toEqual({
      message: `Read from your ${trailhead.posts.length} most recent articles`,
    });
    const derived = await page();
    expect(derived.site?.voice).toMatchObject({ source: "posts", person: "you", spelling: "US" });
    expect(derived.site?.description.length).toBeGreaterThan(3);
    expect(derived.site?.example).toBeTruthy();

    expect(await callRoute(voice.action, "/app/voice", { intent: "preset", preset: "formal-business" })).toEqual({
      message: "Preset applied",
    });
    expect((await page()).site?.voice).toMatchObject({ source: "preset", person: "we", spelling: "UK" });
    // A preset that is not one is refused with the contract's words, not an error of ours.
    expect(await callRoute(voice.action, "/app/voice", { intent: "preset", preset: "pirate" })).toMatchObject({
      data: { message: "Choose one of the preset voices.", status: 400 },
    });

    const edited = await callRoute(voice.action, "/app/voice", {
      intent: "edit",
      person: "I",
      formality: "neutral",
      spelling: "US",
      closing: "sign-off",
      closingExample: "Happy trails, Sam",
      sentenceWords: "12",
      wordsUsed: "trail, gear",
      wordsAvoided: "synergy, leverage",
    });
    expect(edited).toEqual({ message: "Voice saved" });
    const after = await page();
    expect(after.site?.voice).toMatchObject({ source: "edited", person: "I", wordsAvoided: ["synergy", "leverage"] });
    expect(after.site?.description.join(" ")).toMatch(/Happy trails, Sam/);

    // A setting out of range is refused with its reason, and the voice stays as it was.
    const refused = await callRoute(voice.action, "/app/voice", {
      intent: "edit",
      person: "they",
      formality: "neutral",
      spelling: "US",
      closing: "summary",
      sentenceWords: "12",
      wordsUsed: "",
      wordsAvoided: "",
    });
    expect(refused).toMatchObject({ init: { status: 400 } });
    expect((await page()).site?.voice).toMatchObject({ person: "I" });
  });
});
