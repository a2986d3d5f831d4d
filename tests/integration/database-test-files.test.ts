// CI runs the tests that open a database a second time, on PostgreSQL; the list comes from
// scripts/database-test-files.mjs, so a test it missed would silently run on the embedded database only.
import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..", "..");
const listed = execFileSync(process.execPath, [join(root, "scripts", "database-test-files.mjs")], { encoding: "utf8" })
  .split("\n")
  .filter(Boolean);

const testsUnder = (folder: string): string[] =>
  readdirSync(join(root, folder), { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".test.ts") && !name.includes("node_modules"))
    .map((name) => relative(root, join(root, folder, name)));

describe("the tests CI repeats on PostgreSQL", () => {
  it("include every test that creates a database or a test app itself", () => {
    const direct = ["core/src", "standalone-web/server", "tests/integration"]
      .flatMap(testsUnder)
      .filter((path) => /\b(?:createTestDatabase|createTestApp)\(/.test(readFileSync(join(root, path), "utf8")));
    expect(direct.length).toBeGreaterThan(20);
    expect(listed).toEqual(expect.arrayContaining(direct));
  });

  it("include tests that open one only through a shared helper, and leave out those without a database", () => {
    // Stripe's checkout test gets its database from the Stripe harness it imports; the SEO analysis touches none.
    expect(listed).toContain("tests/integration/stripe-checkout.test.ts");
    expect(listed).not.toContain("core/src/seo/analyze-seo.test.ts");
    expect(listed).not.toContain("tests/integration/database-test-files.test.ts");
  });
});
