import { describe, expect, it } from "vitest";
import { checkShopifyCredentials } from "./check-shopify-credentials.ts";
import type { ConnectionDeps } from "../types.ts";

/** A fetch that records what would have been sent: nothing may reach a private address. */
function deps(allowPrivateNetworkTargets: boolean) {
  const sent: string[] = [];
  const value = {
    allowPrivateNetworkTargets,
    fetch: async (input: string | URL) => {
      sent.push(String(input));
      return new Response("{}", { status: 404 });
    },
  } as unknown as ConnectionDeps;
  return { deps: value, sent };
}

describe("checkShopifyCredentials", () => {
  it("refuses a store address on a private network before sending the token anywhere", async () => {
    for (const storeUrl of ["https://10.0.0.8", "169.254.169.254", "http://127.0.0.1:8080/admin"]) {
      const { deps: strict, sent } = deps(false);
      const result = await checkShopifyCredentials(strict, { storeUrl, accessToken: "shpat_secret" });
      expect(result).toEqual({
        valid: false,
        blogs: [],
        message: "This address points to a private network and cannot be used.",
      });
      expect(sent).toEqual([]);
    }
  });

  it("answers an address that is not a store's with how to write one", async () => {
    const { deps: strict, sent } = deps(false);
    const result = await checkShopifyCredentials(strict, { storeUrl: "not a store", accessToken: "shpat_secret" });
    expect(result).toEqual({
      valid: false,
      blogs: [],
      message: "Enter your store's address, for example mystore.myshopify.com.",
    });
    expect(sent).toEqual([]);
  });
});
