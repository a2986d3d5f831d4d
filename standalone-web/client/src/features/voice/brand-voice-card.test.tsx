import "../../test/setup";
import type { SiteVoice, SiteVoicesResponse, VoiceProfile } from "@postwright/core/contracts";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeApi, renderPage } from "../../test/render";
import { BrandVoiceCard } from "./brand-voice-card";

const presets: SiteVoicesResponse["presets"] = [
  { id: "friendly-expert", name: "Friendly expert", summary: "Talks to you." },
  { id: "founder", name: "Founder's notes", summary: "First person." },
];

const site = (voice: VoiceProfile | null, extra: Partial<SiteVoice> = {}): SiteVoice => ({
  platform: "wordpress",
  connectionId: 4,
  siteName: "Clay Studio",
  siteUrl: "https://clay.example",
  voice,
  description: voice
    ? ["Speaks as “I”: one person, in the first person.", "Ends a post with a personal sign-off."]
    : [],
  example: voice ? "Every week, I hear the same question." : null,
  ...extra,
});

const founder: VoiceProfile = {
  person: "I",
  formality: "neutral",
  sentenceWords: { mean: 15, spread: 8 },
  paragraphSentences: { mean: 3, spread: 1.5 },
  headingsPer1000Words: 2,
  listsPer1000Words: 0,
  spelling: "US",
  wordsUsed: [],
  wordsAvoided: ["delve"],
  closing: "sign-off",
  closingExample: null,
  source: "preset",
  presetId: "founder",
  postsRead: 0,
  fingerprint: {
    functionWords: null,
    sentenceBands: [0, 1, 0, 0, 0, 0, 0],
    person: { I: 0.6, we: 0.05, you: 0.35 },
    ukShare: 0,
  },
};

describe("BrandVoiceCard", () => {
  it("offers to read the voice from the posts, shows what was read in plain words with its example", async () => {
    const requests = fakeApi({
      "GET /api/voice": { body: { sites: [site(null)], presets } },
      "POST /api/voice/derive": { body: site({ ...founder, source: "posts", presetId: null, postsRead: 12 }) },
    });
    renderPage(<BrandVoiceCard />);
    const section = await screen.findByRole("region", { name: "Brand voice of Clay Studio" });
    expect(within(section).getByText(/No voice yet/)).toBeInTheDocument();
    await userEvent.click(within(section).getByRole("button", { name: "Read from my posts" }));
    expect(await within(section).findByText("Speaks as “I”: one person, in the first person.")).toBeInTheDocument();
    expect(within(section).getByText("Every week, I hear the same question.")).toBeInTheDocument();
    expect(within(section).getByText("Read from your 12 most recent posts.")).toBeInTheDocument();
    expect(requests.find((r) => r.method === "POST")?.body).toEqual({ platform: "wordpress", connectionId: 4 });
  });

  it("says why a site without posts has no voice, and saves a preset and an edit", async () => {
    const requests = fakeApi({
      "GET /api/voice": { body: { sites: [site(null)], presets } },
      "POST /api/voice/derive": {
        status: 409,
        body: {
          message:
            "Clay Studio has no published posts to read your voice from yet. Pick a preset, or describe your voice yourself.",
        },
      },
      "PUT /api/voice": (request) => {
        const body = request.body as { preset?: string; voice?: VoiceProfile };
        return { body: site(body.voice ? { ...founder, ...body.voice, source: "edited" } : founder) };
      },
    });
    renderPage(<BrandVoiceCard />);
    const section = await screen.findByRole("region", { name: "Brand voice of Clay Studio" });
    await userEvent.click(within(section).getByRole("button", { name: "Read from my posts" }));
    expect((await screen.findAllByText(/no published posts to read your voice from yet/))[0]).toBeInTheDocument();

    await userEvent.selectOptions(within(section).getByLabelText("Preset"), "founder");
    await userEvent.click(within(section).getByRole("button", { name: "Use preset" }));
    expect(await within(section).findByText("From a preset.")).toBeInTheDocument();
    expect(requests.find((r) => r.method === "PUT")?.body).toEqual({
      platform: "wordpress",
      connectionId: 4,
      preset: "founder",
    });

    await userEvent.click(within(section).getByRole("button", { name: "Edit voice" }));
    const form = within(section).getByRole("form", { name: "Edit voice" });
    await userEvent.selectOptions(within(form).getByLabelText("Spelling"), "UK");
    await userEvent.type(within(form).getByLabelText("Words you never use (comma-separated)"), ", journey");
    await userEvent.click(within(form).getByRole("button", { name: "Save voice" }));
    expect(await within(section).findByText("Edited by you.")).toBeInTheDocument();
    const edit = requests.filter((r) => r.method === "PUT").at(-1)?.body as { voice: VoiceProfile };
    expect(edit.voice).toMatchObject({ spelling: "UK", wordsAvoided: ["delve", "journey"], person: "I" });
  });

  it("asks for a connection when none is there", async () => {
    fakeApi({ "GET /api/voice": { body: { sites: [], presets } } });
    renderPage(<BrandVoiceCard />);
    expect(
      await screen.findByText("Connect a Shopify store or a WordPress site to set its voice."),
    ).toBeInTheDocument();
  });
});
