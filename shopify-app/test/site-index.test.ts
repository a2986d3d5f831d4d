// The store's index on the app's home page, in the site's words: waiting or being read after the install, a failure
// with its reason and a Retry that queues a new read, the pages indexed and when.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_SHOP } from "@shopify/shopify-api/test-helpers";
import { describeSiteIndexStatus, type SiteIndexStatus } from "@postwright/core/contracts";
import { startFakeShopify, type FakeShopify } from "../../tests/fakes/shopify/index.ts";
import { callRoute, startAppHarness, type AppHarness } from "./app-harness";

let fake: FakeShopify;
let harness: AppHarness;
beforeAll(async () => {
  fake = await startFakeShopify({ shops: [{ domain: TEST_SHOP, name: "Test Shop" }] });
  harness = await startAppHarness({ fake });
});
afterAll(async () => {
  await harness.close();
  await fake.close();
});

type Home = { siteIndex: SiteIndexStatus | null };

describe("the store's index on the home page", () => {
  it("is queued at install, shows a failure with its reason, and Retry queues a new read", async () => {
    const home = await import("../app/routes/app._index");
    const first = (await callRoute(home.loader, "/app")) as Home; // the first request installs the app
    expect(first.siteIndex?.state).toBe("queued");
    expect(describeSiteIndexStatus(first.siteIndex!).headline).toBe("Reading your store's pages shortly");

    const reason =
      "Your Shopify store's pages could not be read. Shopify answered 503. The links already known are kept.";
    const user = await harness.db.prisma.user.findUniqueOrThrow({ where: { shopDomain: TEST_SHOP } });
    await harness.db.prisma.siteIndexJob.updateMany({
      where: { userId: user.id, platform: "shopify" },
      data: { state: "failed", lastError: reason, nextAttemptAt: new Date(Date.now() + 3_600_000) },
    });
    const failed = (await callRoute(home.loader, "/app")) as Home;
    expect(describeSiteIndexStatus(failed.siteIndex!)).toMatchObject({
      headline: "Your store's pages could not be read",
      detail: reason,
      action: "Retry",
    });

    const retried = (await callRoute(home.action, "/app", {})) as Home;
    expect(retried.siteIndex?.state).toBe("queued");
    expect(retried.siteIndex?.canRetry).toBe(false);
    const job = await harness.db.prisma.siteIndexJob.findFirstOrThrow({ where: { userId: user.id } });
    expect(job.nextAttemptAt!.getTime()).toBeLessThanOrEqual(Date.now());

    const indexedAt = new Date(Date.now() - 5 * 60_000);
    await harness.db.prisma.siteIndexJob.update({
      where: { id: job.id },
      data: { state: "ready", pagesIndexed: 2310, indexedAt, lastError: null },
    });
    const ready = (await callRoute(home.loader, "/app")) as Home;
    expect(describeSiteIndexStatus(ready.siteIndex!).headline).toBe("2,310 pages indexed 5 minutes ago");
  });
});
