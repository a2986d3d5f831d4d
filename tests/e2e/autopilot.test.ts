// The autopilot in a real browser: a Starter member builds a content plan for their WordPress site, adds a title,
// an autopilot round (as every instance runs one) prepares its draft, the member finds it on the plan's calendar, and
// approves it in the review list, which schedules the post in its slot. The browser is in Kolkata (UTC+5:30, east of
// UTC and not a whole hour from it): the owner's account is still on UTC, so a new plan's times are read in this
// device's zone, and every slot is shown at the Kolkata wall time it was planned for.
import { describe, expect, it } from "vitest";
import { createWriter } from "@postwright/core/ai";
import { createAutopilot } from "@postwright/core/autopilot";
import { useE2E } from "./support/e2e.ts";
import { gone, shows, signUpThroughApi, toast } from "./support/ui.ts";

const zone = "Asia/Kolkata";
const e2e = useE2E({ timezoneId: zone });

describe("autopilot", () => {
  it("builds a plan, prepares its first draft and schedules it once approved", async () => {
    const { page, site } = e2e;
    const { prisma } = site.server.db;
    const person = await signUpThroughApi(page, site.url);
    const user = await prisma.user.update({
      where: { email: person.email },
      data: { subscriptionPlan: "starter", subscriptionStatus: "active" },
    });
    await prisma.wordpressConnection.create({
      data: {
        userId: user.id,
        siteName: "Garden Journal",
        siteUrl: "https://garden.example",
        username: "ada",
        applicationPassword: "v1:unused",
      },
    });

    await page.goto(`${site.url}/autopilot`);
    await page.getByRole("button", { name: "Create a plan" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Create a plan" });
    await dialog.getByLabel("Plan name").fill("Garden tips");
    // The plan's times are this device's: 09:45 in Kolkata (04:15 UTC). Chromium names the zone by its older
    // IANA name, Asia/Calcutta, as many browsers do.
    const deviceZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(deviceZone).toMatch(/^Asia\/(Kolkata|Calcutta)$/);
    expect(await dialog.getByLabel("Time zone").inputValue()).toBe(deviceZone);
    await dialog.getByLabel("Time", { exact: true }).fill("09:45");
    await dialog.getByLabel("WordPress: Garden Journal").check({ force: true });
    // Every day of the week, so the first slot is within a day and is prepared now.
    for (const day of ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]) {
      // Toggled from the keyboard, as the day buttons are styled labels over visually hidden checkboxes.
      const box = dialog.getByRole("checkbox", { name: day });
      if (!(await box.isChecked())) await box.press("Space");
      expect(await box.isChecked()).toBe(true);
    }
    await dialog.getByRole("button", { name: "Create plan" }).click();
    await shows(page.getByRole("heading", { level: 1, name: "Garden tips" }));

    const form = page.getByRole("form", { name: "Add a title" });
    await form.getByLabel("Title").fill("Planting bulbs in autumn");
    await form.getByLabel("Keywords").fill("autumn bulbs, planting");
    await form.getByRole("button", { name: "Add title" }).click();
    const upcoming = page.getByRole("region", { name: /^Upcoming/ });
    await shows(upcoming.getByText("Planting bulbs in autumn"));

    // Ideas for the niche: one chosen and added as a second title (its slot is a day later, so it waits).
    const ideas = page.getByRole("form", { name: "Ask for ideas" });
    await ideas.getByLabel("Your niche").fill("bulb gardening");
    await ideas.getByRole("button", { name: "Suggest ideas" }).click();
    const suggested = page.getByRole("heading", { name: "Suggested titles" });
    await shows(suggested);
    const idea = page
      .getByRole("listitem")
      .filter({ hasText: /bulb gardening/i })
      .first();
    const ideaTitle = (await idea.locator("label").first().innerText()).trim();
    expect(ideaTitle).toMatch(/bulb gardening/i);
    await idea.getByRole("checkbox").press("Space");
    await page.getByRole("button", { name: "Add 1 selected" }).click();
    await shows(toast(page, "Title added"));
    await shows(upcoming.getByRole("listitem").filter({ hasText: ideaTitle }));

    const round = await createAutopilot({
      db: site.server.db,
      writer: createWriter({ openai: { apiKey: undefined, baseUrl: undefined, model: "gpt-4o-mini" } }),
      instanceId: "e2e",
    }).runOnce();
    // The site's own autopilot may have prepared it first; either way it is prepared once.
    expect(round.outcomes.filter((outcome) => outcome !== "prepared")).toEqual([]);

    await page.reload();
    const review = page.getByRole("region", { name: /^To review/ });
    const draft = review.getByRole("listitem");
    await shows(draft);
    await shows(draft.getByText(/SEO score/));

    // The calendar shows the draft on its slot's day in the plan's time zone, with its time and status, and opens it.
    const prepared = await prisma.contentPlanItem.findFirstOrThrow({
      where: { plan: { userId: user.id }, status: "to_review" },
      include: { plan: true },
    });
    // Planned at 09:45 Kolkata time, which is 04:15 UTC, and listed at 09:45.
    expect(prepared.plan).toMatchObject({ timeZone: deviceZone, publishTime: "09:45" });
    expect(prepared.slotAt!.toISOString()).toMatch(/T04:15:00\.000Z$/);
    await shows(draft.getByText(/, 09:45$/));
    const inPlanZone = (options: Intl.DateTimeFormatOptions, date = prepared.slotAt!) =>
      new Intl.DateTimeFormat("en-GB", { timeZone: prepared.plan.timeZone, ...options }).format(date);
    const slotDay = inPlanZone({ weekday: "long", day: "numeric", month: "long", year: "numeric" }).replace(",", "");
    const slotMonth = inPlanZone({ month: "long", year: "numeric" });
    const now = new Date();
    const thisMonth = inPlanZone({ month: "long", year: "numeric" }, now);
    const [year, monthNumber] = [inPlanZone({ year: "numeric" }, now), inPlanZone({ month: "numeric" }, now)];
    // The 15th of the month after this one (months counted from 0 by Date.UTC).
    const nextMonth = inPlanZone({ month: "long", year: "numeric" }, new Date(Date.UTC(+year, +monthNumber, 15)));

    await page.getByRole("tab", { name: "Calendar" }).click();
    await page.waitForURL(/\?view=calendar$/);
    const month = page.getByRole("heading", { level: 2, name: thisMonth });
    await shows(month);
    await page.getByRole("button", { name: "Next month" }).click();
    await shows(page.getByRole("heading", { level: 2, name: nextMonth }));
    await page.getByRole("button", { name: "Today" }).click();
    await shows(month);
    // The slot is within a day: next month's when today is the month's last day.
    if (slotMonth !== thisMonth) await page.getByRole("button", { name: "Next month" }).click();
    await shows(page.getByRole("heading", { level: 2, name: slotMonth }));
    // The chosen view and month survive a reload.
    await page.reload();
    await shows(page.getByRole("heading", { level: 2, name: slotMonth }));
    const slotCell = page.getByRole("cell").filter({ hasText: slotDay });
    const entry = slotCell.getByRole("button").filter({ hasText: "To review" });
    await shows(entry);
    expect(inPlanZone({ hour: "2-digit", minute: "2-digit", hourCycle: "h23" })).toBe("09:45");
    expect(await entry.innerText()).toContain("09:45");
    await entry.click();
    const draftDialog = page.getByRole("dialog");
    await shows(draftDialog.getByText(/^Draft for .*Approve it to publish it then, or skip it\.$/));
    await shows(draftDialog.getByRole("button", { name: "Approve" }));
    await page.keyboard.press("Escape");
    await gone(draftDialog);
    await page.getByRole("tab", { name: "List" }).click();
    await shows(draft);

    await draft.getByRole("button", { name: /^Approve/ }).click();
    await shows(toast(page, "Draft approved"));
    await shows(upcoming.getByRole("listitem").filter({ hasText: "Approved" }));

    const item = await prisma.contentPlanItem.findFirstOrThrow({
      where: { plan: { userId: user.id }, title: "Planting bulbs in autumn" },
    });
    expect(item.status).toBe("approved");
    expect(await prisma.contentPlanItem.count({ where: { plan: { userId: user.id }, status: "planned" } })).toBe(1);
    const publication = await prisma.postPublication.findFirstOrThrow({ where: { postId: item.postId! } });
    expect(publication).toMatchObject({ platform: "wordpress", status: "pending" });
    expect(publication.dueAt?.getTime()).toBe(item.slotAt?.getTime());
    expect(await prisma.blogPost.count({ where: { userId: user.id } })).toBe(1);
  });
});
