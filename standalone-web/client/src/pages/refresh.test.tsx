import "../test/setup";
import type { RefreshScore, RefreshView } from "@postwright/core/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeApi, renderPage } from "../test/render";
import { RefreshPage } from "./refresh";

const score = (value: number, failed: number): RefreshScore => ({
  score: value,
  words: 200,
  checks: Array.from({ length: failed }, (_, i) => ({
    id: `c${i}`,
    label: `Check ${i}`,
    status: "fail" as const,
    message: "Fix it.",
  })),
});

const refresh = (over: Partial<RefreshView> = {}): RefreshView => ({
  id: 7,
  platform: "wordpress",
  url: "https://roastery.example/best-grinders/",
  title: "The Best Coffee Grinders of 2023",
  keyphrase: "coffee grinders",
  generator: "offline",
  state: "proposed",
  items: [
    {
      id: "title",
      kind: "title",
      label: "Title",
      before: "The Best Coffee Grinders of 2023",
      after: "The Best Coffee Grinders of 2026",
      why: ["Updates the dated year 2023 to 2026."],
    },
    {
      id: "part-0",
      kind: "introduction",
      label: "Introduction",
      before: "<p>We tested a dozen machines.</p>",
      after: "<p>This guide to coffee grinders is up to date for 2026. We tested a dozen machines.</p>",
      why: ['Mentions the keyphrase "coffee grinders" in the introduction.'],
    },
  ],
  scores: { before: score(40, 6), proposed: score(70, 2), chosen: score(70, 2), chosenItemIds: ["title", "part-0"] },
  createdAt: "2026-11-28T01:00:00.000Z",
  publishedAt: null,
  restoredAt: null,
  canRestore: false,
  ...over,
});

const open = () => renderPage(<RefreshPage />, { path: "/refreshes/:id", at: "/refreshes/7" });

