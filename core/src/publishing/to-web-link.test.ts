import { expect, it } from "vitest";
import { toWebLink } from "./to-web-link.ts";

it.each(["javascript:alert(document.cookie)", " JavaScript:alert(1)", "data:text/html,<script>x</script>", "/relative", "", 42, null])(
  "drops %s",
  (link) => {
    expect(toWebLink(link)).toBeNull();
  },
);

it("keeps http and https addresses", () => {
  expect(toWebLink("https://example.com/2026/11/post/")).toBe("https://example.com/2026/11/post/");
  expect(toWebLink("http://blog.example/?p=7")).toBe("http://blog.example/?p=7");
});
