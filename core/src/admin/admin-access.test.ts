import { describe, expect, it } from "vitest";
import { assertAdmin, isAdminEmail } from "./admin-access.ts";

const config = { adminEmail: "owner@example.com" };

describe("admin access", () => {
  it("recognises the administrator's email whatever its case and spacing", () => {
    expect(isAdminEmail(config, " Owner@Example.com ")).toBe(true);
    expect(isAdminEmail(config, "someone@example.com")).toBe(false);
    expect(isAdminEmail({ adminEmail: undefined }, "owner@example.com")).toBe(false);
  });

  it("refuses everyone else with the product's Access Denied message", () => {
    expect(() => assertAdmin(config, { email: "someone@example.com" })).toThrow(
      "Access Denied: You don't have permission to access this page.",
    );
    expect(() => assertAdmin(config, null)).toThrow(expect.objectContaining({ code: "UNAUTHORIZED" }));
    expect(() => assertAdmin(config, { email: "owner@example.com" })).not.toThrow();
  });
});
