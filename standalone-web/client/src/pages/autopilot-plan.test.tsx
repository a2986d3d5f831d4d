import "../test/setup";
import type { ContentPlanDetailView, ContentPlanItemView, PlanIdeasResponse } from "@postwright/core/contracts";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { PREPARING_POLL_MS } from "../features/autopilot/autopilot-queries";
import { countsOf, sampleItem, samplePlan, shopifyConnection } from "../features/autopilot/autopilot-test-data";
import { findToast, samplePost } from "../features/dashboard/dashboard-test-data";
import { fakeApi, renderPage, type FakeRequest } from "../test/render";
import { AutopilotPlanPage } from "./autopilot-plan";

const connections = {
  "GET /api/shopify/connection": { body: shopifyConnection },
  "GET /api/wordpress/connection": { status: 404 },
};

// Europe/Paris is on summer time from 29 March 2026: 07:00 UTC on Monday 30 March is 09:00 there.
const draft = sampleItem({
  id: 201,
  title: "Trail shoes for wet rocks",
  status: "to_review",
  slotAt: "2026-03-30T07:00:00.000Z",
  post: { id: 77, title: "Trail Shoes That Grip Wet Rocks", seoScore: 86, status: "draft" },
});
const planned = sampleItem({ id: 202, title: "Caring for your trail shoes", slotAt: "2026-04-01T07:00:00.000Z" });

function openPlan(routes: Parameters<typeof fakeApi>[0], planId = 12) {
  const requests = fakeApi({ ...connections, ...routes });
  const view = renderPage(<AutopilotPlanPage />, { path: "/autopilot/:id", at: `/autopilot/${planId}` });
  return { requests, ...view };
}

/** A fake plan whose titles change as the fake server acts on them. */
function planServer(start: ContentPlanDetailView) {
  let plan = start;
  const set = (next: Partial<ContentPlanDetailView>) => {
    plan = { ...plan, ...next };
    plan = { ...plan, counts: countsOf(plan.items) };
    return plan;
  };
  const setItem = (id: number, next: Partial<ContentPlanItemView>) => {
    const items = plan.items.map((i) => (i.id === id ? { ...i, ...next } : i));
    set({ items });
    return items.find((i) => i.id === id);
  };
  return { get: () => plan, set, setItem };
}

const requestsTo = (requests: FakeRequest[], method: string, path: string) =>
  requests.filter((r) => r.method === method && r.path === path);

const section = (name: string) => screen.getByRole("region", { name: new RegExp(`^${name}`) });

const ideas: PlanIdeasResponse = {
  ideas: [
    {
      title: "Composting Basics for Raised Beds",
      keywords: ["composting", "raised beds"],
      overlap: { title: "Raised Bed Soil Mixes", percent: 33 },
    },
    { title: "Choosing Organic Seed Starting Mix", keywords: ["seed starting mix", "organic seeds"], overlap: null },
    { title: "Natural Pest Control for Tomatoes", keywords: ["natural pest control"], overlap: null },
  ],
  excluded: 2,
};

async function askForIdeas(niche: string) {
  const user = userEvent.setup({ delay: null });
  const form = await screen.findByRole("form", { name: "Ask for ideas" });
  await user.type(within(form).getByLabelText("Your niche"), niche);
  await user.click(within(form).getByRole("button", { name: "Suggest ideas" }));
  return { user, form };
}

