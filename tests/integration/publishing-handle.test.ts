// A publication keeps the handle it was first claimed with. When the platform created the article but its answer was
// lost, the retry finds that article by handle; if the user edits the title in between, a handle derived from the
// new title would miss it and publish a second copy. Against the fake Shopify, through the scheduler and the Publish
// button.
import { createScheduler, publishNow, schedulePost, type TargetResolver } from "@postwright/core/scheduling";
import { createTestDatabase, type TestDatabase } from "@postwright/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ShopifyCostPacer, createShopifyTarget } from "../../core/src/publishing/shopify/index.ts";
import { startFakeShopify, type FakeShopify } from "../fakes/shopify/index.ts";
import { seedPost, seedUser } from "../support/scheduler/seed.ts";

const SHOP = "handle-store.myshopify.com";
const TOKEN = "shpat_handle";
const minute = 60_000;

let db: TestDatabase;
let fake: FakeShopify;
let userId: number;

beforeAll(async () => {
  db = await createTestDatabase();
  fake = await startFakeShopify({ shops: [{ domain: SHOP, accessToken: TOKEN, blogs: [{ title: "News" }] }] });
  userId = await seedUser(db);
});
afterAll(async () => {
  await db?.close();
  await fake?.close();
});

const resolveTarget: TargetResolver = async () =>
  createShopifyTarget(
    { storeUrl: SHOP, accessToken: TOKEN, blogId: fake.shop(SHOP).blogs[0]!.id },
    { fetch, loadImage: async () => null, apiBaseUrl: fake.apiBaseUrlTemplate, pacer: new ShopifyCostPacer() },
  );

const articlesOfPost = (postId: number) => fake.shop(SHOP).articles.filter((a) => a.handle.endsWith(`-pw${postId}`));
const rename = (postId: number, title: string) => db.prisma.blogPost.update({ where: { id: postId }, data: { title } });

describe("a publication retried after its answer was lost and the title was edited", () => {
  it("updates the article the lost attempt created when the scheduler retries", async () => {
    const postId = await seedPost(db, userId, "Morning Coffee Rituals");
    const due = new Date(Date.now() + minute);
    await schedulePost({ db }, { userId, postId, scheduledDate: due, platforms: ["shopify"] });
    const clock = { now: new Date(due.getTime() + 1000) };
    const scheduler = createScheduler({ db, resolveTarget, instanceId: "handle-test", now: () => clock.now });

    fake.failNext(SHOP, "lost-response", { operationName: "PublishArticleCreate" });
    expect(await scheduler.tick()).toMatchObject({ claimed: 1, retried: 1 });
    expect(articlesOfPost(postId)).toHaveLength(1);

    await rename(postId, "Evening Coffee Rituals");
    clock.now = new Date(clock.now.getTime() + 10 * minute);
    expect(await scheduler.tick()).toMatchObject({ claimed: 1, published: 1 });

    const articles = articlesOfPost(postId);
    expect(articles).toHaveLength(1);
    expect(articles[0]).toMatchObject({
      title: "Evening Coffee Rituals",
      handle: `morning-coffee-rituals-pw${postId}`,
    });
    const publication = await db.prisma.postPublication.findFirstOrThrow({ where: { postId } });
    expect(publication).toMatchObject({
      status: "published",
      remoteId: articles[0]!.id,
      handle: `morning-coffee-rituals-pw${postId}`,
    });
  });

  it("updates the article the lost attempt created when Publish is clicked again", async () => {
    const postId = await seedPost(db, userId, "Latte Art Basics");
    fake.failNext(SHOP, "lost-response", { operationName: "PublishArticleCreate" });
    await expect(publishNow({ db, resolveTarget }, { userId, postId, platform: "shopify" })).rejects.toMatchObject({
      status: 502,
    });
    expect(articlesOfPost(postId)).toHaveLength(1);

    await rename(postId, "Latte Art for Beginners");
    const { post } = await publishNow({ db, resolveTarget }, { userId, postId, platform: "shopify" });

    expect(post.status).toBe("published");
    const articles = articlesOfPost(postId);
    expect(articles).toHaveLength(1);
    expect(articles[0]).toMatchObject({ title: "Latte Art for Beginners", handle: `latte-art-basics-pw${postId}` });
  });

  it("gives a post published for the first time the handle of its current title", async () => {
    const postId = await seedPost(db, userId, "Draft Title");
    await rename(postId, "Final Title");
    await publishNow({ db, resolveTarget }, { userId, postId, platform: "shopify" });
    expect(articlesOfPost(postId).map((a) => a.handle)).toEqual([`final-title-pw${postId}`]);
  });
});
