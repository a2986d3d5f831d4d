import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../../errors/index.ts";
import { createTestDatabase, type TestDatabase } from "../../testing/index.ts";
import { approveWordpressPluginConnection, CONNECT_CODE_TTL_MS } from "./approve-wordpress-plugin-connection.ts";
import { authenticateSiteCredential } from "./authenticate-site-credential.ts";
import { describePluginSite } from "./describe-plugin-site.ts";
import { exchangeConnectCode } from "./exchange-connect-code.ts";
import { listConnections } from "../list-connections.ts";
import { pruneConnectCodes } from "./prune-connect-codes.ts";
import { revokeSiteCredential } from "./revoke-site-credential.ts";
import { decryptSecret } from "../../security/index.ts";

let db: TestDatabase;
const encryptionKey = randomBytes(32);

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.close();
});

let emailCounter = 0;
async function newUser(plan = "free") {
  emailCounter += 1;
  return db.prisma.user.create({
    data: {
      email: `owner${emailCounter}@example.com`,
      password: "x",
      subscriptionPlan: plan,
      subscriptionStatus: plan === "free" ? "free" : "active",
    },
  });
}

const site = "https://shop.example.com";
const approval = (siteUrl = site) => ({
  siteUrl,
  restUrl: `${siteUrl}/wp-json/`,
  state: "s".repeat(32),
  returnUrl: `${siteUrl}/wp-admin/admin.php?page=postwright`,
});

async function approve(userId: number, options: { siteUrl?: string; now?: Date } = {}) {
  const { redirectUrl } = await approveWordpressPluginConnection(
    { prisma: db.prisma, allowPrivateNetworkTargets: false, now: options.now ? () => options.now! : undefined },
    { userId, approval: approval(options.siteUrl) },
  );
  const url = new URL(redirectUrl);
  return { redirectUrl, code: url.searchParams.get("postwright_code")! };
}

