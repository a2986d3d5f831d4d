import { describe, expect, it } from "vitest";
import { contextFor } from "../test-support/build-post.ts";
import { checkKeyphraseLength } from "./keyphrase-length.ts";

const check = (keyphrase: string) => checkKeyphraseLength(contextFor({ keyphrase, keywords: [] }));

describe("checkKeyphraseLength", () => {
  it("passes with one to four content words, not counting function words", () => {
    expect(check("grinder").status).toBe("pass");
    expect(check("how to choose a burr coffee grinder").status).toBe("pass");
  });

  it("warns with five to eight content words", () => {
    expect(check("best cheap electric burr coffee grinder").status).toBe("warn");
  });

  it("fails with more than eight, or without a keyphrase", () => {
    expect(check("best cheap quiet small electric conical burr coffee grinder review").status).toBe("fail");
    expect(check("").message).toContain("Set a focus keyphrase");
  });
});
