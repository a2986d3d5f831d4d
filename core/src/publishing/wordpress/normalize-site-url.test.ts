import { describe, expect, it } from "vitest";
import { AppError } from "../../errors/index.ts";
import { normalizeSiteUrl } from "./normalize-site-url.ts";

describe("normalizeSiteUrl", () => {
  it.each([
    ["example.com", "https://example.com"],
    ["  Example.COM/  ", "https://example.com"],
    ["http://example.com", "http://example.com"],
    ["https://example.com///", "https://example.com"],
    ["https://www.example.com/wp-admin/", "https://www.example.com"],
    ["https://example.com/wp-admin/post-new.php?post_type=post", "https://example.com"],
    ["https://example.com/wp-login.php?redirect_to=x", "https://example.com"],
    ["https://example.com/wp-json/wp/v2/posts", "https://example.com"],
    ["https://example.com/blog/wp-admin", "https://example.com/blog"],
    ["https://example.com/blog/#top", "https://example.com/blog"],
    ["example.com:8080/news/", "https://example.com:8080/news"],
    ["http://127.0.0.1:8080/", "http://127.0.0.1:8080"],
    ["http://localhost:8080/wp-admin/", "http://localhost:8080"],
  ])("turns %j into %j", (input, expected) => {
    expect(normalizeSiteUrl(input)).toBe(expected);
  });

  it.each(["", "   ", "not a site", "ftp://example.com", "https://", "intranet", "https://user:pw@example.com"])(
    "refuses %j with a message that shows the expected form",
    (input) => {
      expect(() => normalizeSiteUrl(input)).toThrow(AppError);
      expect(() => normalizeSiteUrl(input)).toThrow(/https:\/\/example\.com/);
    },
  );
});