describe("Autopilot plan page", () => {
  it("shows a draft to review with its SEO score and slot, and approving it schedules it", async () => {
    const server = planServer(samplePlan({}, [draft, planned]));
    const { requests } = openPlan({
      "GET /api/content-plans/12": () => ({ body: server.get() }),
      "POST /api/content-plans/12/items/201/approve": () => ({ body: server.setItem(201, { status: "approved" }) }),
    });

    expect(await screen.findByRole("heading", { level: 1, name: "Spring trail guides" })).toBeInTheDocument();
    const review = section("To review");
    const row = within(review).getByRole("listitem");
    expect(within(row).getByRole("heading", { name: "Trail Shoes That Grip Wet Rocks" })).toBeInTheDocument();
    expect(row).toHaveTextContent("SEO score86");
    expect(row).toHaveTextContent("Publishes Mon 30 Mar 2026, 09:00");
    expect(within(section("Upcoming")).getByRole("listitem")).toHaveTextContent("Caring for your trail shoes");

    await userEvent.click(within(row).getByRole("button", { name: /^Approve/ }));
    await waitFor(() =>
      expect(requestsTo(requests, "POST", "/api/content-plans/12/items/201/approve")).toHaveLength(1),
    );
    expect(await findToast("Draft approved")).toHaveTextContent(
      '"Trail Shoes That Grip Wet Rocks" will be published on Mon 30 Mar 2026, 09:00.',
    );
    // It leaves the review list for the upcoming ones, marked approved, before the planned title of 1 April.
    expect(within(section("To review")).getByText(/Nothing to review right now/)).toBeInTheDocument();
    const upcoming = within(section("Upcoming")).getAllByRole("listitem");
    expect(upcoming).toHaveLength(2);
    expect(upcoming[0]).toHaveTextContent("Approved");
    expect(upcoming[0]).toHaveTextContent("Trail Shoes That Grip Wet Rocks");
    expect(upcoming[0]).toHaveTextContent("Publishes Mon 30 Mar 2026, 09:00");
  });

  it("shows a long plan 50 titles at a time, with the whole plan's counts, and pages with Next and Previous", async () => {
    const titles = Array.from({ length: 120 }, (_, i) =>
      sampleItem({ id: 1000 + i, title: `Trail guide number ${i + 1}`, position: i + 1 }),
    );
    const counts = countsOf(titles);
    const pageOf = (search: string) => {
      const params = new URLSearchParams(search);
      const page = Number(params.get("page") ?? 1);
      const pageSize = Number(params.get("pageSize") ?? 50);
      const items = titles.slice((page - 1) * pageSize, page * pageSize);
      return samplePlan({ counts, itemsPage: { page, pageSize, total: titles.length } }, items);
    };
    const { requests } = openPlan({ "GET /api/content-plans/12": (request) => ({ body: pageOf(request.search) }) });

    // Fifty titles with their buttons make a large page: the rows are found by their text (role queries over the
    // whole page take seconds in the test's DOM), then each row's buttons by role.
    const pages = await screen.findByRole("navigation", { name: "Pages of titles" });
    expect(pages).toHaveTextContent("Showing 1–50 of 120 titles");
    const rows = () => [...document.querySelectorAll('section[aria-labelledby="plan-upcoming"] > ul > li')];
    const row = (title: string) => screen.getByText(title, { selector: "h3" }).closest("li")!;
    expect(rows()).toHaveLength(50);
    // The section counts the plan's 120 waiting titles, not the page's 50.
    expect(document.getElementById("plan-upcoming")).toHaveTextContent("Upcoming120");
    expect(requestsTo(requests, "GET", "/api/content-plans/12").map((r) => r.search)).toEqual(["?page=1&pageSize=50"]);
    // The first title of the plan cannot move earlier; the last of this page can move later, onto the next page.
    expect(within(row("Trail guide number 1")).getByRole("button", { name: /^Earlier/ })).toBeDisabled();
    expect(within(row("Trail guide number 50")).getByRole("button", { name: /^Later/ })).toBeEnabled();
    expect(within(pages).getByRole("button", { name: "Previous" })).toBeDisabled();

    // The keyboard reaches Next and presses it.
    const user = userEvent.setup({ delay: null });
    within(pages).getByRole("button", { name: "Next" }).focus();
    await user.keyboard("{Enter}");
    expect(await within(pages).findByText("Showing 51–100 of 120 titles")).toBeInTheDocument();
    expect(rows()[0]).toHaveTextContent("Trail guide number 51");
    expect(screen.getByTestId("location")).toHaveTextContent("/autopilot/12?page=2");

    await user.click(within(pages).getByRole("button", { name: "Next" }));
    expect(await within(pages).findByText("Showing 101–120 of 120 titles")).toBeInTheDocument();
    expect(rows()).toHaveLength(20);
    expect(within(pages).getByRole("button", { name: "Next" })).toBeDisabled();
    expect(within(row("Trail guide number 120")).getByRole("button", { name: /^Later/ })).toBeDisabled();

    await user.click(within(pages).getByRole("button", { name: "Previous" }));
    expect(await within(pages).findByText("Showing 51–100 of 120 titles")).toBeInTheDocument();
    expect(requestsTo(requests, "GET", "/api/content-plans/12").map((r) => r.search)).toEqual([
      "?page=1&pageSize=50",
      "?page=2&pageSize=50",
      "?page=3&pageSize=50",
    ]);
  }, 15_000);

  it("shows no pages for a plan whose titles fit on one", async () => {
    openPlan({ "GET /api/content-plans/12": { body: samplePlan({}, [draft, planned]) } });
    expect(await screen.findByRole("heading", { level: 1, name: "Spring trail guides" })).toBeInTheDocument();
    expect(screen.queryByRole("navigation", { name: "Pages of titles" })).not.toBeInTheDocument();
  });

  it("skips a draft, which then shows under skipped with the reason", async () => {
    const server = planServer(samplePlan({}, [draft]));
    const { requests } = openPlan({
      "GET /api/content-plans/12": () => ({ body: server.get() }),
      "POST /api/content-plans/12/items/201/skip": () => ({
        body: server.setItem(201, { status: "skipped", lastError: "Skipped by you." }),
      }),
    });
    await userEvent.click(await screen.findByRole("button", { name: /^Skip/ }));
    expect(await findToast("Draft skipped")).toBeInTheDocument();
    expect(requestsTo(requests, "POST", "/api/content-plans/12/items/201/skip")).toHaveLength(1);
    const skipped = within(section("Skipped and failed")).getByRole("listitem");
    expect(skipped).toHaveTextContent("Trail Shoes That Grip Wet Rocks");
    expect(skipped).toHaveTextContent("Skipped by you.");
  });

  it("opens a draft in the dashboard's post view, where it can be approved", async () => {
    const server = planServer(samplePlan({}, [draft]));
    const post = samplePost({ id: 77, title: "Trail Shoes That Grip Wet Rocks", seoScore: 86 });
    const { requests } = openPlan({
      "GET /api/content-plans/12": () => ({ body: server.get() }),
      "GET /api/blog-posts": { body: [post] },
      "POST /api/content-plans/12/items/201/approve": () => ({ body: server.setItem(201, { status: "approved" }) }),
    });
    await userEvent.click(await screen.findByRole("button", { name: /^Open draft/ }));
    const dialog = await screen.findByRole("dialog", { name: "Trail Shoes That Grip Wet Rocks" });
    expect(dialog).toHaveTextContent("Draft for Mon 30 Mar 2026, 09:00.");
    expect(await within(dialog).findByText("A good fit keeps your feet safe on rough ground.")).toBeInTheDocument();
    expect(within(dialog).getAllByText(post.metaDescription!).length).toBeGreaterThan(0);

    await userEvent.click(within(dialog).getByRole("button", { name: "Approve" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(requestsTo(requests, "POST", "/api/content-plans/12/items/201/approve")).toHaveLength(1);
    expect(await findToast("Draft approved")).toBeInTheDocument();
  });

  it("lists every problem of a refused CSV file with its line", async () => {
    const csv = "title,keywords,date\nTrail shoes,trail shoes,2026-04-02\n,running\nGaiters 101,,someday\n";
    const { requests } = openPlan({
      "GET /api/content-plans/12": { body: samplePlan({}, [planned]) },
      "POST /api/content-plans/12/import": {
        status: 422,
        body: {
          message: "Nothing was imported: 2 rows need fixing (first, line 3: the title is empty)",
          problems: [
            { line: 4, reason: 'give at least one keyword; the date "someday" is not a date like 2026-03-30' },
            { line: 3, reason: "the title is empty" },
          ],
        },
      },
    });
    const user = userEvent.setup({ delay: null });
    const input = await screen.findByLabelText("CSV file");
    await user.upload(input, new File([csv], "titles.csv", { type: "text/csv" }));
    await user.click(screen.getByRole("button", { name: "Import file" }));

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Nothing was imported: 2 rows need fixing (first, line 3: the title is empty)");
    const problems = within(alert).getAllByRole("listitem");
    expect(problems.map((li) => li.textContent)).toEqual([
      "Line 3: the title is empty",
      'Line 4: give at least one keyword; the date "someday" is not a date like 2026-03-30',
    ]);
    expect(requestsTo(requests, "POST", "/api/content-plans/12/import")[0]?.body).toEqual({ csv });
  });

  it("imports a good CSV file and shows its titles", async () => {
    const server = planServer(samplePlan({}, []));
    openPlan({
      "GET /api/content-plans/12": () => ({ body: server.get() }),
      "POST /api/content-plans/12/import": () => {
        server.set({ items: [sampleItem({ id: 300, title: "Trail shoes", slotAt: "2026-04-01T07:00:00.000Z" })] });
        return { body: { added: 1 } };
      },
    });
    const user = userEvent.setup({ delay: null });
    await user.upload(
      await screen.findByLabelText("CSV file"),
      new File(["title,keywords\nTrail shoes,trail\n"], "a.csv"),
    );
    await user.click(screen.getByRole("button", { name: "Import file" }));
    expect(await findToast("File imported")).toHaveTextContent("1 title added.");
    expect(await within(section("Upcoming")).findByText("Trail shoes")).toBeInTheDocument();
  });

  it("adds a title with its keywords as a list and empty notes as null", async () => {
    const server = planServer(samplePlan({}, []));
    const { requests } = openPlan({
      "GET /api/content-plans/12": () => ({ body: server.get() }),
      "POST /api/content-plans/12/items": () => {
        server.set({ items: [sampleItem({ id: 301, title: "Layering for spring runs", keywords: ["layering"] })] });
        return { status: 201, body: { added: 1 } };
      },
    });
    const user = userEvent.setup({ delay: null });
    const form = await screen.findByRole("form", { name: "Add a title" });
    await user.click(within(form).getByRole("button", { name: "Add title" }));
    expect(await within(form).findByText("Give the title.")).toBeInTheDocument();

    await user.type(within(form).getByLabelText("Title"), "  Layering for spring runs ");
    await user.type(within(form).getByLabelText("Keywords"), "layering, , spring running ,");
    await user.click(within(form).getByRole("button", { name: "Add title" }));
    expect(await findToast("Title added")).toBeInTheDocument();
    expect(requestsTo(requests, "POST", "/api/content-plans/12/items")[0]?.body).toEqual({
      items: [{ title: "Layering for spring runs", keywords: ["layering", "spring running"], notes: null }],
    });
    expect(within(form).getByLabelText("Title")).toHaveValue("");
    expect(await within(section("Upcoming")).findByText("Layering for spring runs")).toBeInTheDocument();
    expect(section("Upcoming")).toHaveTextContent("Waiting for a slot");
  });

  it("moves a waiting title earlier, taking its neighbour's slot; the first cannot move earlier", async () => {
    const later = sampleItem({ id: 203, title: "Trail running in the rain", slotAt: "2026-04-03T07:00:00.000Z" });
    const server = planServer(samplePlan({}, [planned, later]));
    const { requests } = openPlan({
      "GET /api/content-plans/12": () => ({ body: server.get() }),
      "POST /api/content-plans/12/items/203/move": () => ({
        body: server.set({
          items: [
            { ...later, slotAt: planned.slotAt },
            { ...planned, slotAt: later.slotAt },
          ],
        }),
      }),
    });
    const user = userEvent.setup({ delay: null });
    const upcoming = await screen.findByRole("region", { name: /^Upcoming/ });
    expect(within(upcoming).getByRole("button", { name: /^Earlier\W*Caring for your trail shoes/ })).toBeDisabled();
    expect(within(upcoming).getByRole("button", { name: /^Later\W*Trail running in the rain/ })).toBeDisabled();
    await user.click(within(upcoming).getByRole("button", { name: /^Earlier\W*Trail running in the rain/ }));
    await waitFor(() =>
      expect(requestsTo(requests, "POST", "/api/content-plans/12/items/203/move")[0]?.body).toEqual({
        direction: "earlier",
      }),
    );
    await waitFor(() =>
      expect(within(section("Upcoming")).getAllByRole("listitem")[0]).toHaveTextContent("Trail running in the rain"),
    );
  });

  it("asks for ideas for a niche and shows their keywords, the close topics and how many were left out", async () => {
    const { requests } = openPlan({
      "GET /api/content-plans/12": { body: samplePlan({}, [planned]) },
      "POST /api/content-plans/12/ideas": { body: ideas },
    });
    await askForIdeas("  organic gardening supplies ");

    const list = await screen.findByRole("region", { name: "Suggested titles" });
    expect(requestsTo(requests, "POST", "/api/content-plans/12/ideas")[0]?.body).toEqual({
      niche: "organic gardening supplies",
      count: 10,
    });
    const rows = within(list).getAllByRole("listitem");
    expect(rows).toHaveLength(3);
    const compost = within(list).getByRole("checkbox", { name: "Composting Basics for Raised Beds" });
    expect(compost).not.toBeChecked();
    expect(within(rows[0]!).getByText("composting")).toBeInTheDocument();
    expect(within(rows[0]!).getByText("raised beds")).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('Close to "Raised Bed Soil Mixes" (33% of keywords shared)');
    expect(compost).toHaveAccessibleDescription(/Close to "Raised Bed Soil Mixes"/);
    expect(within(rows[1]!).getByText("seed starting mix")).toBeInTheDocument();
    expect(rows[1]).not.toHaveTextContent("Close to");
    expect(list).toHaveTextContent("2 ideas were left out because your site already covers them.");
    expect(within(list).getByRole("button", { name: "Add 0 selected" })).toBeDisabled();
  });

  it("adds the chosen ideas as titles, which then leave the list", async () => {
    const server = planServer(samplePlan({}, []));
    const { requests } = openPlan({
      "GET /api/content-plans/12": () => ({ body: server.get() }),
      "POST /api/content-plans/12/ideas": { body: ideas },
      "POST /api/content-plans/12/items": ({ body }) => {
        const added = (body as { items: { title: string; keywords: string[] }[] }).items;
        server.set({
          items: added.map((item, index) =>
            sampleItem({ id: 400 + index, title: item.title, keywords: item.keywords }),
          ),
        });
        return { status: 201, body: { added: added.length } };
      },
    });
    const { user } = await askForIdeas("organic gardening supplies");
    const list = await screen.findByRole("region", { name: "Suggested titles" });

    await user.click(within(list).getByRole("checkbox", { name: "Composting Basics for Raised Beds" }));
    // The keyboard ticks one too: Space on the focused checkbox.
    within(list).getByRole("checkbox", { name: "Natural Pest Control for Tomatoes" }).focus();
    await user.keyboard(" ");
    expect(within(list).getByRole("checkbox", { name: "Natural Pest Control for Tomatoes" })).toBeChecked();
    await user.click(within(list).getByRole("button", { name: "Add 2 selected" }));

    expect(await findToast("2 titles added")).toBeInTheDocument();
    expect(requestsTo(requests, "POST", "/api/content-plans/12/items")[0]?.body).toEqual({
      items: [
        { title: "Composting Basics for Raised Beds", keywords: ["composting", "raised beds"], notes: null },
        { title: "Natural Pest Control for Tomatoes", keywords: ["natural pest control"], notes: null },
      ],
    });
    await waitFor(() => expect(within(list).getAllByRole("checkbox")).toHaveLength(1));
    expect(within(list).getByRole("checkbox", { name: "Choosing Organic Seed Starting Mix" })).not.toBeChecked();
    expect(within(list).getByRole("button", { name: "Add 0 selected" })).toBeDisabled();
    const upcoming = within(section("Upcoming")).getAllByRole("listitem");
    expect(upcoming.map((li) => within(li).getByRole("heading").textContent)).toEqual([
      "Composting Basics for Raised Beds",
      "Natural Pest Control for Tomatoes",
    ]);
  });

  it("says so when every idea was already covered", async () => {
    openPlan({
      "GET /api/content-plans/12": { body: samplePlan({}, [planned]) },
      "POST /api/content-plans/12/ideas": { body: { ideas: [], excluded: 1 } },
    });
    await askForIdeas("trail running shoes");
    const list = await screen.findByRole("region", { name: "Suggested titles" });
    expect(list).toHaveTextContent("No new ideas this time. Try describing your niche in other words.");
    expect(list).toHaveTextContent("1 idea was left out because your site already covers it.");
    expect(within(list).queryByRole("checkbox")).not.toBeInTheDocument();
    expect(within(list).queryByRole("button", { name: /^Add/ })).not.toBeInTheDocument();
  });

  it("asks for the niche before sending anything", async () => {
    const { requests } = openPlan({ "GET /api/content-plans/12": { body: samplePlan({}, [planned]) } });
    const user = userEvent.setup({ delay: null });
    const form = await screen.findByRole("form", { name: "Ask for ideas" });
    await user.click(within(form).getByRole("button", { name: "Suggest ideas" }));
    expect(await within(form).findByText("Describe your niche, for example organic gardening supplies.")).toBeVisible();
    expect(requestsTo(requests, "POST", "/api/content-plans/12/ideas")).toHaveLength(0);
  });

  it.each([
    [400, "Describe your niche, for example organic gardening supplies."],
    [429, "You have used this month's 20 title suggestions of the Free plan. They start again on 2026-04-01."],
  ])("shows the server's words when it refuses ideas (%i)", async (status, message) => {
    openPlan({
      "GET /api/content-plans/12": { body: samplePlan({}, [planned]) },
      "POST /api/content-plans/12/ideas": { status, body: { message } },
    });
    const { form } = await askForIdeas("gardening");
    expect(await within(form).findByRole("alert")).toHaveTextContent(message);
    expect(within(form).getByRole("button", { name: "Suggest ideas" })).toBeEnabled();
    expect(screen.queryByRole("region", { name: "Suggested titles" })).not.toBeInTheDocument();
  });

  it("edits and removes a planned title", async () => {
    const server = planServer(samplePlan({}, [planned]));
    const { requests } = openPlan({
      "GET /api/content-plans/12": () => ({ body: server.get() }),
      "PATCH /api/content-plans/12/items/202": ({ body }) => ({
        body: server.setItem(202, body as Partial<ContentPlanItemView>),
      }),
      "DELETE /api/content-plans/12/items/202": () => {
        server.set({ items: [] });
        return { status: 204 };
      },
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole("button", { name: /^Edit/ }));
    const dialog = await screen.findByRole("dialog", { name: "Edit title" });
    expect(within(dialog).getByLabelText("Keywords")).toHaveValue("trail running shoes, shoe fitting");
    await user.clear(within(dialog).getByLabelText("Title"));
    await user.type(within(dialog).getByLabelText("Title"), "Cleaning muddy trail shoes");
    await user.type(within(dialog).getByLabelText(/Notes/), "Mention our shoe brush");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await findToast("Title saved")).toBeInTheDocument();
    expect(requestsTo(requests, "PATCH", "/api/content-plans/12/items/202")[0]?.body).toEqual({
      title: "Cleaning muddy trail shoes",
      keywords: ["trail running shoes", "shoe fitting"],
      notes: "Mention our shoe brush",
    });
    expect(within(section("Upcoming")).getByRole("listitem")).toHaveTextContent("Cleaning muddy trail shoes");

    await user.click(within(section("Upcoming")).getByRole("button", { name: /^Remove/ }));
    const confirm = await screen.findByRole("alertdialog", { name: "Remove this title?" });
    await user.click(within(confirm).getByRole("button", { name: "Remove title" }));
    expect(await findToast("Title removed")).toBeInTheDocument();
    expect(requestsTo(requests, "DELETE", "/api/content-plans/12/items/202")).toHaveLength(1);
    expect(await within(section("Upcoming")).findByText(/No titles waiting/)).toBeInTheDocument();
  });

  it("turns on refreshes of the owner's posts and links each proposed refresh for review", async () => {
    const server = planServer(samplePlan({}, [planned]));
    const { requests } = openPlan({
      "GET /api/content-plans/12": () => ({ body: server.get() }),
      "PATCH /api/content-plans/12": () => ({
        body: server.set({
          queueRefreshes: true,
          refreshes: [
            {
              id: 31,
              title: "Trail Shoes That Grip Wet Rocks",
              url: "https://trailhead.example/blogs/journal/wet-rocks",
              state: "proposed",
              slotAt: "2026-03-30T07:00:00.000Z",
              createdAt: "2026-03-29T07:00:00.000Z",
            },
          ],
        }),
      }),
    });
    const refreshes = await screen.findByRole("region", { name: /^Refreshes/ });
    const checkbox = within(refreshes).getByRole("checkbox", { name: "Also propose refreshes of my existing posts" });
    expect(checkbox).not.toBeChecked();
    expect(
      within(refreshes).getByText(/Nothing changes on your site until you open a refresh and publish it/),
    ).toBeInTheDocument();

    await userEvent.click(checkbox);
    expect(await findToast("Refreshes turned on")).toBeInTheDocument();
    expect(requestsTo(requests, "PATCH", "/api/content-plans/12")[0]?.body).toEqual({ queueRefreshes: true });
    const link = await within(refreshes).findByRole("link", {
      name: 'Review the refresh of "Trail Shoes That Grip Wet Rocks"',
    });
    expect(link).toHaveAttribute("href", "/refreshes/31");
    expect(within(refreshes).getByText("To review")).toBeInTheDocument();
    expect(
      within(refreshes).getByRole("checkbox", { name: "Also propose refreshes of my existing posts" }),
    ).toBeChecked();
  });

  it("shows why a paused plan cannot run, and Resume sends status active", async () => {
    const reason =
      "Autopilot runs on the Starter plan and above, so this plan is paused. Upgrade to let it write and publish.";
    const server = planServer(samplePlan({ status: "paused", pausedReason: reason, needsUpgrade: true }, [planned]));
    const { requests } = openPlan({
      "GET /api/content-plans/12": () => ({ body: server.get() }),
      "PATCH /api/content-plans/12": () => ({
        body: server.set({ status: "active", pausedReason: null, needsUpgrade: false }),
      }),
    });
    const notice = await screen.findByRole("region", { name: "Why this plan is paused" });
    expect(within(notice).getByRole("heading", { name: "This plan is paused" })).toBeInTheDocument();
    expect(notice).toHaveTextContent(reason);
    expect(within(notice).getByRole("link", { name: "See your subscription" })).toHaveAttribute(
      "href",
      "/subscription",
    );
    expect(screen.queryByRole("button", { name: "Pause" })).not.toBeInTheDocument();

    await userEvent.click(within(notice).getByRole("button", { name: /^Resume/ }));
    expect(await findToast("Plan resumed")).toBeInTheDocument();
    expect(requestsTo(requests, "PATCH", "/api/content-plans/12")[0]?.body).toEqual({ status: "active" });
    expect(screen.queryByRole("region", { name: "Why this plan is paused" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Pause" })).toBeInTheDocument();
  });

  it("offers the upgrade instead of Resume while the account's plan cannot run the plan", async () => {
    const reason =
      "Autopilot runs on the Starter plan and above, so this plan is paused. Upgrade to let it write and publish.";
    const { requests } = openPlan({
      "GET /api/content-plans/12": {
        body: samplePlan({ status: "paused", pausedReason: reason, needsUpgrade: true, canResume: false }, [planned]),
      },
    });
    const notice = await screen.findByRole("region", { name: "Why this plan is paused" });
    expect(notice).toHaveTextContent(reason);
    expect(within(notice).getByRole("link", { name: "Upgrade to run this plan" })).toHaveAttribute(
      "href",
      "/subscription",
    );
    expect(within(notice).queryByRole("button", { name: /^Resume/ })).not.toBeInTheDocument();
    expect(requestsTo(requests, "PATCH", "/api/content-plans/12")).toHaveLength(0);
  });

  it("keeps a refused resume's reason on screen and says why in the server's words", async () => {
    const reason = "This month's posts are used up, so this plan is paused. Upgrade for more posts.";
    openPlan({
      "GET /api/content-plans/12": { body: samplePlan({ status: "paused", pausedReason: reason, needsUpgrade: true }) },
      "PATCH /api/content-plans/12": { status: 409, body: { message: "Your posts for this month are used up." } },
    });
    await userEvent.click(await screen.findByRole("button", { name: /^Resume/ }));
    expect(await findToast("Plan not changed")).toHaveTextContent("Your posts for this month are used up.");
    expect(screen.getByRole("region", { name: "Why this plan is paused" })).toHaveTextContent(reason);
  });

  it("tells the owner once, for the whole plan, that titles wait for the writer, and not when nothing waits", async () => {
    const notice =
      "2 titles could not be prepared yet: The AI provider is not answering. The next try is on Mon 2 Mar 2026, 09:42 (Europe/Paris); a title is marked failed after 5 tries. Nothing is counted until a post is written.";
    openPlan({ "GET /api/content-plans/12": { body: samplePlan({ delayNotice: notice }, [planned]) } });
    const region = await screen.findByRole("region", { name: "Why titles are delayed" });
    expect(within(region).getByRole("heading", { name: "Preparation is delayed" })).toBeInTheDocument();
    expect(region).toHaveTextContent(notice);
    expect(screen.getAllByRole("region", { name: "Why titles are delayed" })).toHaveLength(1);
  });

  it("shows no delay notice while the writer answers", async () => {
    openPlan({ "GET /api/content-plans/12": { body: samplePlan({}, [planned]) } });
    await screen.findByRole("heading", { level: 1, name: "Spring trail guides" });
    expect(screen.queryByRole("region", { name: "Why titles are delayed" })).not.toBeInTheDocument();
  });

  it("deletes the plan after confirmation and goes back to the list", async () => {
    const { requests } = openPlan({
      "GET /api/content-plans/12": { body: samplePlan({}, [planned]) },
      "DELETE /api/content-plans/12": { status: 204 },
      "GET /api/content-plans": { body: { plans: [] } },
    });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole("button", { name: "Delete" }));
    const confirm = await screen.findByRole("alertdialog", { name: 'Delete "Spring trail guides"?' });
    await user.click(within(confirm).getByRole("button", { name: "Delete plan" }));
    expect(await findToast("Plan deleted")).toBeInTheDocument();
    expect(requestsTo(requests, "DELETE", "/api/content-plans/12")).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent(/^\/autopilot$/));
  });

  it("checks again every 30 seconds while a post is being written, and stops once it is ready", async () => {
    vi.useFakeTimers({
      toFake: ["setInterval", "clearInterval", "setTimeout", "clearTimeout"],
      shouldAdvanceTime: true,
    });
    const server = planServer(samplePlan({}, [{ ...draft, status: "preparing", post: null }]));
    const { requests } = openPlan({ "GET /api/content-plans/12": () => ({ body: server.get() }) });
    expect(
      await within(await screen.findByRole("region", { name: /^Upcoming/ })).findByText("Being written"),
    ).toBeInTheDocument();
    const loads = () => requestsTo(requests, "GET", "/api/content-plans/12").length;
    expect(loads()).toBe(1);

    server.setItem(201, { status: "to_review", post: draft.post });
    await act(() => vi.advanceTimersByTimeAsync(PREPARING_POLL_MS));
    await waitFor(() => expect(loads()).toBe(2));
    expect(await within(section("To review")).findByText("Trail Shoes That Grip Wet Rocks")).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(PREPARING_POLL_MS * 2));
    expect(loads()).toBe(2);
  });

  it("says when the plan does not exist", async () => {
    openPlan({ "GET /api/content-plans/99": { status: 404, body: { message: "This plan was not found." } } }, 99);
    expect(await screen.findByRole("heading", { name: "Plan not found" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "All plans" })).toHaveAttribute("href", "/autopilot");
  });
});
