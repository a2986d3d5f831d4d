import { describe, expect, it } from "vitest";
import { imageSources, replaceImageSources, shopifyImageFilename } from "./article-images.ts";

describe("imageSources", () => {
  it("lists each image once, in order, with entities decoded", () => {
    const html =
      '<p>Intro</p><img src="/uploads/a.png" alt="A"><p><img alt="B" src=\'/uploads/b.jpg?x=1&amp;y=2\' /></p><img src="/uploads/a.png">';
    expect(imageSources(html)).toEqual(["/uploads/a.png", "/uploads/b.jpg?x=1&y=2"]);
  });

  it("ignores attributes that only look like a src", () => {
    expect(imageSources('<a data-src="/uploads/x.png" href="/uploads/y.png">link</a><img data-src="/z.png">')).toEqual(
      [],
    );
  });
});

describe("replaceImageSources", () => {
  it("rewrites the images it has a new address for and leaves the rest of the markup as it was", () => {
    const html = '<h2>T</h2><img src="/uploads/a.png" alt="A"><img src="https://example.com/b.png" alt="B">';
    const out = replaceImageSources(html, (src) =>
      src === "/uploads/a.png" ? "https://cdn.example/a.png?v=1&w=2" : undefined,
    );
    expect(out).toBe(
      '<h2>T</h2><img src="https://cdn.example/a.png?v=1&amp;w=2" alt="A"><img src="https://example.com/b.png" alt="B">',
    );
  });
});

describe("shopifyImageFilename", () => {
  it("names an image after the post and its position, with an extension matching its type", () => {
    expect(shopifyImageFilename("seo-tips-pw42", 1, { filename: "cover.PNG", contentType: "image/png" })).toBe(
      "seo-tips-pw42-1.png",
    );
    expect(shopifyImageFilename("seo-tips-pw42", 2, { filename: "photo", contentType: "image/jpeg" })).toBe(
      "seo-tips-pw42-2.jpg",
    );
    expect(
      shopifyImageFilename("seo-tips-pw42", 3, { filename: "x.webp", contentType: "application/octet-stream" }),
    ).toBe("seo-tips-pw42-3.webp");
  });
});
