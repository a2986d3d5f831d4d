// The refresh review both surfaces show: the ticked changes, when the server is asked for their scores, which answer
// is shown, and what stands beside "Score now".
import { describe, expect, it } from "vitest";
import type { RefreshScore, RefreshScores } from "./refresh.ts";
import {
  answersLatestChoice,
  changeSides,
  changesCount,
  choiceKey,
  choiceToScore,
  imageOf,
  imageSides,
  proposedBy,
  scoreSummary,
  shownScore,
  shownScoreLabel,
  toggleChoice,
} from "./refresh-review.ts";

const items = [{ id: "title" }, { id: "seo-title" }, { id: "part-0" }, { id: "new-0" }];
const score = (value: number, failed: number): RefreshScore => ({
  score: value,
  words: 400,
  checks: [
    ...Array.from({ length: failed }, (_, i) => ({
      id: `f${i}`,
      label: "Failed",
      status: "fail" as const,
      message: "",
    })),
    { id: "ok", label: "Passes", status: "pass" as const, message: "" },
  ],
});
const scores = (chosenItemIds: string[]): RefreshScores => ({
  before: score(52, 3),
  proposed: score(91, 0),
  chosen: score(74, 1),
  chosenItemIds,
});

describe("the refresh review", () => {
  it("ticks a change in the proposal's order and unticks it", () => {
    expect(toggleChoice(items, ["part-0"], "title", true)).toEqual(["title", "part-0"]);
    expect(toggleChoice(items, ["title", "part-0"], "new-0", true)).toEqual(["title", "part-0", "new-0"]);
    expect(toggleChoice(items, ["title", "part-0"], "title", false)).toEqual(["part-0"]);
  });

  it("asks the server to score a proposed choice only when the scores shown are another choice's", () => {
    const shown = scores(["title", "seo-title", "part-0", "new-0"]);
    expect(choiceToScore({ state: "proposed", chosen: ["title", "part-0"], scores: shown })).toEqual([
      "title",
      "part-0",
    ]);
    expect(choiceToScore({ state: "proposed", chosen: shown.chosenItemIds, scores: shown })).toBeNull();
    // Nothing ticked: the post as it is, nothing to ask. Published or restored: the choice is settled.
    expect(choiceToScore({ state: "proposed", chosen: [], scores: shown })).toBeNull();
    expect(choiceToScore({ state: "published", chosen: ["title"], scores: shown })).toBeNull();
  });

  it("shows only the answer to the latest choice", () => {
    const latest = choiceKey(["title", "part-0"]);
    expect(answersLatestChoice({ chosenItemIds: ["title", "part-0"] }, latest)).toBe(true);
    expect(answersLatestChoice({ chosenItemIds: ["title"] }, latest)).toBe(false);
  });

  it("shows the score with the ticked changes, or the post as it is when nothing is ticked", () => {
    expect(shownScore(scores(["title"]), ["title"]).score).toBe(74);
    expect(shownScore(scores(["title"]), []).score).toBe(52);
    expect([shownScoreLabel("proposed"), shownScoreLabel("published"), shownScoreLabel("restored")]).toEqual([
      "With the ticked changes",
      "Published",
      "Before restoring",
    ]);
    expect(scoreSummary(score(52, 3))).toBe("3 checks failed, 400 words");
    expect(scoreSummary(score(52, 1))).toBe("1 check failed, 400 words");
    expect(scoreSummary(score(90, 0))).toBe("No check failed, 400 words");
    expect([changesCount(1), changesCount(4)]).toEqual(["1 change", "4 changes"]);
  });

  it("says who wrote the proposal", () => {
    expect(proposedBy("offline")).toBe("the offline writer (not the AI model)");
    expect(proposedBy("ai:gpt-4o-mini")).toBe("the AI model");
  });

  it("compares a body part as readable text and a title as it is", () => {
    const part = changeSides({
      kind: "section",
      before: "<h2>Steps</h2><p>Grind fine.</p>",
      after: '<h2>Steps</h2><p>Grind fine. See <a href="/care">our care guide</a>.</p>',
    });
    expect(part.before).toBe("Steps\nGrind fine.");
    expect(
      part.segments
        .filter((s) => s.kind === "added")
        .map((s) => s.text)
        .join(""),
    ).toContain("our care guide (link: /care)");
    const title = changeSides({ kind: "title", before: "Grinders of 2023", after: "Grinders of 2026" });
    expect(title.segments).toEqual([
      { kind: "same", text: "Grinders of " },
      { kind: "removed", text: "2023" },
      { kind: "added", text: "2026" },
    ]);
  });

  it("shows an image added to a post as the picture with its alt text, and nothing before it", () => {
    const added = imageSides({
      kind: "image",
      before: "",
      after:
        '<!-- wp:image -->\n<figure class="wp-block-image"><img src="https://roastery.example/img/burr.jpg?w=800&amp;h=600" alt="Burr grinder &quot;Pro&quot; for coffee grinders"/></figure>\n<!-- /wp:image -->',
    });
    expect(added?.before).toBeNull();
    expect(added?.after).toEqual({
      src: "https://roastery.example/img/burr.jpg?w=800&h=600",
      alt: 'Burr grinder "Pro" for coffee grinders',
    });
    expect(added?.segments).toEqual([{ kind: "added", text: 'Burr grinder "Pro" for coffee grinders' }]);
  });

  it("shows an alt text change as the same picture twice, with the alt text's words removed and added", () => {
    const changed = imageSides({
      kind: "image",
      before: "<img src='http://candles.example/amber.png' alt='Amber candle'>",
      after: "<img src='http://candles.example/amber.png' alt=\"Amber candle for a warm room\">",
    });
    expect(changed?.before).toEqual({ src: "http://candles.example/amber.png", alt: "Amber candle" });
    expect(changed?.after).toEqual({ src: "http://candles.example/amber.png", alt: "Amber candle for a warm room" });
    expect(changed?.segments.filter((s) => s.kind !== "same").map((s) => [s.kind, s.text])).toEqual([
      ["added", " for a warm room"],
    ]);
  });

  it("shows only http and https addresses as pictures: anything else, or another kind of change, stays text", () => {
    for (const src of [
      "javascript:alert(1)",
      "data:image/png;base64,AAAA",
      "/uploads/burr.jpg",
      "//cdn.example/a.jpg",
    ]) {
      expect(imageOf(`<img src="${src}" alt="Burr grinder">`)).toBeNull();
      expect(imageSides({ kind: "image", before: "", after: `<img src="${src}" alt="Burr grinder">` })).toBeNull();
    }
    // The post's own image has no address that can be shown: the alt text change is read as text, both sides alike.
    expect(
      imageSides({ kind: "image", before: '<img src="burr.jpg" alt="A">', after: '<img src="burr.jpg" alt="A b">' }),
    ).toBeNull();
    expect(imageOf("<p>No picture here.</p>")).toBeNull();
    expect(imageOf('<img src="https://roastery.example/a.jpg">')).toEqual({
      src: "https://roastery.example/a.jpg",
      alt: "",
    });
    expect(
      imageSides({ kind: "section", before: "", after: '<p><img src="https://roastery.example/a.jpg" alt="A"></p>' }),
    ).toBeNull();
  });
});
