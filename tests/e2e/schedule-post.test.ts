// Scheduling a post on the site with the browser in Kolkata (UTC+5:30: east of UTC, and not a whole hour from it),
// the owner's account set to this device's zone on the Account page: the date and time are picked as Kolkata wall
// times, stored as the instant they stand for, and shown again as the same wall time on the post, in the scheduled
// posts and when the dialog is opened again.
import { describe, expect, it } from "vitest";
import { useE2E } from "./support/e2e.ts";
import { shows, signUpThroughApi, toast } from "./support/ui.ts";

const zone = "Asia/Kolkata";
const e2e = useE2E({ timezoneId: zone });

/** "YYYY-MM-DD" of the day after today in Kolkata. */
function tomorrowInKolkata(now = new Date()): string {
  const today = new Date(now.getTime() + 330 * 60_000).toISOString().slice(0, 10);
  return new Date(Date.parse(`${today}T00:00:00Z`) + 24 * 3600_000).toISOString().slice(0, 10);
}

describe("scheduling a post in the owner's time zone", () => {
  it("takes and shows Kolkata wall times, stored as the instants they stand for", async () => {
    const { page, site } = e2e;
    const { prisma } = site.server.db;
    // Signed up and signed in (the page's own cookies).
    const person = await signUpThroughApi(page, site.url);
    // Scheduling is a paid plan's feature, and needs a site to publish to.
    const user = await prisma.user.update({
      where: { email: person.email },
      data: { subscriptionPlan: "starter", subscriptionStatus: "active" },
    });
    expect(user.timeZone).toBe("UTC");
    await prisma.wordpressConnection.create({
      data: {
        userId: user.id,
        siteName: "Spice Notes",
        siteUrl: "https://spice.example",
        username: "ada",
        applicationPassword: "v1:unused",
      },
    });

    // The account still on UTC: the Account page offers this device's zone (Chromium names it by its older IANA
    // name, Asia/Calcutta, as many browsers do).
    await page.goto(`${site.url}/account`);
    const deviceZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(deviceZone).toMatch(/^Asia\/(Kolkata|Calcutta)$/);
    const zoneForm = page.getByRole("form", { name: "Time zone" });
    await zoneForm.getByRole("button", { name: `Use this device's (${deviceZone})` }).click();
    expect(await zoneForm.getByLabel("Time zone").inputValue()).toBe(deviceZone);
    await zoneForm.getByRole("button", { name: "Save time zone" }).click();
    await shows(toast(page, "Time zone saved"));
    expect((await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).timeZone).toBe(deviceZone);

    const title = "Toasting Whole Spices";
    const generated = await page.request.post(`${site.url}/api/blog-posts/generate`, {
      data: { title, keywords: ["toasting spices", "whole spices"] },
    });
    expect(generated.status(), await generated.text()).toBe(200);
    const post = await prisma.blogPost.findFirstOrThrow({ where: { userId: user.id } });
    await page.goto(`${site.url}/posts/${post.id}`);
    const preview = page.getByRole("region", { name: "Blog Preview" });
    await preview.getByRole("button", { name: "Schedule", exact: true }).click();

    const dialog = page.getByRole("dialog", { name: "Schedule Blog Post" });
    await shows(
      dialog.getByText(new RegExp(`^Times are in your account.s time zone, ${deviceZone} \\(UTC\\+5:30\\)\\.`)),
    );
    // It starts at tomorrow 09:00, Kolkata's tomorrow.
    const day = tomorrowInKolkata();
    expect(await dialog.getByLabel("Date", { exact: true }).inputValue()).toBe(day);
    expect(await dialog.getByLabel("Time", { exact: true }).inputValue()).toBe("09:00");
    await dialog.getByLabel("Time", { exact: true }).fill("09:45");
    const wordpress = dialog.getByRole("checkbox", { name: "WordPress", exact: true });
    if (!(await wordpress.isChecked())) await wordpress.click();
    expect(await wordpress.isChecked()).toBe(true);
    await dialog.getByRole("button", { name: "Schedule", exact: true }).click();
    await shows(toast(page, "Post scheduled"));

    // 09:45 in Kolkata is 04:15 UTC the same day.
    const stored = await prisma.blogPost.findUniqueOrThrow({ where: { id: post.id } });
    expect(stored.scheduledPublishDate?.toISOString()).toBe(`${day}T04:15:00.000Z`);
    const [year, month, date] = day.split("-").map(Number) as [number, number, number];
    const shown = new RegExp(
      `^${new Date(Date.UTC(year, month - 1, date)).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" })}, 9:45\\sAM$`,
    );
    await shows(preview.getByText(/^Scheduled for .* on WordPress$/));
    await shows(preview.getByText(shown));

    // Opened again, the dialog holds the same wall time.
    await preview.getByRole("button", { name: "Reschedule", exact: true }).click();
    const again = page.getByRole("dialog", { name: "Reschedule Blog Post" });
    expect(await again.getByLabel("Date", { exact: true }).inputValue()).toBe(day);
    expect(await again.getByLabel("Time", { exact: true }).inputValue()).toBe("09:45");
    await again.getByRole("button", { name: "Cancel" }).click();

    // The scheduled posts show it at that time too.
    await page.getByRole("link", { name: "Back to dashboard" }).click();
    await page.getByRole("tab", { name: "Scheduled Posts" }).click();
    const listed = page.getByRole("tabpanel").getByRole("button", { name: new RegExp(`^${title}`) });
    await shows(listed.getByText(shown));
  });
});
