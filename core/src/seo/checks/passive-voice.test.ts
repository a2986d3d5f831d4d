import { describe, expect, it } from "vitest";
import { contextFor, p } from "../test-support/build-post.ts";
import { checkPassiveVoice } from "./passive-voice.ts";

const ACTIVE = [
  "We roast the beans every Monday.",
  "Our baristas test each grinder for a week.",
  "You can adjust the burrs with one hand.",
  "The shop ships orders within two days.",
  "Fresh grounds smell sweet and bright.",
  "Most people brew two cups a day.",
  "A good scale helps you repeat a recipe.",
  "We clean the burrs once a month.",
  "Hand grinders fit in a travel bag.",
  "Cold brew needs a coarse grind.",
];
const PASSIVE = [
  "The beans are roasted in small batches.",
  "Each grinder was tested for a week.",
  "The burrs are made of hardened steel.",
];
const check = (sentences: string[]) => checkPassiveVoice(contextFor({ html: p(sentences.join(" ")) }));

describe("checkPassiveVoice", () => {
  it("passes when at most 10% of sentences are passive", () => {
    expect(check([...ACTIVE, ...PASSIVE.slice(0, 1)]).status).toBe("pass");
  });

  it("warns between 10% and 15%", () => {
    expect(check([...ACTIVE, ...ACTIVE.slice(0, 4), ...PASSIVE.slice(0, 2)]).status).toBe("warn");
  });

  it("fails above 15%, suggesting the active voice", () => {
    const result = check([...ACTIVE, ...PASSIVE]);
    expect(result.status).toBe("fail");
    expect(result.message).toContain("23% of the sentences are in the passive voice.");
    expect(result.message).toContain("active voice");
  });
});
