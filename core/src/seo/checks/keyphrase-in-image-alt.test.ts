import { describe, expect, it } from "vitest";
import { contextFor, p } from "../test-support/build-post.ts";
import { checkKeyphraseInImageAlt } from "./keyphrase-in-image-alt.ts";

const img = (alt?: string) => (alt === undefined ? '<img src="photo.jpg">' : `<img src="photo.jpg" alt="${alt}">`);
const check = (...images: string[]) =>
  checkKeyphraseInImageAlt(contextFor({ html: p("Grind your beans fresh.") + images.join("") }));

describe("checkKeyphraseInImageAlt", () => {
  it("passes when an alt text of a few images reflects the keyphrase", () => {
    expect(check(img("Burr coffee grinder on a counter"), img("Fresh grounds")).status).toBe("pass");
  });

  it("passes with five or more images when 30% to 75% mention it", () => {
    const images = [
      img("A coffee grinder"),
      img("Coffee grinders side by side"),
      img("Beans"),
      img("A cup"),
      img("Kettle"),
    ];
    expect(check(...images).status).toBe("pass");
  });

  it("warns when many images but too few mention it", () => {
    const result = check(
      img("A coffee grinder"),
      img("Beans"),
      img("A cup"),
      img("Kettle"),
      img("Scale"),
      img("Filter"),
    );
    expect(result.status).toBe("warn");
    expect(result.message).toBe("The keyphrase appears in the alt text of 1 of 6 images. Use it in 2 to 4 of them.");
  });

  it("warns when the alt texts do not mention it, or are missing", () => {
    expect(check(img("Fresh grounds"), img("A cup of espresso")).status).toBe("warn");
    expect(check(img(), img("")).message).toContain("has alt text");
  });

  it("fails when the post has no image", () => {
    const result = check();
    expect(result.status).toBe("fail");
    expect(result.message).toContain("Add at least one");
  });
});
