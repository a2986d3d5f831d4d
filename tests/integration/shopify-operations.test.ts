// Every GraphQL document the Shopify publisher sends must be valid against Shopify's published Admin schema of the
// version the client pins.
import { describe, expect, it } from "vitest";
import { SHOPIFY_API_VERSION, shopifyOperations } from "../../core/src/publishing/shopify/index.ts";
import { ADMIN_SCHEMA_VERSION, validateAdminDocument } from "../fakes/shopify/index.ts";

describe("the Shopify publisher's GraphQL documents", () => {
  it("target the API version whose schema is bundled", () => {
    expect(SHOPIFY_API_VERSION).toBe(ADMIN_SCHEMA_VERSION);
  });

  it.each(shopifyOperations.map((operation) => [operation.name, operation] as const))(
    "%s is valid against the schema",
    (name, operation) => {
      expect(validateAdminDocument(operation.document)).toEqual([]);
      expect(operation.document).toContain(
        `${operation.document.includes("mutation ") ? "mutation" : "query"} ${name}`,
      );
      expect(operation.document.trimStart().startsWith("#graphql")).toBe(true);
    },
  );
});
