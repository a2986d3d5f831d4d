// The write page's stream: the same writing as its form action, answered as server-sent events while the post is
// written (stages, each part as soon as it is written, then the new post's id), and a refusal before the writing
// starts answered as the action's JSON error.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_SHOP } from "@shopify/shopify-api/test-helpers";
import { startFakeShopify, type FakeShopify } from "../../tests/fakes/shopify/index.ts";
import { callRoute, startAppHarness, type AppHarness } from "./app-harness";

let fake: FakeShopify;
let harness: AppHarness;

beforeAll(async () => {
  fake = await startFakeShopify({
    shops: [{ domain: TEST_SHOP, name: "Test Shop", ianaTimezone: "Europe/Paris", blogs: [{ title: "Journal", handle: "journal" }] }],
  });
  harness = await startAppHarness({ fake });
  const home = await import("../app/routes/app._index");
  await callRoute(home.loader, "/app"); // the first request installs the app
});
afterAll(async () => {
  await harness.close();
  await fake.close();
});

interface StreamEvent {
  event: string;
  data: Record<string, unknown>;
}

async function readEvents(response: Response): Promise<StreamEvent[]> {
  const text = await response.text();
  return text
    .split("\n\n")
    .map((block) => block.trim())
    .filter((block) => block.startsWith("event:"))
    .map((block) => {
      const event = /^event: (.+)$/m.exec(block)?.[1] ?? "";
      const data = JSON.parse(/^data: (.+)$/m.exec(block)?.[1] ?? "{}") as Record<string, unknown>;
      return { event, data };
    });
}

describe("writing a post through the write page's stream", () => {
  it("sends the stages and every part of the post before the new post's id, which is the stored post", async () => {
    const route = await import("../app/routes/app.write-stream");
    const response = (await callRoute(route.action, "/app/write-stream", {
      title: "How to care for a linen apron",
      keywords: "linen apron, apron care",
      companyName: "Test Shop",
      seoInstructions: "",
    })) as Response;
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const events = await readEvents(response);

    const names = events.map((e) => e.event);
    expect(names.filter((n) => n === "stage").length).toBe(3);
    const parts = events.filter((e) => e.event === "part").map((e) => e.data);
    expect(parts.length).toBeGreaterThanOrEqual(3);
    expect(parts.some((p) => p.kind === "introduction")).toBe(true);
    expect(parts.every((p) => typeof p.html === "string" && !/<script/i.test(p.html as string))).toBe(true);
    expect(names.at(-1)).toBe("result");
    expect(names.indexOf("result")).toBeGreaterThan(names.lastIndexOf("part"));

    const user = await harness.db.prisma.user.findUniqueOrThrow({ where: { shopDomain: TEST_SHOP } });
    const post = await harness.db.prisma.blogPost.findFirstOrThrow({ where: { userId: user.id, id: Number(events.at(-1)!.data.postId) } });
    expect(post.title).toBe("How to care for a linen apron");
    // The parts are the post's own sections.
    for (const part of parts.filter((p) => p.heading)) expect(post.htmlContent).toContain(`<h2>${part.heading as string}</h2>`);
  });

  it("answers a refusal before the writing starts as JSON with its status, and writes nothing", async () => {
    const route = await import("../app/routes/app.write-stream");
    const user = await harness.db.prisma.user.findUniqueOrThrow({ where: { shopDomain: TEST_SHOP } });
    const before = await harness.db.prisma.blogPost.count({ where: { userId: user.id } });
    const response = (await callRoute(route.action, "/app/write-stream", { title: "", keywords: "" })) as Response;
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ status: 400, message: expect.any(String) });
    expect(await harness.db.prisma.blogPost.count({ where: { userId: user.id } })).toBe(before);
  });
});