const exchange = (code: string, siteUrl = site, now?: Date, siteName?: string) =>
  exchangeConnectCode(
    { prisma: db.prisma, encryptionKey, now: now ? () => now : undefined },
    { code, siteUrl, siteName },
  );

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("connecting a WordPress site through the plugin", () => {
  it("sends the browser back to the plugin's page with a one-time code and the state", async () => {
    const user = await newUser();
    const { redirectUrl, code } = await approve(user.id);
    expect(redirectUrl).toMatch(
      /^https:\/\/shop\.example\.com\/wp-admin\/admin\.php\?page=postwright&postwright_code=/,
    );
    expect(new URL(redirectUrl).searchParams.get("state")).toBe("s".repeat(32));
    const stored = await db.prisma.wordpressConnectCode.findMany({ where: { userId: user.id } });
    expect(stored).toHaveLength(1);
    expect(stored[0]!.codeHash).not.toContain(code);
    expect(JSON.stringify(stored)).not.toContain(code);
  });

  it("refuses a return address on another site, and plain http without the operator's permission", async () => {
    const user = await newUser();
    const deps = { prisma: db.prisma, allowPrivateNetworkTargets: false };
    const elsewhere = { ...approval(), returnUrl: "https://attacker.example.net/collect" };
    expect(
      (await refusal(approveWordpressPluginConnection(deps, { userId: user.id, approval: elsewhere }))).status,
    ).toBe(400);
    const plain = approval("http://shop.example.com");
    expect(
      (await refusal(approveWordpressPluginConnection(deps, { userId: user.id, approval: plain }))).message,
    ).toMatch(/HTTPS/);
    const allowed = await approveWordpressPluginConnection(
      { prisma: db.prisma, allowPrivateNetworkTargets: true },
      { userId: user.id, approval: plain },
    );
    expect(allowed.redirectUrl).toMatch(/^http:\/\/shop\.example\.com\//);
  });

  it("exchanges the code once for a credential that identifies the site and its account", async () => {
    const user = await newUser();
    const { code } = await approve(user.id);
    const result = await exchange(code);
    expect(result.credential).toMatch(/^pwsite_/);
    expect(result.signingSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(result.account).toEqual({ email: user.email, plan: "free" });

    const identity = await authenticateSiteCredential({ prisma: db.prisma }, { credential: result.credential });
    expect(identity).toMatchObject({
      siteId: result.siteId,
      userId: user.id,
      siteUrl: site,
      restUrl: `${site}/wp-json/`,
    });

    const stored = await db.prisma.wordpressSiteCredential.findUniqueOrThrow({ where: { id: result.siteId } });
    expect(stored.credentialHash).not.toBe(result.credential);
    expect(stored.signingSecret).not.toContain(result.signingSecret);
    expect(decryptSecret(stored.signingSecret, encryptionKey)).toBe(result.signingSecret);

    const { wordpress } = await listConnections({ prisma: db.prisma }, { userId: user.id });
    expect(wordpress).toEqual([
      expect.objectContaining({ siteUrl: site, siteName: "shop.example.com", via: "plugin", isActive: true }),
    ]);
    expect(wordpress[0]!.lastUsedAt).not.toBeNull();

    const again = await refusal(exchange(code));
    expect(again.status).toBe(400);
    expect(again.message).toMatch(/already used, has expired/);
  });

  it("refuses an expired code, an unknown code and a code given for another site", async () => {
    const user = await newUser();
    const issuedAt = new Date(Date.now() - CONNECT_CODE_TTL_MS - 1000);
    const { code: expired } = await approve(user.id, { now: issuedAt });
    expect((await refusal(exchange(expired))).status).toBe(400);
    expect((await refusal(exchange("pwcode_unknown"))).status).toBe(400);

    const { code } = await approve(user.id);
    expect((await refusal(exchange(code, "https://other.example.com"))).status).toBe(400);
    // The code is used up by the mismatch: it cannot be tried again for the right site either.
    expect((await refusal(exchange(code))).status).toBe(400);
    expect(await db.prisma.wordpressConnection.count({ where: { userId: user.id } })).toBe(0);
  });

  it("counts the plugin-connected site in the plan's connection limit", async () => {
    const user = await newUser("professional");
    for (let i = 0; i < 10; i += 1) {
      await db.prisma.wordpressConnection.create({
        data: {
          userId: user.id,
          siteName: `s${i}`,
          siteUrl: `https://s${i}.example.com`,
          username: "u",
          applicationPassword: "p",
        },
      });
    }
    const full = await refusal(approve(user.id));
    expect(full.status).toBe(403);
    expect(full.message).toMatch(/up to 10 WordPress sites/);

    // On a plan with one site, the plugin's site gets its own connection and the saved one is turned off, keeping
    // its row (and so its plans and publications).
    const single = await newUser();
    await db.prisma.wordpressConnection.create({
      data: {
        userId: single.id,
        siteName: "old",
        siteUrl: "https://old.example.com",
        username: "u",
        applicationPassword: "p",
      },
    });
    const { code } = await approve(single.id);
    await exchange(code);
    const rows = await db.prisma.wordpressConnection.findMany({ where: { userId: single.id }, orderBy: { id: "asc" } });
    expect(rows.map((r) => [r.siteUrl, r.via, r.isActive])).toEqual([
      ["https://old.example.com", "application_password", false],
      [site, "plugin", true],
    ]);
  });

  it("keeps at most 5 unused codes per account (429 with a message), and prunes used and expired ones", async () => {
    const user = await newUser();
    const now = new Date();
    for (let i = 0; i < 5; i += 1) await approve(user.id, { now });
    const sixth = await refusal(approve(user.id, { now }));
    expect(sixth.status).toBe(429);
    expect(sixth.message).toBe(
      "5 connections approved in the last 10 minutes are still waiting for their site. Finish one in WordPress, or try again in 10 minutes.",
    );
    expect(await db.prisma.wordpressConnectCode.count({ where: { userId: user.id } })).toBe(5);

    // Once they have expired they are deleted, and a new approval is accepted.
    const later = new Date(now.getTime() + CONNECT_CODE_TTL_MS + 1_000);
    await approve(user.id, { now: later });
    expect(await db.prisma.wordpressConnectCode.count({ where: { userId: user.id } })).toBe(1);

    // The periodic prune removes every account's used and expired codes.
    const { code } = await approve(user.id, { now: later });
    await exchange(code, site, later);
    const other = await newUser();
    await approve(other.id, { now });
    expect(await pruneConnectCodes({ prisma: db.prisma, now: () => later })).toBeGreaterThanOrEqual(2);
    expect(await db.prisma.wordpressConnectCode.count({ where: { userId: { in: [user.id, other.id] } } })).toBe(1);
  });

  it("stops accepting a credential once the site is revoked, and when the site is connected again", async () => {
    const user = await newUser();
    const first = await exchange((await approve(user.id)).code);
    const second = await exchange((await approve(user.id)).code);
    const replaced = await refusal(authenticateSiteCredential({ prisma: db.prisma }, { credential: first.credential }));
    expect(replaced.status).toBe(401);
    expect(replaced.details).toEqual({ code: "site_disconnected" });
    expect(await db.prisma.wordpressConnection.count({ where: { userId: user.id } })).toBe(1);

    const other = await newUser();
    expect(
      (
        await refusal(
          revokeSiteCredential({ prisma: db.prisma, encryptionKey }, { userId: other.id, siteId: second.siteId }),
        )
      ).status,
    ).toBe(404);
    await revokeSiteCredential({ prisma: db.prisma, encryptionKey }, { userId: user.id, siteId: second.siteId });
    const revoked = await refusal(authenticateSiteCredential({ prisma: db.prisma }, { credential: second.credential }));
    expect(revoked.message).toBe("This site is no longer connected to Postwright. Connect it again.");
    expect(await db.prisma.wordpressConnection.count({ where: { userId: user.id } })).toBe(0);
  });

  it("names the site by the title the plugin sends (trimmed, at most 200 characters), else by its host", async () => {
    const user = await newUser();
    const named = await exchange((await approve(user.id)).code, site, undefined, "  Pour-Over & Co <b>  ");
    const shown = async (credential: string) =>
      describePluginSite(
        { prisma: db.prisma, upgradeUrl: "https://postwright.example/plans" },
        await authenticateSiteCredential({ prisma: db.prisma }, { credential }),
      );
    expect((await shown(named.credential)).site.name).toBe("Pour-Over & Co <b>");
    expect((await listConnections({ prisma: db.prisma }, { userId: user.id })).wordpress).toEqual([
      expect.objectContaining({ siteName: "Pour-Over & Co <b>", siteUrl: site }),
    ]);

    const long = await exchange((await approve(user.id)).code, site, undefined, "é".repeat(300));
    expect((await shown(long.credential)).site.name).toBe("é".repeat(200));

    for (const siteName of [undefined, "   "]) {
      const untitled = await exchange((await approve(user.id)).code, site, undefined, siteName);
      expect((await shown(untitled.credential)).site.name).toBe("shop.example.com");
    }
  });
});
