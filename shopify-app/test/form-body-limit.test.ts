// Every form action of the app reads the page's form through readForm: a body over 1 MB is refused with 413 and a
// message the merchant can act on (whether or not the request says its length), and nothing behind it runs; a body
// within the limit is read as before.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_SHOP } from "@shopify/shopify-api/test-helpers";
import { startFakeShopify, type FakeShopify } from "../../tests/fakes/shopify/index.ts";
import { FORM_BODY_LIMIT, readForm } from "../app/read-form.server";
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

type Answer = { init?: { status: number }; data?: { message: string; status: number } };
const message =
  "This form sent more than 1 MB, which is more than it can take. Shorten what you entered, or import a smaller file.";

describe("the size of what a form sends", () => {
  it("is bounded on every form action of the app, with 413 and a message", async () => {
    const routes: Array<[string, string, Record<string, string>]> = [
      ["app.titles", "/app/titles", {}],
      ["app.write", "/app/write", {}],
      ["app.plans", "/app/plans", {}],
      ["app.autopilot._index", "/app/autopilot", {}],
      ["app.autopilot.$id", "/app/autopilot/1", { id: "1" }],
      ["app.posts.$id", "/app/posts/1", { id: "1" }],
    ];
    const huge = { intent: "import", title: "x", csv: "a".repeat(FORM_BODY_LIMIT + 1) };
    for (const [file, path, params] of routes) {
      const route = (await import(`../app/routes/${file}.tsx`)) as { action: (args: never) => Promise<unknown> };
      const answer = (await callRoute(route.action, path, huge, params)) as Answer;
      expect(answer.init?.status, file).toBe(413);
      expect(answer.data?.message, file).toBe(message);
    }
    // The write page's stream answers with plain JSON, as a resource route does.
    const stream = await import("../app/routes/app.write-stream.tsx");
    const streamed = (await callRoute(stream.action, "/app/write-stream", huge)) as Response;
    expect(streamed.status).toBe(413);
    expect(await streamed.json()).toMatchObject({ message });
    expect(await harness.db.prisma.contentPlan.count()).toBe(0);
  });

  it("refuses a declared length over the limit before reading, a streamed body once it passes it, and reads the rest", async () => {
    const declared = new Request("https://app.example/a", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "content-length": String(FORM_BODY_LIMIT + 1) },
      body: "a=1",
    });
    await expect(readForm(declared)).rejects.toMatchObject({ status: 413, message });

    let pulled = 0;
    const chunk = new TextEncoder().encode("a".repeat(64 * 1024));
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(chunk);
      },
    });
    const streamed = new Request("https://app.example/a", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: endless,
      duplex: "half",
    } as RequestInit);
    await expect(readForm(streamed)).rejects.toMatchObject({ status: 413 });
    expect(pulled).toBeLessThan(FORM_BODY_LIMIT / chunk.byteLength + 3);

    const small = new Request("https://app.example/a", {
      method: "POST",
      body: new URLSearchParams({ title: "Candles" }),
    });
    expect((await readForm(small)).get("title")).toBe("Candles");
    const notAForm = new Request("https://app.example/a", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=x" },
      body: "not multipart",
    });
    await expect(readForm(notAForm)).rejects.toMatchObject({
      status: 400,
      message: "The form could not be read. Reload the page and try again.",
    });
  });
});
