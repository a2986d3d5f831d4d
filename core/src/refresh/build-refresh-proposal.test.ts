// The offline writer's rules for a refresh, and partial acceptance: the merged post with chosen items only.
import { describe, expect, it } from "vitest";
import { buildRefreshProposal } from "./build-refresh-proposal.ts";
import { mergeRefresh } from "./merge-refresh.ts";
import { scorePostVersion } from "./score-post-version.ts";
import type { EditablePost } from "./types.ts";
import { writeMissingSections } from "./write-missing-sections.ts";

const post: EditablePost = {
  remoteId: "12",
  url: "https://roastery.example/best-coffee-grinders-2023/",
  slug: "best-coffee-grinders-2023",
  title: "The Best Coffee Grinders of 2023",
  html: [
    "<p>We tested a dozen machines in our shop this spring.</p>\n",
    '<h2>Burr or blade</h2>\n<p>Burrs crush evenly. Blades chop.</p>\n<img src="https://roastery.example/wp-content/uploads/burr-grinder.jpg">\n',
    "<h2>Our picks</h2>\n<p>These are the top picks for 2023 in our shop.</p>\n",
    "<h2>Wrap up</h2>\n<p>Grind fresh, every time.</p>\n",
  ].join(""),
  excerpt: "",
  seoTitle: null,
  metaDescription: "",
  seoMeta: {},
  modifiedAt: "2023-04-01T10:00:00Z",
};
const keyphrase = "coffee grinders";
const context = { keyphrase, slug: post.slug, siteUrl: "https://roastery.example" };
const now = new Date("2026-11-28T00:00:00Z");

async function propose() {
  const before = scorePostVersion(post, context);
  const failing = new Set(before.checks.filter((c) => c.status === "fail").map((c) => c.id));
  const { sections, generator } = await writeMissingSections(
    {},
    {
      title: post.title,
      keyphrase,
      siteName: "Roastery",
      html: post.html,
      words: before.words,
      failing,
      now,
    },
  );
  const items = buildRefreshProposal({
    post,
    keyphrase,
    checks: before.checks,
    siteName: "Roastery",
    year: 2026,
    links: [
      {
        url: "https://roastery.example/cleaning-coffee-grinders/",
        title: "Cleaning Coffee Grinders Safely",
        kind: "post",
      },
    ],
    added: sections,
    seoTitleWritable: false,
  });
  return { before, items, generator };
}

describe("a refresh proposal by the offline writer's rules", () => {
  it("fixes the failing checks item by item, each with before, after and why, and keeps what works", async () => {
    const { before, items, generator } = await propose();
    expect(generator).toBe("offline");
    const byId = new Map(items.map((item) => [item.id, item]));
    expect(byId.get("title")).toMatchObject({ before: post.title, after: "The Best Coffee Grinders of 2026" });
    const meta = byId.get("meta-description")!;
    expect(meta.before).toBe("");
    expect(meta.after.length).toBeGreaterThanOrEqual(120);
    expect(meta.after.toLowerCase()).toContain(keyphrase);
    const intro = byId.get("part-0")!;
    expect(intro.after).toContain("This guide to coffee grinders is up to date for 2026.");
    expect(intro.why.join(" ")).toMatch(/keyphrase "coffee grinders" in the introduction/);
    const burr = byId.get("part-1")!;
    expect(burr.label).toBe("Section: Burr or blade");
    expect(burr.after).toMatch(/<img alt="Coffee grinders: burr grinder"/);
    // The link is woven into a body section, its text not the keyphrase.
    const linked = items.find((item) => item.after.includes("cleaning-coffee-grinders"))!;
    expect(linked.after).toMatch(
      /<a href="https:\/\/roastery.example\/cleaning-coffee-grinders\/">Cleaning[^<]*Safely<\/a>/,
    );
    expect(linked.after).not.toMatch(/>[^<]*coffee grinders[^<]*<\/a>/i);
    expect(byId.get("part-2")!.after).toContain("top picks for 2026");
    // The conclusion had nothing to fix: it is no item, and stays as it is.
    expect(byId.has("part-3")).toBe(false);
    const added = items.filter((item) => item.id.startsWith("new-"));
    expect(added.length).toBeGreaterThan(0);
    expect(added[0]!.before).toBe("");
    for (const item of items) expect(item.why.length).toBeGreaterThan(0);

    const all = scorePostVersion(
      mergeRefresh(
        post,
        items,
        items.map((i) => i.id),
      ),
      context,
    );
    expect(all.score).toBeGreaterThan(before.score + 20);
    const passing = (score: typeof all) => new Set(score.checks.filter((c) => c.status !== "fail").map((c) => c.id));
    for (const id of [
      "keyphrase-in-introduction",
      "keyphrase-in-meta-description",
      "keyphrase-in-image-alt",
      "text-length",
      "internal-links",
    ]) {
      expect(passing(all), id).toContain(id);
    }
  });

  it("merges only the chosen items, leaving the rest byte for byte, and scores between before and everything", async () => {
    const { before, items } = await propose();
    const merged = mergeRefresh(post, items, ["meta-description", "part-0"]);
    expect(merged.title).toBe(post.title);
    expect(merged.html).toContain("This guide to coffee grinders is up to date for 2026.");
    expect(merged.html).toContain("top picks for 2023");
    expect(merged.html).not.toContain("alt=");
    expect(merged.html.endsWith("<h2>Wrap up</h2>\n<p>Grind fresh, every time.</p>\n")).toBe(true);
    const chosen = scorePostVersion(merged, context);
    const all = scorePostVersion(
      mergeRefresh(
        post,
        items,
        items.map((i) => i.id),
      ),
      context,
    );
    expect(chosen.score).toBeGreaterThan(before.score);
    expect(chosen.score).toBeLessThan(all.score);
    // New sections go before the conclusion.
    const withNew = mergeRefresh(post, items, ["new-1"]).html;
    expect(withNew.indexOf(items.find((i) => i.id === "new-1")!.after.trim())).toBeLessThan(
      withNew.indexOf("<h2>Wrap up</h2>"),
    );
    expect(mergeRefresh(post, items, []).html).toBe(post.html);
  });

  it("refuses a change that is not part of the proposal", async () => {
    const { items } = await propose();
    expect(() => mergeRefresh(post, items, ["part-99"])).toThrow(/not part of this refresh/);
  });
});
