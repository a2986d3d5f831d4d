// The lease queue on a real table (site_index_jobs follows its convention): claims never overlap, a lapsed lease is
// taken over and its old holder can write nothing more, and a request made while a job runs survives its end.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../testing/index.ts";
import { claimJobs, finishJob, renewJobLease } from "./lease-queue.ts";

const queue = { table: "site_index_jobs", running: "reading" };
let db: TestDatabase;
let userId: number;
beforeAll(async () => {
  db = await createTestDatabase();
  userId = (await db.prisma.user.create({ data: { email: "queue@example.com", password: "x" } })).id;
});
afterAll(() => db.close());

const at = (iso: string) => new Date(`2026-11-27T${iso}Z`);

async function jobs(count: number, due: Date) {
  await db.prisma.siteIndexJob.deleteMany({});
  await db.prisma.siteIndexJob.createMany({
    data: Array.from({ length: count }, (_, i) => ({
      userId,
      platform: "wordpress",
      connectionId: i + 1,
      nextAttemptAt: due,
    })),
  });
  return (await db.prisma.siteIndexJob.findMany({ orderBy: { id: "asc" }, select: { id: true } })).map((j) => j.id);
}

describe("the lease queue", () => {
  it("gives each due job to one claimer at a time, oldest due first, and nothing that is not due", async () => {
    const ids = await jobs(5, at("10:00:00"));
    await db.prisma.siteIndexJob.update({ where: { id: ids[4]! }, data: { nextAttemptAt: at("12:00:00") } });
    await db.prisma.siteIndexJob.update({ where: { id: ids[3]! }, data: { nextAttemptAt: at("09:00:00") } });
    const now = at("11:00:00");
    const [a, b] = await Promise.all([
      claimJobs(db.prisma, queue, { owner: "a", now, leaseMs: 60_000, limit: 2 }),
      claimJobs(db.prisma, queue, { owner: "b", now, leaseMs: 60_000, limit: 2 }),
    ]);
    const claimed = [...a, ...b];
    expect(new Set(claimed).size).toBe(4);
    expect(claimed).not.toContain(ids[4]);
    expect([a[0], b[0]]).toContain(ids[3]);
    expect(await claimJobs(db.prisma, queue, { owner: "c", now, leaseMs: 60_000, limit: 5 })).toEqual([]);
    const rows = await db.prisma.siteIndexJob.findMany({ where: { id: { in: claimed } } });
    expect(rows.every((r) => r.state === "reading" && r.attempts === 1 && r.nextAttemptAt === null)).toBe(true);
  });

  it("hands a job whose lease lapsed to another claimer; the first one can no longer renew or finish it", async () => {
    const [id] = await jobs(1, at("10:00:00"));
    expect(
      await claimJobs(db.prisma, queue, { owner: "crashed", now: at("10:00:00"), leaseMs: 60_000, limit: 1 }),
    ).toEqual([id]);
    // Still held a moment later.
    expect(await claimJobs(db.prisma, queue, { owner: "b", now: at("10:00:30"), leaseMs: 60_000, limit: 1 })).toEqual(
      [],
    );
    expect(await claimJobs(db.prisma, queue, { owner: "b", now: at("10:01:01"), leaseMs: 60_000, limit: 1 })).toEqual([
      id,
    ]);
    expect(
      await renewJobLease(db.prisma, queue, { id: id!, owner: "crashed", now: at("10:01:02"), leaseMs: 60_000 }),
    ).toBe(false);
    const finished = { id: id!, now: at("10:01:03"), state: "ready", dueAt: at("20:00:00"), set: { pagesIndexed: 7 } };
    expect(await finishJob(db.prisma, queue, { ...finished, owner: "crashed" })).toBe(false);
    expect(
      await renewJobLease(db.prisma, queue, {
        id: id!,
        owner: "b",
        now: at("10:01:02"),
        leaseMs: 60_000,
        set: { pagesRead: 3 },
      }),
    ).toBe(true);
    expect(await finishJob(db.prisma, queue, { ...finished, owner: "b" })).toBe(true);
    expect(await db.prisma.siteIndexJob.findUniqueOrThrow({ where: { id: id! } })).toMatchObject({
      state: "ready",
      pagesRead: 3,
      pagesIndexed: 7,
      attempts: 2,
      leaseOwner: null,
      nextAttemptAt: at("20:00:00"),
    });
  });

  it("keeps a job due when it was asked for again while it ran", async () => {
    const [id] = await jobs(1, at("10:00:00"));
    await claimJobs(db.prisma, queue, { owner: "a", now: at("10:00:00"), leaseMs: 60_000, limit: 1 });
    await db.prisma.siteIndexJob.update({ where: { id: id! }, data: { nextAttemptAt: at("10:00:10") } });
    await finishJob(db.prisma, queue, {
      id: id!,
      owner: "a",
      now: at("10:00:20"),
      state: "ready",
      dueAt: at("23:00:00"),
    });
    expect((await db.prisma.siteIndexJob.findUniqueOrThrow({ where: { id: id! } })).nextAttemptAt).toEqual(
      at("10:00:10"),
    );
    expect(await claimJobs(db.prisma, queue, { owner: "b", now: at("10:00:30"), leaseMs: 60_000, limit: 1 })).toEqual([
      id,
    ]);
  });

  it("claims, on the database's pool, only the states a queue names, in its own order, within a claim's condition", async () => {
    // A queue whose finished rows keep their time (as a publication keeps its schedule) and whose untried rows are due.
    const own = {
      ...queue,
      claimable: ["queued"],
      keepDue: true,
      dueWhenNull: true,
      orderColumn: "connectionId",
    };
    const ids = await jobs(5, at("10:00:00"));
    await db.prisma.siteIndexJob.update({ where: { id: ids[0]! }, data: { state: "ready" } });
    await db.prisma.siteIndexJob.update({ where: { id: ids[1]! }, data: { state: "failed" } });
    await db.prisma.siteIndexJob.update({ where: { id: ids[2]! }, data: { nextAttemptAt: null } });
    await db.prisma.siteIndexJob.update({ where: { id: ids[3]! }, data: { connectionId: 9 } });
    const now = at("11:00:00");
    const claim = (owner: string, limit: number, upTo: number) =>
      claimJobs(db, own, {
        owner,
        now,
        leaseMs: 60_000,
        limit,
        where: (param) => `"connectionId" <= ${param(upTo)}`,
      });
    // Ready and failed rows are never claimed, however due; connection 9 is outside this claim's condition.
    expect(await claim("a", 5, 8)).toEqual([ids[2], ids[4]]);
    expect(await claim("b", 5, 9)).toEqual([ids[3]]);
    const rows = await db.prisma.siteIndexJob.findMany({ where: { id: { in: ids } }, orderBy: { id: "asc" } });
    expect(rows.map((r) => [r.state, r.leaseOwner])).toEqual([
      ["ready", null],
      ["failed", null],
      ["reading", "a"],
      ["reading", "b"],
      ["reading", "a"],
    ]);
    // The due time is kept (null stays null).
    expect(rows.map((r) => r.nextAttemptAt)).toEqual([
      at("10:00:00"),
      at("10:00:00"),
      null,
      at("10:00:00"),
      at("10:00:00"),
    ]);
  });
});
