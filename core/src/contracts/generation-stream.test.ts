import { describe, expect, it } from "vitest";
import type { WrittenPartView } from "./blog.ts";
import {
  GENERATION_HEARTBEAT,
  type GenerationStageName,
  generationEvent,
  readGenerationStream,
} from "./generation-stream.ts";

/** A response body delivering the text in chunks of the given size, as a network may cut it anywhere. */
function bodyOf(text: string, chunk: number): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, at + chunk));
      at += chunk;
    },
  });
}

const intro: WrittenPartView = {
  index: 0,
  total: 3,
  kind: "introduction",
  heading: null,
  html: "<p>Grind fresh — always.</p>",
};
const section: WrittenPartView = {
  index: 1,
  total: 3,
  kind: "section",
  heading: "Burrs",
  html: "<h2>Burrs</h2><p>é</p>",
};

async function read(text: string, chunk: number) {
  const stages: GenerationStageName[] = [];
  const parts: WrittenPartView[] = [];
  const end = await readGenerationStream(bodyOf(text, chunk), {
    onStage: (stage) => stages.push(stage),
    onPart: (part) => parts.push(part),
  });
  return { stages, parts, end };
}

describe("the generation's event stream", () => {
  it("reads back what a server wrote, stage by stage and part by part, however the network cuts it", async () => {
    const text = [
      generationEvent("stage", { stage: "planning" }),
      GENERATION_HEARTBEAT,
      generationEvent("stage", { stage: "writing" }),
      generationEvent("part", section),
      generationEvent("part", intro),
      generationEvent("stage", { stage: "reviewing" }),
      generationEvent("result", { postId: 42 }),
    ].join("");
    for (const chunk of [1, 7, 64, text.length]) {
      const { stages, parts, end } = await read(text, chunk);
      expect(stages).toEqual(["planning", "writing", "reviewing"]);
      expect(parts).toEqual([section, intro]);
      expect(end).toEqual({ result: { postId: 42 } });
    }
  });

  it("skips an event it cannot read instead of showing half of it", async () => {
    const text = [
      'event: stage\ndata: {"stage":"dreaming"}\n\n',
      'event: part\ndata: {"index":-1,"html":"<p>x</p>"}\n\n',
      "event: part\ndata: not json\n\n",
      generationEvent("part", intro),
      generationEvent("result", { postId: 1 }),
    ].join("");
    const { stages, parts, end } = await read(text, 16);
    expect(stages).toEqual([]);
    expect(parts).toEqual([intro]);
    expect(end).toEqual({ result: { postId: 1 } });
  });

  it("ends with the writing's failure, its status and message kept", async () => {
    const failure = { status: 429, message: "Wait for one of your posts to finish.", code: "RATE_LIMITED" };
    const text = generationEvent("stage", { stage: "planning" }) + generationEvent("error", failure);
    expect((await read(text, 5)).end).toEqual({ error: failure });
  });

  it("ends with nothing when the connection closes before the last event", async () => {
    const text = generationEvent("stage", { stage: "planning" }) + generationEvent("part", intro);
    const { parts, end } = await read(text, 9);
    expect(parts).toEqual([intro]);
    expect(end).toBeNull();
  });
});
