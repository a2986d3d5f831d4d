import { describe, expect, it } from "vitest";
import { htmlToPlainText } from "./html-to-plain-text.ts";

describe("htmlToPlainText", () => {
  it("gives one paragraph per block, list items on their own lines and decoded entities", () => {
    const text = htmlToPlainText(
      "<h2>Caf&eacute; guide</h2><p>Fish &amp; chips,\n   served   hot.</p><ul><li>Salt</li><li>Vinegar</li></ul><p>Line one<br>Line two</p>",
    );
    expect(text).toBe("Café guide\n\nFish & chips, served hot.\n\n- Salt\n- Vinegar\n\nLine one\nLine two");
  });

  it("leaves out scripts and styles", () => {
    expect(htmlToPlainText("<p>Hi</p><script>var x = 1;</script><style>p{}</style>")).toBe("Hi");
  });

  it("keeps inline text together", () => {
    expect(htmlToPlainText('<p>Read <a href="https://x.example">our <strong>guide</strong></a> today.</p>')).toBe(
      "Read our guide today.",
    );
  });
});
