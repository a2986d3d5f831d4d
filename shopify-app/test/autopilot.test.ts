// The autopilot in Shopify admin, through the app's routes on the real core and a test database, with the fake store:
// a merchant creates a plan (drafts for review by default), gives it titles (typed or from a CSV file), sees them take
// slots in the plan's time zone, reads why a free store's plan is paused, resumes it on a paid plan, approves a prepared
// draft (scheduled in its slot), skips and removes titles, and deletes the plan. Plans of another account are 404.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_SHOP } from "@shopify/shopify-api/test-helpers";
import { createWriter } from "@postwright/core/ai";
import { AppError } from "@postwright/core/errors";
import { autopilotMessages, contentPlanMessages, createAutopilot, createContentPlan } from "@postwright/core/autopilot";
import { startFakeShopify, type FakeShopify } from "../../tests/fakes/shopify/index.ts";
import { cadenceText, titlePagesLabel } from "../app/autopilot-format";
import { callRoute, startAppHarness, type AppHarness } from "./app-harness";

let fake: FakeShopify;
let harness: AppHarness;
let userId: number;
beforeAll(async () => {
  fake = await startFakeShopify({
    shops: [
      {
        domain: TEST_SHOP,
        name: "Test Shop",
        blogs: [{ title: "News" }, { title: "Guides" }],
        ianaTimezone: "Europe/Paris",
      },
    ],
  });
  harness = await startAppHarness({ fake });
  const home = await import("../app/routes/app._index");
  await callRoute(home.loader, "/app"); // the first request installs the app
  userId = (await harness.db.prisma.user.findUniqueOrThrow({ where: { shopDomain: TEST_SHOP } })).id;
});
afterAll(async () => {
  await harness.close();
  await fake.close();
});

const plans = () => import("../app/routes/app.autopilot._index");
const planRoute = () => import("../app/routes/app.autopilot.$id");

type Refusal = {
  data: { message: string; status: number; problems?: Array<{ line: number; reason: string }> };
  init: { status: number };
};
type PlanPage = Awaited<ReturnType<Awaited<ReturnType<typeof planRoute>>["loader"]>>;

function planForm(fields: Record<string, string | string[]>): URLSearchParams {
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) form.append(name, one);
  }
  return form;
}

async function openPlan(id: number | string): Promise<PlanPage> {
  const { loader } = await planRoute();
  return callRoute(loader, `/app/autopilot/${id}`, undefined, { id: String(id) });
}

async function act(id: number, fields: Record<string, string>) {
  const { action } = await planRoute();
  return callRoute(action, `/app/autopilot/${id}`, fields, { id: String(id) });
}

const autopilot = () =>
  createAutopilot({
    db: harness.db,
    writer: createWriter({ openai: { apiKey: undefined, baseUrl: undefined, model: "gpt-4o-mini" } }),
    instanceId: "test",
  });

/** An hour before the plan's first slot: its title is due for writing. */
async function hourBeforeFirstSlot(id: number): Promise<Date> {
  const page = await openPlan(id);
  return new Date(new Date(page.plan.items[0]!.slotAt!).getTime() - 60 * 60_000);
}

let planId: number;

