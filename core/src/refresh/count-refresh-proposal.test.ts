// Refreshes do not use up the plan's posts, but proposals are counted an hour in the shared database: those written
// by the model by plan, every proposal at most 60.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../testing/index.ts";
import { countRefreshProposal, MODEL_REFRESHES_AN_HOUR, REFRESH_PROPOSALS_AN_HOUR } from "./count-refresh-proposal.ts";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.close();
});

describe("countRefreshProposal", () => {
  it("refuses a model-written proposal past the plan's hourly allowance, saying when to try again", async () => {
    const free = await db.prisma.user.create({ data: { email: "free@example.com", password: "x" } });
    const starter = await db.prisma.user.create({
      data: { email: "starter@example.com", password: "x", subscriptionPlan: "starter", subscriptionStatus: "active" },
    });
    for (let i = 0; i < MODEL_REFRESHES_AN_HOUR.free; i++) {
      await countRefreshProposal(db, { userId: free.id, byModel: true });
    }
    const refused = countRefreshProposal(db, { userId: free.id, byModel: true });
    await expect(refused).rejects.toMatchObject({ status: 429, details: { retryAfterSeconds: expect.any(Number) } });
    await expect(refused).rejects.toThrow(/5 refreshes written by the AI model this hour/);
    // The offline writer's proposals are not the model's: they go on.
    await countRefreshProposal(db, { userId: free.id, byModel: false });
    // A paid plan has more.
    for (let i = 0; i <= MODEL_REFRESHES_AN_HOUR.free; i++) {
      await countRefreshProposal(db, { userId: starter.id, byModel: true });
    }
    const posts = await db.prisma.userUsage.count({ where: { userId: { in: [free.id, starter.id] } } });
    expect(posts).toBe(0);
  });

  it("refuses any proposal past 60 an hour", async () => {
    const user = await db.prisma.user.create({ data: { email: "busy@example.com", password: "x" } });
    for (let i = 0; i < REFRESH_PROPOSALS_AN_HOUR; i++)
      await countRefreshProposal(db, { userId: user.id, byModel: false });
    await expect(countRefreshProposal(db, { userId: user.id, byModel: false })).rejects.toMatchObject({ status: 429 });
  });
});
