import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createWriter } from "../ai/index.ts";
import type { MailMessage } from "../mail/index.ts";
import { createTestDatabase, type TestDatabase } from "../testing/database.ts";
import { formatSlot } from "./cadence.ts";
import { addPlanItems, createContentPlan } from "./content-plans.ts";
import { approvePlanItem, autopilotMessages } from "./prepare-plan-items.ts";
import { createAutopilot } from "./run-autopilot.ts";
import { sendAutopilotDigests } from "./send-digests.ts";

let db: TestDatabase;
let seq = 0;
// The digest compares what changed (rows stamped by the database's clock) with when the last digest was sent, so the
// test runs on the real clock: a plan publishing every day three hours from now, a "day later" is now + 25 hours.
const later = (hours: number) => new Date(Date.now() + hours * 3600_000);
const inThreeHours = later(3);
const slotTime = inThreeHours.toISOString().slice(11, 16);
const offline = createWriter({ openai: { apiKey: undefined, baseUrl: undefined, model: "gpt-4o-mini" } });

beforeAll(async () => {
  db = await createTestDatabase({ maxConnections: 10 });
});
afterEach(async () => {
  await db.prisma.contentPlan.deleteMany();
});
afterAll(async () => {
  await db?.close();
});

function recordingMailer(fail = false) {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message: MailMessage) {
      if (fail) throw new Error("SMTP server not answering");
      sent.push(message);
    },
  };
}

async function ownerWithPreparedDraft(plan = "starter") {
  seq += 1;
  const user = await db.prisma.user.create({
    data: {
      email: `digest${seq}@example.com`,
      password: "x",
      firstName: "Ada",
      subscriptionPlan: plan,
      subscriptionStatus: plan === "free" ? "free" : "active",
    },
  });
  const connection = await db.prisma.wordpressConnection.create({
    data: {
      userId: user.id,
      siteName: "Blog",
      siteUrl: "https://blog.example",
      username: "ada",
      applicationPassword: "v1:x",
    },
  });
  const created = await createContentPlan({ prisma: db.prisma }, user.id, {
    name: "Garden tips",
    platform: "wordpress",
    connectionId: connection.id,
    cadence: { weekdays: [1, 2, 3, 4, 5, 6, 7], time: slotTime, timeZone: "UTC" },
    postsAhead: 1,
  });
  await addPlanItems({ prisma: db.prisma }, user.id, created.id, [{ title: "Planting bulbs", keywords: ["bulbs"] }]);
  await createAutopilot({ db, writer: offline, instanceId: "test" }).runOnce();
  const item = await db.prisma.contentPlanItem.findFirstOrThrow({ where: { planId: created.id } });
  return { userId: user.id, planId: created.id, email: user.email, item, slot: formatSlot(item.slotAt!, "UTC") };
}

const deps = (mailer: ReturnType<typeof recordingMailer>) => ({
  prisma: db.prisma,
  mailer,
  appUrl: "https://postwright.example",
});

describe("autopilot digest mail", () => {
  it("tells the owner of a draft waiting for review once a day, with a link to the plan, and nothing when nothing is new", async () => {
    const { planId, email, slot } = await ownerWithPreparedDraft();
    const mailer = recordingMailer();
    expect(await sendAutopilotDigests(deps(mailer))).toEqual({ sent: 1 });
    const [mail] = mailer.sent;
    expect(mail).toMatchObject({ to: email, subject: "Your Postwright autopilot: 1 draft to review" });
    expect(mail!.text).toContain("Hi Ada,");
    expect(mail!.text).toContain(
      `- Planting bulbs (Garden tips): ${slot} https://postwright.example/autopilot/${planId}`,
    );
    expect(mail!.html).toContain(`href="https://postwright.example/autopilot/${planId}"`);

    // Not twice in a day, and no mail a day later when nothing happened.
    expect(await sendAutopilotDigests(deps(mailer), later(1))).toEqual({ sent: 0 });
    expect(await sendAutopilotDigests(deps(mailer), later(25))).toEqual({ sent: 0 });
    expect(mailer.sent).toHaveLength(1);
  });

  it("sends one digest when two instances run at the same moment", async () => {
    await ownerWithPreparedDraft();
    const mailer = recordingMailer();
    const at = new Date();
    const results = await Promise.all([sendAutopilotDigests(deps(mailer), at), sendAutopilotDigests(deps(mailer), at)]);
    expect(results.reduce((sum, result) => sum + result.sent, 0)).toBe(1);
    expect(mailer.sent).toHaveLength(1);
  });

  it("sends the digest of an instance that stopped before recording it once its claim lapses, and not before", async () => {
    const { userId } = await ownerWithPreparedDraft();
    const now = new Date();
    // Claimed by an instance that stopped before sending (its lease runs for a few more minutes).
    await db.prisma.autopilotDigestJob.create({
      data: { userId, state: "sending", leaseOwner: "stopped-instance", leaseUntil: later(0.1), nextAttemptAt: null },
    });
    const mailer = recordingMailer();
    expect(await sendAutopilotDigests(deps(mailer), now)).toEqual({ sent: 0 });
    expect(await sendAutopilotDigests(deps(mailer), later(1))).toEqual({ sent: 1 });
    expect(mailer.sent[0]!.subject).toBe("Your Postwright autopilot: 1 draft to review");
    expect(await sendAutopilotDigests(deps(mailer), later(2))).toEqual({ sent: 0 });
  });

  it("tries again at the next run when the mail could not be sent", async () => {
    await ownerWithPreparedDraft();
    expect(await sendAutopilotDigests(deps(recordingMailer(true)))).toEqual({ sent: 0 });
    const mailer = recordingMailer();
    expect(await sendAutopilotDigests(deps(mailer))).toEqual({ sent: 1 });
    expect(mailer.sent[0]!.subject).toBe("Your Postwright autopilot: 1 draft to review");
  });

  it("reports paused plans, then the next day the posts published and the drafts skipped", async () => {
    const published = await ownerWithPreparedDraft();
    await approvePlanItem({ db }, published.userId, published.item.id);
    const skipped = await ownerWithPreparedDraft();
    const paused = await ownerWithPreparedDraft("free");
    const mailer = recordingMailer();
    await sendAutopilotDigests(deps(mailer));
    const mailTo = (email: string) => mailer.sent.find((mail) => mail.to === email);
    expect(mailTo(paused.email)!.subject).toBe("Your Postwright autopilot: 1 plan paused");
    expect(mailTo(paused.email)!.text).toContain(autopilotMessages.planWithoutScheduling);
    expect(mailTo(published.email)).toBeUndefined(); // approved, not published yet: nothing to tell

    // The scheduler publishes the approved post in its slot; the other draft's slot passes unapproved.
    await db.prisma.postPublication.updateMany({
      where: { postId: published.item.postId! },
      data: { status: "published", publishedAt: later(0.001) },
    });
    await createAutopilot({ db, writer: offline, instanceId: "test" }).runOnce(later(4));
    mailer.sent.length = 0;
    await sendAutopilotDigests(deps(mailer), later(25));
    expect(mailTo(published.email)!.subject).toBe("Your Postwright autopilot: 1 published");
    expect(mailTo(published.email)!.text).toContain("- Planting bulbs (Garden tips): ");
    expect(mailTo(skipped.email)!.subject).toBe("Your Postwright autopilot: 1 skipped");
    expect(mailTo(skipped.email)!.text).toContain(autopilotMessages.notApprovedInTime);
    expect(mailTo(paused.email)).toBeUndefined(); // told already
  });
});