describe("autopilot in Shopify admin", () => {
  it("explains the autopilot and lists no plans until the merchant creates one", async () => {
    const { loader } = await plans();
    const page = await callRoute(loader, "/app/autopilot");
    expect(page.plans).toEqual([]);
    expect(page.blogs.map((b) => b.title)).toEqual(["News", "Guides"]);
    expect(page.canSchedule).toBe(false); // a free store can build a plan; writing needs Starter
  });

  it("creates a plan from the form, for review by default, and refuses bad input with the core's message", async () => {
    const { action, loader } = await plans();
    const guides = fake.shop(TEST_SHOP).blogs.find((b) => b.title === "Guides")!;
    const fields = {
      name: "Candle tips",
      weekdays: ["1", "3", "5"],
      time: "09:00",
      timeZone: "Europe/Paris",
      postsAhead: "3",
      blogId: guides.id,
    };

    const noDays = (await callRoute(action, "/app/autopilot", planForm({ ...fields, weekdays: [] }))) as Refusal;
    expect(noDays.init.status).toBe(400);
    expect(noDays.data.message).toBe("Choose at least one weekday to publish on.");
    const badTime = (await callRoute(action, "/app/autopilot", planForm({ ...fields, time: "9am" }))) as Refusal;
    expect(badTime.init.status).toBe(400);
    expect(badTime.data.message).toBe("Give the time as HH:MM, for example 09:30.");
    const tooMany = (await callRoute(action, "/app/autopilot", planForm({ ...fields, postsAhead: "20" }))) as Refusal;
    expect(tooMany.data.message).toBe("Prepare at most 14 posts ahead.");
    expect(await harness.db.prisma.contentPlan.count()).toBe(0);

    const created = (await callRoute(action, "/app/autopilot", planForm(fields))) as unknown as Response;
    const plan = await harness.db.prisma.contentPlan.findFirstOrThrow({ where: { userId } });
    planId = plan.id;
    expect(created.status).toBe(302);
    expect(new URL(created.headers.get("location")!).pathname).toBe(`/app/autopilot/${plan.id}`);
    expect(plan).toMatchObject({
      name: "Candle tips",
      platform: "shopify",
      connectionId: null,
      blogId: guides.id,
      mode: "review",
      // A free store's plan cannot run: it says so from the start (see "says why a free store's plan ...").
      status: "paused",
      pausedReason: autopilotMessages.planWithoutScheduling,
      weekdays: [1, 3, 5],
      publishTime: "09:00",
      timeZone: "Europe/Paris",
      postsAhead: 3,
    });

    // The list shows it with its cadence in words; the blog chosen is the store's blog from now on.
    const page = await callRoute(loader, "/app/autopilot");
    expect(page.plans).toHaveLength(1);
    expect(page.plans[0]).toMatchObject({ name: "Candle tips", mode: "review", status: "paused", nextSlot: null });
    expect(cadenceText(page.plans[0]!.cadence)).toBe("Mon, Wed, Fri at 09:00 (Europe/Paris)");
    expect(page.blogId).toBe(guides.id);
    // The form starts in the store's time zone, read from Shopify at install.
    expect(page.timeZone).toBe("Europe/Paris");

    // A free store's plan cannot run: made paused with the reason, the Plans page offered instead of Resume (refused).
    let opened = await openPlan(planId);
    expect(opened.upgrade).toBe(true);
    expect(opened.plan.canResume).toBe(false);
    const refused = (await act(planId, { intent: "resume" })) as Refusal;
    expect(refused.init.status).toBe(403);
    expect(refused.data.message).toBe(autopilotMessages.planWithoutScheduling);
    // On Starter, Resume is offered again and runs it.
    await harness.db.prisma.user.update({
      where: { id: userId },
      data: { subscriptionPlan: "starter", subscriptionStatus: "active" },
    });
    opened = await openPlan(planId);
    expect(opened.upgrade).toBe(false);
    expect(opened.plan.canResume).toBe(true);
    expect(await act(planId, { intent: "resume" })).toEqual({ intent: "resume", message: "Plan resumed" });
  });

  it("gives typed titles the plan's next slots, shown in the plan's time zone", async () => {
    const noKeywords = (await act(planId, { intent: "add", title: "Soy or paraffin?", keywords: " , " })) as Refusal;
    expect(noKeywords.init.status).toBe(400);
    expect(noKeywords.data.message).toBe("Give at least one keyword for each title.");

    expect(
      await act(planId, {
        intent: "add",
        title: "How to choose a scented candle",
        keywords: "scented candles, soy wax",
        notes: "Mention our lavender candle.",
      }),
    ).toEqual({ intent: "add", message: "Title added" });
    await act(planId, { intent: "add", title: "Candle care basics", keywords: "candle care", notes: "" });

    const page = await openPlan(planId);
    expect(page.plan.items.map((i) => [i.title, i.status, i.keywords, i.notes])).toEqual([
      ["How to choose a scented candle", "planned", ["scented candles", "soy wax"], "Mention our lavender candle."],
      ["Candle care basics", "planned", ["candle care"], null],
    ]);
    const [first, second] = page.plan.items;
    expect(new Date(first!.slotAt!).getTime()).toBeGreaterThan(Date.now());
    expect(new Date(second!.slotAt!).getTime()).toBeGreaterThan(new Date(first!.slotAt!).getTime());
    // Mondays, Wednesdays and Fridays at 09:00 in Paris, whatever the server's zone.
    for (const item of page.plan.items) expect(item.slot).toMatch(/^(Mon|Wed|Fri) \d{1,2} \w{3} \d{4}, 09:00$/);
    expect(page.plan.nextSlot).toBe(first!.slot);
    expect(page.plan.counts.planned).toBe(2);
  });

  it("pauses the plan of a store back on Free with the reason and the way to upgrade, and runs once resumed on Starter", async () => {
    await harness.db.prisma.user.update({
      where: { id: userId },
      data: { subscriptionPlan: "free", subscriptionStatus: "free" },
    });
    const round = await autopilot().runOnce(await hourBeforeFirstSlot(planId));
    expect(round.outcomes).toEqual(["paused"]);
    let page = await openPlan(planId);
    expect(page.plan.status).toBe("paused");
    expect(page.plan.pausedReason).toBe(autopilotMessages.planWithoutScheduling);
    expect(page.upgrade).toBe(true); // the banner links to the Plans page, instead of Resume
    expect(page.plan.canResume).toBe(false);
    expect(page.plan.items.every((i) => i.status === "planned" && i.post === null)).toBe(true);
    const { loader } = await plans();
    expect((await callRoute(loader, "/app/autopilot")).plans[0]!.status).toBe("paused");

    await harness.db.prisma.user.update({
      where: { id: userId },
      data: { subscriptionPlan: "starter", subscriptionStatus: "active" },
    });
    expect(await act(planId, { intent: "resume" })).toEqual({ intent: "resume", message: "Plan resumed" });
    page = await openPlan(planId);
    expect(page.plan).toMatchObject({ status: "active", pausedReason: null });
    expect(page.upgrade).toBe(false);

    const next = await autopilot().runOnce(await hourBeforeFirstSlot(planId));
    expect(next.outcomes).toEqual(["prepared"]);
    page = await openPlan(planId);
    const [draft, waiting] = page.plan.items;
    expect(draft!.status).toBe("to_review");
    expect(draft!.post).toMatchObject({ status: "draft" });
    expect(draft!.post!.seoScore).toBeGreaterThan(0);
    expect(waiting!.status).toBe("planned");
    // Written as a draft, not published: nothing reached the store.
    expect(fake.shop(TEST_SHOP).articles).toHaveLength(0);
  });

  it("schedules an approved draft in its slot on the store", async () => {
    const page = await openPlan(planId);
    const draft = page.plan.items.find((i) => i.status === "to_review")!;
    expect(await act(planId, { intent: "approve", itemId: String(draft.id) })).toEqual({
      intent: "approve",
      message: "Approved: it will be published in its slot",
    });
    const publication = await harness.db.prisma.postPublication.findFirstOrThrow({
      where: { postId: draft.post!.id },
    });
    expect(publication).toMatchObject({ platform: "shopify", status: "pending" });
    expect(publication.dueAt?.toISOString()).toBe(draft.slotAt);
    const after = await openPlan(planId);
    expect(after.plan.items.find((i) => i.id === draft.id)!.status).toBe("approved");

    // Approving again is refused with the core's reason.
    const again = (await act(planId, { intent: "approve", itemId: String(draft.id) })) as Refusal;
    expect(again.init.status).toBe(409);
    expect(again.data.message).toBe("Only a prepared draft waiting for review can be approved.");
  });

  it("skips a title (its slot goes to the next one) and removes it, but not an approved draft", async () => {
    await act(planId, { intent: "add", title: "Gift ideas with candles", keywords: "candle gifts" });
    await act(planId, { intent: "add", title: "Candles for the bath", keywords: "bath candles" });
    let page = await openPlan(planId);
    const [, second, , fourth] = page.plan.items;
    // Three posts ahead: the fourth title waits for a slot.
    expect(fourth).toMatchObject({ title: "Candles for the bath", slotAt: null, slot: null });

    expect(await act(planId, { intent: "skip", itemId: String(second!.id) })).toEqual({
      intent: "skip",
      message: "Skipped: it will not be published",
    });
    page = await openPlan(planId);
    expect(page.plan.items.find((i) => i.id === second!.id)).toMatchObject({
      status: "skipped",
      lastError: "Skipped by you.",
    });
    expect(page.plan.items.find((i) => i.id === fourth!.id)!.slotAt).toBe(second!.slotAt);

    expect(await act(planId, { intent: "remove", itemId: String(second!.id) })).toEqual({
      intent: "remove",
      message: "Title removed",
    });
    page = await openPlan(planId);
    expect(page.plan.items.map((i) => i.title)).toEqual([
      "How to choose a scented candle",
      "Candles for the bath",
      "Gift ideas with candles",
    ]);

    const approved = page.plan.items.find((i) => i.status === "approved")!;
    const refused = (await act(planId, { intent: "remove", itemId: String(approved.id) })) as Refusal;
    expect(refused.init.status).toBe(409);
    expect(refused.data.message).toBe("Only a title that is not prepared yet can be changed or removed.");
  });

  it("imports titles from a CSV file, or nothing with every bad row and its line", async () => {
    const before = (await openPlan(planId)).plan.items.length;
    const bad = (await act(planId, {
      intent: "import",
      csv: "title,keywords\nWinter candle scents,winter candles;cozy\n,no title here\nSummer candles,\n",
    })) as Refusal;
    expect(bad.init.status).toBe(422);
    expect(bad.data.message).toMatch(/^Nothing was imported: 2 rows need fixing/);
    expect(bad.data.problems).toEqual([
      { line: 3, reason: "The title is empty." },
      { line: 4, reason: "Give at least one keyword." },
    ]);
    expect((await openPlan(planId)).plan.items).toHaveLength(before);

    expect(
      await act(planId, {
        intent: "import",
        csv: "Keywords,Title,Notes\nwinter candles;cozy,Winter candle scents,Warm tones\ncandle safety,Candle safety tips,\n",
      }),
    ).toEqual({ intent: "import", message: "2 titles imported" });
    const page = await openPlan(planId);
    expect(page.plan.items.map((i) => i.title)).toEqual(
      expect.arrayContaining(["Winter candle scents", "Candle safety tips"]),
    );
    expect(page.plan.items.find((i) => i.title === "Winter candle scents")).toMatchObject({
      keywords: ["winter candles", "cozy"],
      notes: "Warm tones",
    });
  });

  it("suggests ideas for the store's niche and adds the chosen ones as titles", async () => {
    const asked = (await act(planId, { intent: "ideas", niche: "scented candles" })) as {
      intent: string;
      ideas: Array<{ title: string; keywords: string[]; overlap: unknown }>;
      excluded: number;
    };
    expect(asked.intent).toBe("ideas");
    expect(asked.ideas.length).toBeGreaterThan(2);
    expect(asked.ideas.every((idea) => idea.keywords.length > 0)).toBe(true);
    const titles = (await openPlan(planId)).plan.items.map((item) => item.title);
    // Titles the plan already has are not proposed again.
    for (const idea of asked.ideas) expect(titles).not.toContain(idea.title);

    const chosen = asked.ideas.slice(0, 2).map(({ title, keywords }) => JSON.stringify({ title, keywords }));
    const { action } = await planRoute();
    const added = await callRoute(action, `/app/autopilot/${planId}`, planForm({ intent: "add-ideas", idea: chosen }), {
      id: String(planId),
    });
    expect(added).toEqual({ intent: "add-ideas", message: "2 titles added" });
    const after = (await openPlan(planId)).plan.items.map((item) => item.title);
    expect(after).toEqual(expect.arrayContaining(asked.ideas.slice(0, 2).map((idea) => idea.title)));

    const empty = (await act(planId, { intent: "ideas", niche: "" })) as Refusal;
    expect(empty.init.status).toBe(400);
    expect(empty.data.message).toBe("Describe your niche, for example organic gardening supplies.");
  });

  it("moves a waiting title earlier, where it takes the slot before it", async () => {
    const waiting = (await openPlan(planId)).plan.items.filter((item) => item.status === "planned");
    expect(waiting.length).toBeGreaterThan(1);
    const [first, second] = waiting;
    expect(await act(planId, { intent: "earlier", itemId: String(second!.id) })).toEqual({
      intent: "earlier",
      message: "Moved earlier",
    });
    const after = (await openPlan(planId)).plan.items.filter((item) => item.status === "planned");
    expect(after[0]!.id).toBe(second!.id);
    expect(after[0]!.slotAt).toBe(first!.slotAt);
    expect(after[1]!.id).toBe(first!.id);
  });

  it("turns refresh proposals on and off on the plan, none proposed until the autopilot finds one", async () => {
    expect((await openPlan(planId)).plan).toMatchObject({ queueRefreshes: false, refreshes: [] });
    expect(await act(planId, { intent: "refreshes-on" })).toEqual({
      intent: "refreshes-on",
      message: "Refreshes turned on",
    });
    expect((await openPlan(planId)).plan).toMatchObject({ queueRefreshes: true, refreshes: [] });
    expect(await act(planId, { intent: "refreshes-off" })).toEqual({
      intent: "refreshes-off",
      message: "Refreshes turned off",
    });
    expect((await openPlan(planId)).plan.queueRefreshes).toBe(false);
  });

  it("answers 404 for a plan of another account, a bad address, and a title of another plan", async () => {
    const other = await harness.db.prisma.user.create({
      data: {
        email: "owner@other-shop.example",
        password: "x",
        shopDomain: "other-shop.myshopify.com",
        subscriptionPlan: "starter",
        subscriptionStatus: "active",
      },
    });
    const foreign = await createContentPlan({ prisma: harness.db.prisma }, other.id, {
      name: "Not yours",
      platform: "shopify",
      connectionId: null,
      cadence: { weekdays: [2], time: "10:00", timeZone: "UTC" },
    });
    const seen = (await openPlan(foreign.id)) as unknown as Response;
    expect(seen.status).toBe(404);
    expect(await seen.text()).toBe(contentPlanMessages.notFound);
    expect(((await openPlan("abc")) as unknown as Response).status).toBe(404);
    const paused = (await act(foreign.id, { intent: "pause" })) as Refusal;
    expect(paused.init.status).toBe(404);
    expect((await harness.db.prisma.contentPlan.findUniqueOrThrow({ where: { id: foreign.id } })).status).toBe(
      "active",
    );
    const { loader } = await plans();
    expect((await callRoute(loader, "/app/autopilot")).plans.map((p) => p.name)).toEqual(["Candle tips"]);

    // A title of the merchant's own other plan, acted on through this plan's page.
    const { action } = await plans();
    await callRoute(
      action,
      "/app/autopilot",
      planForm({ name: "Second plan", weekdays: ["2"], time: "10:00", timeZone: "UTC", postsAhead: "1" }),
    );
    const second = await harness.db.prisma.contentPlan.findFirstOrThrow({ where: { userId, name: "Second plan" } });
    await act(second.id, { intent: "add", title: "Elsewhere", keywords: "elsewhere" });
    const elsewhere = (await openPlan(second.id)).plan.items[0]!;
    const crossed = (await act(planId, { intent: "skip", itemId: String(elsewhere.id) })) as Refusal;
    expect(crossed.init.status).toBe(404);
    expect((await openPlan(second.id)).plan.items[0]!.status).toBe("planned");
  });

  it("tells the merchant once, on the plan and in the list, that titles wait while the writer is failing", async () => {
    const { action, loader } = await plans();
    await callRoute(
      action,
      "/app/autopilot",
      // A weekday three days from now: the round an hour before its slot, and the next try, are still to come.
      planForm({
        name: "Outage",
        weekdays: [String((new Date().getUTCDay() + 3) % 7 || 7)],
        time: "10:00",
        timeZone: "Europe/Paris",
        postsAhead: "1",
      }),
    );
    const outage = await harness.db.prisma.contentPlan.findFirstOrThrow({ where: { userId, name: "Outage" } });
    await act(outage.id, { intent: "add", title: "Wax melts explained", keywords: "wax melts" });
    const down = createAutopilot({
      db: harness.db,
      writer: {
        generator: "down",
        writePost: () => Promise.reject(new AppError("UNAVAILABLE", "The AI provider is not answering.")),
        optimizeTitle: () => Promise.reject(new AppError("UNAVAILABLE", "The AI provider is not answering.")),
      },
      instanceId: "test",
    });
    // (The other plan's waiting title, due by then too, is tried and delayed as well.)
    expect((await down.runOnce(await hourBeforeFirstSlot(outage.id))).outcomes).toContain("retry");

    const page = await openPlan(outage.id);
    expect(page.plan.delayNotice).toMatch(
      /^1 title could not be prepared yet: The AI provider is not answering\. The next try is on \w{3} \d{1,2} \w{3} \d{4}, \d{2}:\d{2} \(Europe\/Paris\)/,
    );
    const list = await callRoute(loader, "/app/autopilot");
    expect(list.plans.find((p) => p.id === outage.id)?.delayNotice).toBe(page.plan.delayNotice);
    await act(outage.id, { intent: "delete" });
  });

  it("shows a long plan 50 titles a page, with the whole plan's counts, and refuses a page that cannot be one", async () => {
    const long = await harness.db.prisma.contentPlan.create({
      data: {
        userId,
        name: "Long plan",
        platform: "shopify",
        weekdays: [1],
        publishTime: "10:00",
        timeZone: "UTC",
        status: "paused",
      },
    });
    await harness.db.prisma.contentPlanItem.createMany({
      data: Array.from({ length: 120 }, (_, i) => ({
        planId: long.id,
        title: `Candle care ${i + 1}`,
        keywords: ["candles"],
        position: i + 1,
      })),
    });
    const { loader } = await planRoute();
    const first = await openPlan(long.id);
    expect(first.plan.items).toHaveLength(50);
    expect(first.plan.itemsPage).toEqual({ page: 1, pageSize: 50, total: 120 });
    expect(first.plan.counts.planned).toBe(120);
    const third = await callRoute(loader, `/app/autopilot/${long.id}?page=3`, undefined, { id: String(long.id) });
    expect(third.plan.items.map((item) => item.title)).toEqual(
      Array.from({ length: 20 }, (_, i) => `Candle care ${i + 101}`),
    );
    expect(third.plan.itemsPage).toEqual({ page: 3, pageSize: 50, total: 120 });
    expect(titlePagesLabel(third.plan.itemsPage, third.plan.items.length)).toBe("Showing 101–120 of 120 titles");
    expect(titlePagesLabel(first.plan.itemsPage, 50)).toBe("Showing 1–50 of 120 titles");

    const refused = (await callRoute(loader, `/app/autopilot/${long.id}?page=0`, undefined, {
      id: String(long.id),
    })) as unknown as Response;
    expect(refused.status).toBe(400);
    expect(await refused.text()).toBe("Give page as a whole number from 1 to 10,000.");
    await harness.db.prisma.contentPlan.delete({ where: { id: long.id } });
  });

  it("deletes the plan: its approved draft is not published, and the post stays", async () => {
    const page = await openPlan(planId);
    const approved = page.plan.items.find((i) => i.status === "approved")!;
    const deleted = (await act(planId, { intent: "delete" })) as unknown as Response;
    expect(deleted.status).toBe(302);
    expect(new URL(deleted.headers.get("location")!).pathname).toBe("/app/autopilot");
    expect(((await openPlan(planId)) as unknown as Response).status).toBe(404);
    expect(
      await harness.db.prisma.postPublication.findFirst({ where: { postId: approved.post!.id, status: "pending" } }),
    ).toBeNull();
    expect(await harness.db.prisma.blogPost.findUnique({ where: { id: approved.post!.id } })).not.toBeNull();
  });
});
