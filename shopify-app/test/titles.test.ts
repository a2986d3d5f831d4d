// Title suggestions on the write page: the app's resource route asks the core, which counts each request in the
// plan's monthly allowance, the same allowance as the site's and the plugin's.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_SHOP } from "@shopify/shopify-api/test-helpers";
import { countTitleSuggestion } from "@postwright/core/billing";
import { startFakeShopify, type FakeShopify } from "../../tests/fakes/shopify/index.ts";
import { callRoute, startAppHarness, type AppHarness } from "./app-harness";

let fake: FakeShopify;
let harness: AppHarness;
beforeAll(async () => {
  fake = await startFakeShopify({ shops: [{ domain: TEST_SHOP, name: "Test Shop" }] });
  harness = await startAppHarness({ fake });
  const home = await import("../app/routes/app._index");
  await callRoute(home.loader, "/app"); // the first request installs the app
});
afterAll(async () => {
  await harness.close();
  await fake.close();
});

type Answer = {
  suggestions?: { optimizedTitle: string; titleVariations: string[]; seoScore: number };
  message?: string;
};

describe("title suggestions in Shopify admin", () => {
  it("suggests better titles for the merchant's title and keywords, and says what is missing", async () => {
    const titles = await import("../app/routes/app.titles");
    const answer = (await callRoute(titles.action, "/app/titles", {
      title: "candles",
      keywords: "soy candles, gifts",
    })) as Answer;
    expect(answer.suggestions!.optimizedTitle.toLowerCase()).toContain("soy candles");
    expect(answer.suggestions!.titleVariations.length).toBeGreaterThan(0);

    const empty = (await callRoute(titles.action, "/app/titles", { title: " ", keywords: "" })) as unknown as {
      data: Answer;
      init: { status: number };
    };
    expect(empty.init.status).toBe(400);
    expect(empty.data.message).toBe("Title is required");
  });

  it("stops at the plan's monthly allowance with the date it starts again", async () => {
    const titles = await import("../app/routes/app.titles");
    const user = await harness.db.prisma.user.findUniqueOrThrow({ where: { shopDomain: TEST_SHOP } });
    // The free plan's 100 a month, one already used above.
    for (let i = 0; i < 99; i++) await countTitleSuggestion({ prisma: harness.db.prisma }, user.id);
    const refused = (await callRoute(titles.action, "/app/titles", { title: "candles", keywords: "" })) as unknown as {
      data: Answer;
      init: { status: number };
    };
    expect(refused.init.status).toBe(429);
    expect(refused.data.message).toMatch(/^You have used this month's 100 title suggestions of the Free plan\./);
  });
});
