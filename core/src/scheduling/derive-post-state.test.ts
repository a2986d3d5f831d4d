import { describe, expect, it } from "vitest";
import { derivePostState } from "./derive-post-state.ts";

const row = (platform: string, status: string, extra: { publishedAt?: Date; lastError?: string } = {}) => ({
  platform,
  status,
  publishedAt: extra.publishedAt ?? null,
  lastError: extra.lastError ?? null,
});
const earlier = new Date("2026-01-01T09:00:00Z");

describe("derivePostState", () => {
  it("is published once every platform is published", () => {
    expect(derivePostState([row("shopify", "published", { publishedAt: earlier })], "scheduled")).toEqual({
      status: "published",
      isScheduled: false,
      lastError: null,
    });
  });

  it("stays scheduled while another platform still waits for its time", () => {
    const state = derivePostState(
      [row("shopify", "published", { publishedAt: earlier }), row("wordpress", "pending")],
      "scheduled",
    );
    expect(state).toEqual({ status: "scheduled", isScheduled: true, lastError: null });
  });

  it("is held with the reason when a publication was kept back for review, failed when another failed", () => {
    const held = row("shopify", "held", { lastError: "Held for review: prices changed." });
    expect(derivePostState([held], "scheduled")).toEqual({
      status: "held",
      isScheduled: false,
      lastError: "Shopify: Held for review: prices changed.",
    });
    expect(derivePostState([held, row("wordpress", "failed", { lastError: "Wrong password." })], "scheduled").status).toBe(
      "failed",
    );
  });

  it("is failed with the platform's reason when a publication failed", () => {
    const state = derivePostState(
      [row("shopify", "published", { publishedAt: earlier }), row("wordpress", "failed", { lastError: "Wrong password." })],
      "scheduled",
    );
    expect(state).toEqual({ status: "failed", isScheduled: false, lastError: "WordPress: Wrong password." });
  });

  it("keeps the current status while a publication is in flight", () => {
    expect(derivePostState([row("shopify", "publishing")], "draft").status).toBe("draft");
    expect(derivePostState([row("shopify", "publishing")], "scheduled").status).toBe("scheduled");
  });

  it("is still published after a cancelled reschedule of a live post", () => {
    expect(derivePostState([row("shopify", "cancelled", { publishedAt: earlier })], "scheduled").status).toBe("published");
  });

  it("goes back to draft when a schedule of a never published post is cancelled", () => {
    expect(derivePostState([row("shopify", "cancelled"), row("wordpress", "cancelled")], "scheduled")).toEqual({
      status: "draft",
      isScheduled: false,
      lastError: null,
    });
  });
});