describe("Refresh page", () => {
  it("shows each change side by side, before and after, its changes marked in words and not by colour alone", async () => {
    fakeApi({ "GET /api/refreshes/7": { body: refresh() } });
    open();
    const before = await screen.findByRole("region", { name: "Title: before" });
    const after = screen.getByRole("region", { name: "Title: after" });
    expect(within(before).getByText("2023", { selector: "del" })).toHaveTextContent("removed: 2023");
    expect(within(after).getByText("2026", { selector: "ins" })).toHaveTextContent("added: 2026");
    const intro = screen.getByRole("region", { name: "Introduction: after" });
    expect(intro.querySelector("ins")).toHaveTextContent("This guide to coffee grinders is up to date for 2026.");
    expect(screen.getByRole("checkbox", { name: "Title" })).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Introduction" })).toHaveAccessibleDescription(
      'Mentions the keyphrase "coffee grinders" in the introduction.',
    );
    expect(screen.getByText("Score now").parentElement).toHaveTextContent("40");
    expect(screen.getByText("With the ticked changes").parentElement).toHaveTextContent("70");
  });

  it("scores the ticked changes on the server, publishes only those, then restores the previous version", async () => {
    const requests = fakeApi({
      // The account is in Tokyo: 01:05 UTC is 10:05 there.
      "GET /api/auth/user": { body: { id: 1, email: "owner@example.com", timeZone: "Asia/Tokyo" } },
      "GET /api/refreshes/7": { body: refresh() },
      "POST /api/refreshes/7/preview": ({ body }) => ({
        body: {
          before: score(40, 6),
          proposed: score(70, 2),
          chosen: score(55, 4),
          chosenItemIds: (body as { itemIds: string[] }).itemIds,
        },
      }),
      "POST /api/refreshes/7/publish": () => ({
        body: refresh({
          state: "published",
          canRestore: true,
          publishedAt: "2026-11-28T01:05:00.000Z",
          scores: { before: score(40, 6), proposed: score(70, 2), chosen: score(55, 4), chosenItemIds: ["part-0"] },
        }),
      }),
      "POST /api/refreshes/7/restore": () => ({
        body: refresh({
          state: "restored",
          restoredAt: "2026-11-28T01:06:00.000Z",
          scores: { before: score(40, 6), proposed: score(70, 2), chosen: score(55, 4), chosenItemIds: ["part-0"] },
        }),
      }),
    });
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole("checkbox", { name: "Title" }));
    await waitFor(() => expect(screen.getByText("With the ticked changes").parentElement).toHaveTextContent("55"));
    expect(requests.find((r) => r.path === "/api/refreshes/7/preview")?.body).toEqual({ itemIds: ["part-0"] });
    expect(requests.some((r) => r.path === "/api/refreshes/7/publish")).toBe(false);

    await user.click(screen.getByRole("button", { name: "Publish update (1 change)" }));
    await screen.findByRole("button", { name: "Restore previous version" });
    expect(requests.find((r) => r.path === "/api/refreshes/7/publish")?.body).toEqual({ itemIds: ["part-0"] });
    expect(
      screen.getByText(/Published Nov 28, 2026, 10:05\s?AM to the same post, at the same address/),
    ).toBeInTheDocument();
    expect(screen.getByRole("checkbox", { name: "Title" })).toBeDisabled();

    await user.click(screen.getByRole("button", { name: "Restore previous version" }));
    await screen.findByText(/The previous version was restored Nov 28, 2026, 10:06\s?AM\./);
    expect(screen.queryByRole("button", { name: "Restore previous version" })).not.toBeInTheDocument();
  });

  it("says why publishing was refused when the post changed on the site", async () => {
    fakeApi({
      "GET /api/refreshes/7": { body: refresh() },
      "POST /api/refreshes/7/publish": {
        status: 409,
        body: {
          message:
            "This post changed on your site after the refresh was proposed, so nothing was published. Propose a new refresh to start from the post as it is now.",
        },
      },
    });
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole("button", { name: "Publish update (2 changes)" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Propose a new refresh");
  });

  it("publishes nothing while no change is ticked", async () => {
    fakeApi({ "GET /api/refreshes/7": { body: refresh() } });
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole("button", { name: "Untick all" }));
    expect(screen.getByRole("button", { name: "Publish update (0 changes)" })).toBeDisabled();
    expect(screen.getByText("Tick at least one change to publish.")).toBeInTheDocument();
  });

  it("shows a proposed image as the picture with its alt text, beside nothing or the post's image", async () => {
    const items: RefreshView["items"] = [
      {
        id: "image",
        kind: "image",
        label: "Image: Burr grinder",
        before: "",
        after: '<figure><img src="https://roastery.example/burr.jpg" alt="Burr grinder for coffee grinders"></figure>',
        why: ["Shows an image your site already has."],
      },
    ];
    fakeApi({ "GET /api/refreshes/7": { body: refresh({ items }) } });
    open();
    const after = await screen.findByRole("region", { name: "Image: Burr grinder: after" });
    const picture = within(after).getByRole("img", { name: "Burr grinder for coffee grinders" });
    expect(picture).toHaveAttribute("src", "https://roastery.example/burr.jpg");
    expect(within(after).getByText("Alt text, read by search engines:")).toBeInTheDocument();
    expect(within(after).getByText("Burr grinder for coffee grinders", { selector: "ins" })).toBeInTheDocument();
    expect(after).not.toHaveTextContent("[Image:");
    const before = screen.getByRole("region", { name: "Image: Burr grinder: before" });
    expect(within(before).queryByRole("img")).not.toBeInTheDocument();
    expect(before).toHaveTextContent("Nothing yet: this is new.");
  });

  it("shows an alt text change as the post's picture on both sides, the alt text's words marked", async () => {
    const items: RefreshView["items"] = [
      {
        id: "image",
        kind: "image",
        label: "Image alt text",
        before: '<img src="https://roastery.example/burr.jpg" alt="Burr grinder">',
        after: '<img src="https://roastery.example/burr.jpg" alt="Burr grinder for coffee grinders">',
        why: ['Names "coffee grinders" in the alt text.'],
      },
    ];
    fakeApi({ "GET /api/refreshes/7": { body: refresh({ items }) } });
    open();
    const before = await screen.findByRole("region", { name: "Image alt text: before" });
    expect(within(before).getByRole("img", { name: "Burr grinder" })).toHaveAttribute(
      "src",
      "https://roastery.example/burr.jpg",
    );
    const after = screen.getByRole("region", { name: "Image alt text: after" });
    within(after).getByRole("img", { name: "Burr grinder for coffee grinders" });
    expect(within(after).getByText("for coffee grinders", { selector: "ins" })).toHaveTextContent(
      "added: for coffee grinders",
    );
  });
});
