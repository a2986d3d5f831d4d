import { describe, expect, it } from "vitest";
import { htmlToText } from "./html-to-text.ts";

describe("htmlToText", () => {
  it("gives the visible text, one block per line, without tags, scripts or styles", () => {
    const html =
      '<h2>Why grind fresh</h2><p>Fresh <a href="/beans">beans</a> taste <em>better</em>.</p><script>track("view")</script><style>h2{}</style><ul><li>Sweeter</li><li>Brighter</li></ul>';
    expect(htmlToText(html)).toBe("Why grind fresh\nFresh beans taste better.\nSweeter\nBrighter");
  });

  it("never glues the words of two blocks together", () => {
    expect(htmlToText("<p>one</p><p>two</p><td>three</td>")).toBe("one\ntwo\nthree");
  });

  it("is empty for markup without text", () => {
    expect(htmlToText('<p> </p><img src="a.jpg" alt="A grinder"><script>x()</script>')).toBe("");
  });
});
