// "Brand voice" on the site's API: each connected site's voice in plain words with an example, the presets, a preset
// chosen, the owner's edits saved; bad input is a 400 with its message, someone else's site a 404, and nothing
// without signing in. Every answer is checked against the site API's OpenAPI document. (Reading a voice from a real
// WordPress and the fake Shopify is tested in tests/integration/site-voice.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestAgent, type TestApp } from "../testing/index.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function ownerWithSite(): Promise<{ agent: TestAgent; connectionId: number }> {
  const agent = t.agent();
  const { user } = await t.signUpAndLogin(agent);
  const connection = await t.db.prisma.wordpressConnection.create({
    data: {
      userId: user.id,
      siteName: "Clay Studio",
      siteUrl: "https://clay.example",
      username: "mara",
      applicationPassword: "",
    },
  });
  return { agent, connectionId: connection.id };
}

describe("/api/voice", () => {
  it("lists the connected site without a voice yet, and the presets", async () => {
    const { agent, connectionId } = await ownerWithSite();
    const res = await agent.get("/api/voice").expect(200);
    expect(res.body.sites).toEqual([
      {
        platform: "wordpress",
        connectionId,
        siteName: "Clay Studio",
        siteUrl: "https://clay.example",
        voice: null,
        description: [],
        example: null,
      },
    ]);
    expect(res.body.presets.map((p: { id: string }) => p.id)).toEqual([
      "friendly-expert",
      "formal-business",
      "casual-short",
      "founder",
    ]);
  });

  it("starts from a preset, then keeps the owner's edits, and lists what was saved", async () => {
    const { agent, connectionId } = await ownerWithSite();
    const preset = await agent
      .put("/api/voice")
      .send({ platform: "wordpress", connectionId, preset: "founder" })
      .expect(200);
    expect(preset.body.voice).toMatchObject({ source: "preset", presetId: "founder", person: "I" });
    expect(preset.body.description[0]).toBe("Speaks as “I”: one person, in the first person.");
    expect(preset.body.example).toMatch(/\bI hear\b/);

    const edited = await agent
      .put("/api/voice")
      .send({
        platform: "wordpress",
        connectionId,
        voice: {
          ...preset.body.voice,
          spelling: "UK",
          closing: "sign-off",
          closingExample: "Warmly, Mara",
          wordsAvoided: ["journey"],
        },
      })
      .expect(200);
    expect(edited.body.voice).toMatchObject({ source: "edited", spelling: "UK", wordsAvoided: ["journey"] });
    expect(edited.body.example).toMatch(/organise/);
    expect(edited.body.example).toMatch(/Warmly, Mara$/);
    expect((await agent.get("/api/voice").expect(200)).body.sites[0]).toEqual(edited.body);
  });

  it("refuses bad input with a message", async () => {
    const { agent, connectionId } = await ownerWithSite();
    const both = await agent
      .put("/api/voice")
      .send({ platform: "wordpress", connectionId, preset: "founder", voice: { person: "I" } });
    expect(both.status).toBe(400);
    expect(both.body.message).toBeTruthy();
    const neither = await agent.put("/api/voice").send({ platform: "wordpress", connectionId });
    expect(neither.status).toBe(400);
    expect(neither.body.message).toBe("Send either a preset or your voice's settings.");
    const unknown = await agent.put("/api/voice").send({ platform: "wordpress", connectionId, preset: "pirate" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe("Choose one of the preset voices.");
    const noSite = await agent.post("/api/voice/derive").send({ platform: "wordpress" });
    expect(noSite.status).toBe(400);
    expect(noSite.body.message).toBe("Choose one of your connected sites.");
  });

  it("answers 404 for another owner's site and 401 when signed out", async () => {
    const { connectionId } = await ownerWithSite();
    const other = t.agent();
    await t.signUpAndLogin(other);
    const put = await other.put("/api/voice").send({ platform: "wordpress", connectionId, preset: "founder" });
    expect(put.status).toBe(404);
    expect(put.body.message).toBe("That WordPress site is not connected to your account.");
    const derive = await other.post("/api/voice/derive").send({ platform: "wordpress", connectionId });
    expect(derive.status).toBe(404);
    expect((await other.get("/api/voice").expect(200)).body.sites).toEqual([]);
    expect(await t.db.prisma.siteVoice.count({ where: { connectionId } })).toBe(0);

    await t.request().get("/api/voice").expect(401);
  });
});
