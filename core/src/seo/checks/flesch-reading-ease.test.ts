import { describe, expect, it } from "vitest";
import { contextFor, p } from "../test-support/build-post.ts";
import { checkFleschReadingEase } from "./flesch-reading-ease.ts";

const check = (text: string) => checkFleschReadingEase(contextFor({ html: p(text) }));

describe("checkFleschReadingEase", () => {
  it("passes plain writing that scores 60 or more", () => {
    const result = check(
      "Buy fresh beans. Grind them at home just before you brew. Taste the cup, then change one thing.",
    );
    expect(result.status).toBe("pass");
    expect(result.message).toMatch(/^The text scores \d+(\.\d)? in the Flesch reading ease test: /);
  });

  it("warns about fairly difficult writing scoring 50 to 60", () => {
    const result = check(
      "Grind size controls how quickly water extracts flavour from the grounds. A consistent grinder produces particles of similar size, which extract evenly and taste balanced.",
    );
    expect(result.status).toBe("warn");
    expect(result.message).toContain("fairly difficult to read");
  });

  it("fails difficult writing under 50, advising shorter sentences and simpler words", () => {
    const result = check(
      "Particle size distribution significantly influences extraction kinetics, consequently determining the organoleptic characteristics of the resulting beverage. Heterogeneous fragmentation generates disproportionate quantities of fines.",
    );
    expect(result.status).toBe("fail");
    expect(result.message).toContain("Use shorter sentences and simpler words");
  });
});
