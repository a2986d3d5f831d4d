// The plugin's translation template holds every string its PHP and JavaScript show, and nothing it no longer shows,
// so translators (and WordPress.org's language packs) get the whole plugin. `npm run pot -w wp-plugin` regenerates it.
import { execFile } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);
const script = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../wp-plugin/scripts/make-pot.mjs");

describe("the plugin's translation template", () => {
  it("is up to date with the plugin's strings", async () => {
    const { stdout } = await run(process.execPath, [script, "--check"], { timeout: 120_000 }).catch(
      (error: { stdout?: string }) => ({ stdout: error.stdout ?? String(error) }),
    );
    expect(stdout).toMatch(/^languages\/postwright\.pot is up to date \(\d+ strings\)\./);
  }, 120_000);
});
