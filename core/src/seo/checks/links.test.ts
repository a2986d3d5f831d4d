import { describe, expect, it } from "vitest";
import { contextFor, p } from "../test-support/build-post.ts";
import { checkInternalLinks, checkOutboundLinks, classifyLink } from "./links.ts";

const a = (href: string, rel = "") => `<a href="${href}"${rel === "" ? "" : ` rel="${rel}"`}>a link</a>`;
const context = (links: string[], siteUrl?: string) =>
  contextFor({ html: p(`Read more: ${links.join(", ")}.`), siteUrl });

describe("classifyLink", () => {
  it("treats relative links and links to the site's host as internal, with or without www", () => {
    expect(classifyLink("/collections/grinders", "beanshop.example")).toBe("internal");
    expect(classifyLink("guides/espresso", null)).toBe("internal");
    expect(classifyLink("https://www.beanshop.example/blog", "beanshop.example")).toBe("internal");
    expect(classifyLink("//beanshop.example/blog", "beanshop.example")).toBe("internal");
  });

  it("treats links to other hosts as outbound", () => {
    expect(classifyLink("https://sca.coffee/research", "beanshop.example")).toBe("outbound");
    expect(classifyLink("http://beanshop.example.evil.test/", "beanshop.example")).toBe("outbound");
    expect(classifyLink("https://beanshop.example/", null)).toBe("outbound");
  });

  it("ignores anchors, mail, phone and script links", () => {
    for (const href of ["#burrs", "mailto:hi@beanshop.example", "tel:+441234", "javascript:void(0)", ""]) {
      expect(classifyLink(href, "beanshop.example")).toBeNull();
    }
  });
});

describe("checkInternalLinks", () => {
  it("passes with a followed internal link", () => {
    expect(checkInternalLinks(context([a("/shop")])).status).toBe("pass");
    expect(checkInternalLinks(context([a("https://beanshop.example/shop")], "https://beanshop.example")).status).toBe(
      "pass",
    );
  });

  it("warns when every internal link is nofollow", () => {
    const result = checkInternalLinks(context([a("/shop", "nofollow")]));
    expect(result.status).toBe("warn");
    expect(result.message).toContain("The only internal link is nofollow.");
  });

  it("fails without internal links", () => {
    const result = checkInternalLinks(context([a("https://sca.coffee")], "https://beanshop.example"));
    expect(result.status).toBe("fail");
    expect(result.message).toContain("Link to at least one related page");
  });
});

describe("checkOutboundLinks", () => {
  it("passes with a followed link to another site", () => {
    expect(checkOutboundLinks(context([a("/shop"), a("https://sca.coffee")])).message).toBe(
      "The post has 1 outbound link. Well done.",
    );
  });

  it("warns when every outbound link is nofollow", () => {
    const result = checkOutboundLinks(
      context([a("https://sca.coffee", "nofollow"), a("https://example.org", "nofollow")]),
    );
    expect(result.status).toBe("warn");
    expect(result.message).toContain("All 2 outbound links are nofollow.");
  });

  it("fails without outbound links", () => {
    expect(checkOutboundLinks(context([a("/shop"), a("#top")])).status).toBe("fail");
  });
});
