import { afterAll, beforeAll, expect, it } from "vitest";
import request from "supertest";
import { silentLogger } from "@postwright/core/logger";
import { createApp } from "../app.ts";
import { createServerContext } from "../context.ts";
import { createTestApp, type TestApp } from "../testing/index.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A second instance of the site on the same database, as another process, machine or a restart would be. */
function anotherInstance() {
  const ctx = createServerContext({ config: t.config, db: t.db, logger: silentLogger });
  return createApp(ctx, { clientDir: "/nonexistent" });
}

it("counts a limit across instances: requests spread over two instances are refused at the same total as on one", async () => {
  const email = t.uniqueEmail("shared-limit");
  const first = request(t.app);
  for (let i = 0; i < 3; i++) expect((await first.post("/api/auth/resend-verification").send({ email })).status).toBe(200);
  const second = request(anotherInstance());
  for (let i = 0; i < 2; i++) expect((await second.post("/api/auth/resend-verification").send({ email })).status).toBe(200);
  // The limit is 5 per email in 15 minutes, whichever instance answered.
  const refused = await second.post("/api/auth/resend-verification").send({ email });
  expect(refused.status).toBe(429);
  expect(refused.body.message).toBe("Too many verification codes requested. Please try again in 15 minutes.");
  expect((await first.post("/api/auth/resend-verification").send({ email })).status).toBe(429);
  // A new instance started afterwards (a restart) still remembers.
  expect((await request(anotherInstance()).post("/api/auth/resend-verification").send({ email })).status).toBe(429);
});
