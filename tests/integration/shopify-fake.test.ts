// The fake Shopify must refuse what Shopify refuses, or the publishing tests prove nothing. These tests talk to it
// over HTTP with plain fetch, the way any client would.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  INVALID_TOKEN_BODY,
  onePixelPng,
  startFakeShopify,
  validateAdminQuery,
  type FakeShopify,
} from "../fakes/shopify/index.ts";

// Responses are read field by field as the assertions need them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

let fake: FakeShopify;

beforeAll(async () => {
  fake = await startFakeShopify({
    shops: [
      { domain: "fake-one.myshopify.com", accessToken: "shpat_one" },
      { domain: "fake-two.myshopify.com", accessToken: "shpat_two", scopes: ["read_content"] },
    ],
  });
});
afterAll(() => fake.close());

async function graphql(domain: string, token: string, query: string, variables: Record<string, unknown> = {}) {
  const response = await fetch(fake.graphqlUrl(domain), {
    method: "POST",
    headers: { "content-type": "application/json", "x-shopify-access-token": token },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, body: (await response.json()) as Json };
}

const CREATE = `#graphql
  mutation Create($article: ArticleCreateInput!) {
    articleCreate(article: $article) { article { id handle } userErrors { code field message } }
  }`;

describe("the fake Shopify Admin API", () => {
  it("answers a wrong access token with Shopify's 401 body", async () => {
    const { status, body } = await graphql("fake-one.myshopify.com", "shpat_wrong", "{ shop { name } }");
    expect(status).toBe(401);
    expect(body).toEqual(INVALID_TOKEN_BODY);
  });

  it("tells shops apart: each one has its own token and its own articles", async () => {
    expect((await graphql("fake-two.myshopify.com", "shpat_one", "{ shop { name } }")).status).toBe(401);
    const blogId = fake.shop("fake-one.myshopify.com").blogs[0]!.id;
    const created = await graphql("fake-one.myshopify.com", "shpat_one", CREATE, {
      article: { blogId, title: "Only here", author: { name: "A" } },
    });
    expect(created.body.data.articleCreate.userErrors).toEqual([]);
    expect(fake.shop("fake-one.myshopify.com").articles.map((a) => a.title)).toContain("Only here");
    expect(fake.shop("fake-two.myshopify.com").articles).toEqual([]);
  });

  it("rejects a query that does not fit Shopify's schema, with errors and no data", async () => {
    const { status, body } = await graphql("fake-one.myshopify.com", "shpat_one", "{ shop { name onlineStoreUrl } }");
    expect(status).toBe(200);
    expect(body.data).toBeUndefined();
    expect(body.errors[0].message).toBe('Cannot query field "onlineStoreUrl" on type "Shop".');
    expect(body.errors[0].locations).toEqual([{ line: 1, column: 15 }]);
  });

  it("rejects a syntax error and a wrong argument type", async () => {
    expect((await graphql("fake-one.myshopify.com", "shpat_one", "{ shop { name }")).body.errors[0].message).toMatch(
      /Syntax Error/,
    );
    const wrongType = await graphql("fake-one.myshopify.com", "shpat_one", '{ blogs(first: "ten") { nodes { id } } }');
    expect(wrongType.body.errors[0].message).toMatch(/Int cannot represent non-integer value/);
  });

  it("rejects an article without its required title or author before running anything", async () => {
    const blogId = fake.shop("fake-one.myshopify.com").blogs[0]!.id;
    const before = fake.shop("fake-one.myshopify.com").articles.length;
    const noTitle = await graphql("fake-one.myshopify.com", "shpat_one", CREATE, {
      article: { blogId, author: { name: "A" } },
    });
    expect(noTitle.body.errors[0].message).toMatch(/Field "title" of required type "String!" was not provided/);
    const noAuthor = await graphql("fake-one.myshopify.com", "shpat_one", CREATE, { article: { blogId, title: "T" } });
    expect(noAuthor.body.errors[0].message).toMatch(/Field "author" of required type "AuthorInput!" was not provided/);
    expect(fake.shop("fake-one.myshopify.com").articles).toHaveLength(before);
  });

  it("answers an unknown blog, a blank title and a blank author with userErrors", async () => {
    const { body } = await graphql("fake-one.myshopify.com", "shpat_one", CREATE, {
      article: { blogId: "gid://shopify/Blog/999", title: " ", author: { name: "" } },
    });
    expect(body.data.articleCreate.article).toBeNull();
    expect(body.data.articleCreate.userErrors.map((e: { code: string }) => e.code).sort()).toEqual([
      "AUTHOR_FIELD_REQUIRED",
      "BLANK",
      "NOT_FOUND",
    ]);
  });

  it("refuses a mutation the token has no scope for", async () => {
    const blogId = fake.shop("fake-two.myshopify.com").blogs[0]!.id;
    const { body } = await graphql("fake-two.myshopify.com", "shpat_two", CREATE, {
      article: { blogId, title: "T", author: { name: "A" } },
    });
    expect(body.errors[0].extensions.code).toBe("ACCESS_DENIED");
    expect(body.data.articleCreate).toBeNull();
    expect(fake.shop("fake-two.myshopify.com").articles).toEqual([]);
  });

  it("reports the query cost and the shop's bucket on every answer, and throttles when the bucket is empty", async () => {
    const ok = await graphql(
      "fake-one.myshopify.com",
      "shpat_one",
      "{ shop { name } blogs(first: 10) { nodes { id } } }",
    );
    expect(ok.body.extensions.cost).toMatchObject({
      requestedQueryCost: 13,
      throttleStatus: { maximumAvailable: 1000, restoreRate: 50 },
    });
    expect(ok.body.extensions.cost.actualQueryCost).toBeLessThan(13);

    fake.setThrottle("fake-one.myshopify.com", { currentlyAvailable: 0, restoreRate: 1 });
    const throttled = await graphql("fake-one.myshopify.com", "shpat_one", CREATE, {
      article: { blogId: "gid://shopify/Blog/1", title: "T", author: { name: "A" } },
    });
    expect(throttled.status).toBe(200);
    expect(throttled.body.errors[0]).toMatchObject({ message: "Throttled", extensions: { code: "THROTTLED" } });
    expect(throttled.body.extensions.cost).toMatchObject({
      requestedQueryCost: 10,
      actualQueryCost: null,
      throttleStatus: { maximumAvailable: 1000, currentlyAvailable: 0, restoreRate: 1 },
    });
    expect(fake.throttledRequests("fake-one.myshopify.com")).toHaveLength(1);
    fake.setThrottle("fake-one.myshopify.com", { currentlyAvailable: 1000, restoreRate: 50 });
  });

  it("refuses an invalid document on every request, not only the first", async () => {
    const query = "{ shop { name onlineStoreUrl } }";
    const first = await graphql("fake-one.myshopify.com", "shpat_one", query);
    const second = await graphql("fake-one.myshopify.com", "shpat_one", query);
    expect(second.body).toEqual(first.body);
    expect(second.body.data).toBeUndefined();
    expect(second.body.errors[0].message).toBe('Cannot query field "onlineStoreUrl" on type "Shop".');
  });

  it("checks the variables and charges the cost of each request, even for a document it has seen", async () => {
    const query = "query Blogs($first: Int!) { blogs(first: $first) { nodes { id } } }";
    const small = await graphql("fake-one.myshopify.com", "shpat_one", query, { first: 1 });
    const large = await graphql("fake-one.myshopify.com", "shpat_one", query, { first: 50 });
    expect(small.body.extensions.cost.requestedQueryCost).toBe(3);
    expect(large.body.extensions.cost.requestedQueryCost).toBe(52);
    const missing = await graphql("fake-one.myshopify.com", "shpat_one", query, {});
    expect(missing.body.data).toBeUndefined();
    expect(missing.body.errors[0].extensions.code).toBe("INVALID_VARIABLE");
    const wrongType = await graphql("fake-one.myshopify.com", "shpat_one", query, { first: "many" });
    expect(wrongType.body.errors[0].message).toMatch(/Int cannot represent non-integer value/);
  });

  it("refuses a single query that costs more than 1000 points", async () => {
    const { body } = await graphql(
      "fake-one.myshopify.com",
      "shpat_one",
      "{ articles(first: 250) { nodes { id blog { id } author { name } image { url } } } }",
    );
    expect(body.errors[0].extensions.code).toBe("MAX_COST_EXCEEDED");
  });

  it("accepts a staged upload and serves the processed file from its CDN", async () => {
    const shop = "fake-one.myshopify.com";
    const png = onePixelPng(10, 20, 30);
    const staged = await graphql(
      shop,
      "shpat_one",
      `
        mutation {
          stagedUploadsCreate(
            input: [{ filename: "a.png", mimeType: "image/png", resource: IMAGE, httpMethod: POST }]
          ) {
            stagedTargets {
              url
              resourceUrl
              parameters {
                name
                value
              }
            }
            userErrors {
              message
            }
          }
        }
      `,
    );
    const target = staged.body.data.stagedUploadsCreate.stagedTargets[0];
    const unsigned = new FormData();
    for (const p of target.parameters) unsigned.append(p.name, p.name === "x-goog-signature" ? "forged" : p.value);
    unsigned.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "a.png");
    expect((await fetch(target.url, { method: "POST", body: unsigned })).status).toBe(403);

    const form = new FormData();
    for (const p of target.parameters) form.append(p.name, p.value);
    form.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "a.png");
    expect((await fetch(target.url, { method: "POST", body: form })).status).toBe(201);

    const created = await graphql(
      shop,
      "shpat_one",
      `
        mutation ($src: String!) {
          fileCreate(files: [{ originalSource: $src, contentType: IMAGE }]) {
            files {
              id
              fileStatus
            }
            userErrors {
              message
            }
          }
        }
      `,
      { src: target.resourceUrl },
    );
    const file = created.body.data.fileCreate.files[0];
    expect(file.fileStatus).toBe("UPLOADED");
    const status = `query($id: ID!) { node(id: $id) { ... on MediaImage { fileStatus image { url } } } }`;
    const processing = await graphql(shop, "shpat_one", status, { id: file.id });
    expect(processing.body.data.node).toEqual({ fileStatus: "PROCESSING", image: null });
    const ready = await graphql(shop, "shpat_one", status, { id: file.id });
    expect(ready.body.data.node.fileStatus).toBe("READY");
    const served = await fetch(ready.body.data.node.image.url);
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
  });

  it("exports its validator for other tests", () => {
    expect(validateAdminQuery("{ shop { name } }").ok).toBe(true);
    const invalid = validateAdminQuery("query($id: ID!) { article(id: $id) { id } }", {});
    expect(invalid.ok).toBe(false);
    // The same document with the variable it declares passes: only the document's own checks are remembered.
    expect(validateAdminQuery("query($id: ID!) { article(id: $id) { id } }", { id: "gid://shopify/Article/1" }).ok).toBe(
      true,
    );
    const unknownField = "{ shop { nope } }";
    for (let i = 0; i < 2; i++) {
      const result = validateAdminQuery(unknownField);
      expect(result.ok).toBe(false);
      if (!result.ok) result.errors[0]!.message = "changed by a caller";
    }
    const again = validateAdminQuery(unknownField);
    expect(again.ok || again.errors[0]!.message).toMatch(/^Cannot query field "nope" on type "Shop"\./);
  });

  it("serves a shop found by its Host header too", async () => {
    const { request } = await import("node:http");
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        `${fake.origin}/admin/api/2026-10/graphql.json`,
        {
          method: "POST",
          headers: {
            host: "fake-one.myshopify.com",
            "content-type": "application/json",
            "x-shopify-access-token": "shpat_one",
          },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on("error", reject);
      req.end(JSON.stringify({ query: "{ shop { name } }" }));
    });
    expect(status).toBe(200);
  });
});
