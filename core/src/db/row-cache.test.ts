import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, testDatabaseServer, type TestDatabase } from "../testing/index.ts";
import type { ChannelListener } from "./client.ts";
import { RowCache, watchRowChanges } from "./row-cache.ts";

const userCache = () =>
  new RowCache<number, { id: number; firstName: string | null }>({
    table: "custom_users",
    parseKey: (text) => (/^\d+$/.test(text) ? Number(text) : undefined),
    max: 100,
    ttlMs: 60_000,
  });

describe("RowCache", () => {
  it("reads through to the database until it is told changes are being heard", async () => {
    const cache = userCache();
    const load = vi.fn(async (id: number) => ({ id, firstName: "Ada" }));
    await cache.get(1, load);
    await cache.get(1, load);
    expect(load).toHaveBeenCalledTimes(2);
    cache.setListening(true);
    await cache.get(1, load);
    await cache.get(1, load);
    expect(load).toHaveBeenCalledTimes(3);
    cache.setListening(false);
    await cache.get(1, load);
    expect(load).toHaveBeenCalledTimes(4);
  });

  it("does not keep a row read while a change to it was reported", async () => {
    const cache = userCache();
    cache.setListening(true);
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    const stale = cache.get(1, async (id) => {
      await slow;
      return { id, firstName: "Old" };
    });
    cache.changed("1");
    release();
    expect(await stale).toEqual({ id: 1, firstName: "Old" });
    const fresh = await cache.get(1, async (id) => ({ id, firstName: "New" }));
    expect(fresh?.firstName).toBe("New");
  });

  it("forgets everything when a notification names no key it understands", async () => {
    const cache = userCache();
    cache.setListening(true);
    await cache.get(1, async (id) => ({ id, firstName: "Ada" }));
    await cache.get(2, async (id) => ({ id, firstName: "Bea" }));
    cache.changed("not-a-number");
    expect(cache.size).toBe(0);
  });

  it("stops serving cached rows as soon as the listening connection is lost", async () => {
    let listener!: ChannelListener;
    const cache = userCache();
    await watchRowChanges(
      {
        async listen(_channel, l) {
          listener = l;
          l.onListening(true);
          return async () => undefined;
        },
      },
      [cache],
    );
    const load = vi.fn(async (id: number) => ({ id, firstName: "Ada" }));
    await cache.get(1, load);
    await cache.get(1, load);
    expect(load).toHaveBeenCalledTimes(1);
    listener.onListening(false);
    await cache.get(1, load);
    expect(load).toHaveBeenCalledTimes(2);
    listener.onMessage("custom_users:1");
    listener.onListening(true);
    await cache.get(1, load);
    await cache.get(1, load);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it("reads through to the database once watching stops", async () => {
    const cache = userCache();
    const stop = await watchRowChanges(
      {
        async listen(_channel, l) {
          l.onListening(true);
          return async () => undefined;
        },
      },
      [cache],
    );
    const load = vi.fn(async (id: number) => ({ id, firstName: "Ada" }));
    await cache.get(1, load);
    await cache.get(1, load);
    expect(load).toHaveBeenCalledTimes(1);
    await stop();
    await cache.get(1, load);
    await cache.get(1, load);
    expect(load).toHaveBeenCalledTimes(3);
  });
});

describe("watchRowChanges on the database", () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db?.close();
  });

  const createUser = (email: string) =>
    db.prisma.user.create({ data: { email, password: "x", firstName: "Ada", isEmailVerified: true } });

  it("forgets a user row once an update or delete of it is committed, and keeps the others", async () => {
    const cache = userCache();
    const stop = await watchRowChanges(db, [cache]);
    try {
      const a = await createUser("a@example.com");
      const b = await createUser("b@example.com");
      const load = (id: number) => db.prisma.user.findUnique({ where: { id }, select: { id: true, firstName: true } });
      await cache.get(a.id, load);
      await cache.get(b.id, load);
      expect(cache.size).toBe(2);
      await db.prisma.user.update({ where: { id: a.id }, data: { firstName: "Grace" } });
      await vi.waitFor(() => expect(cache.size).toBe(1));
      expect((await cache.get(a.id, load))?.firstName).toBe("Grace");
      await db.prisma.user.delete({ where: { id: b.id } });
      await vi.waitFor(async () => expect(await cache.get(b.id, load)).toBeNull());
    } finally {
      await stop();
    }
  });

  // Only PostgreSQL listens on a connection of its own, which can be lost; PGlite is one connection in this process.
  if (testDatabaseServer())
    it("bypasses the cache while the listening connection is down, then listens again", async () => {
      const cache = userCache();
      const states: boolean[] = [];
      const stop = await watchRowChanges(
        {
          listen: (channel, listener) =>
            db.listen(channel, {
              onMessage: listener.onMessage,
              onListening(listening) {
                states.push(listening);
                listener.onListening(listening);
              },
            }),
        },
        [cache],
      );
      try {
        const user = await createUser("c@example.com");
        const load = (id: number) =>
          db.prisma.user.findUnique({ where: { id }, select: { id: true, firstName: true } });
        await cache.get(user.id, load);
        expect(cache.size).toBe(1);
        const admin = new pg.Client({ connectionString: db.url });
        await admin.connect();
        await admin.query(
          "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query ILIKE 'LISTEN%'",
        );
        await vi.waitFor(() => expect(states).toContain(false));
        expect(cache.size).toBe(0);
        await admin.end();
        await vi.waitFor(() => expect(states.at(-1)).toBe(true), { timeout: 5000 });
        await db.prisma.user.update({ where: { id: user.id }, data: { firstName: "Back" } });
        await cache.get(user.id, load);
        await db.prisma.user.update({ where: { id: user.id }, data: { firstName: "Again" } });
        await vi.waitFor(async () => expect((await cache.get(user.id, load))?.firstName).toBe("Again"));
      } finally {
        await stop();
      }
    });
});
