// The WordPress plugin's PHP: every file parses (`php -l`), and its PHPUnit suite (REST routes, permissions, signed
// requests, publishing, SEO field mapping) passes inside a real WordPress with the plugin active, on WordPress 7.1 (the
// current release) and 6.8 (the oldest its scripts run on); on 6.8 only when 7.1's release tarball is not there.
import { execFile } from "node:child_process";
import { cp, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWordPress, wordpressVersionsToTest, type WordPressSite } from "../support/wordpress/start-wordpress.ts";

const run = promisify(execFile);
const pluginDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../wp-plugin");

async function phpFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries
      .filter((entry) => !["node_modules", "build", "dist"].includes(entry.name))
      .map((entry) => {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) return phpFiles(full);
        return Promise.resolve(entry.name.endsWith(".php") ? [full] : []);
      }),
  );
  return nested.flat();
}

describe("WordPress plugin (PHP syntax)", () => {
  it("has no PHP syntax error in any file", async () => {
    const files = await phpFiles(pluginDir);
    expect(files.length).toBeGreaterThan(10);
    const results = await Promise.all(
      files.map((file) =>
        run("php", ["-l", file]).then(
          () => undefined,
          (error: { stdout?: string; stderr?: string }) =>
            `${path.relative(pluginDir, file)}: ${error.stdout ?? ""}${error.stderr ?? ""}`,
        ),
      ),
    );
    expect(results.filter(Boolean)).toEqual([]);
  });
});

describe.each(wordpressVersionsToTest())("WordPress plugin (PHP) on WordPress %s", (version) => {
  let site: WordPressSite;
  let staging: string;

  beforeAll(async () => {
    // The plugin's PHP as the release zip lays it out (a postwright/ folder), without building the scripts.
    staging = await mkdtemp(path.join(tmpdir(), "postwright-plugin-"));
    const plugin = path.join(staging, "postwright");
    for (const entry of ["postwright.php", "uninstall.php", "readme.txt", "includes", "languages"]) {
      await cp(path.join(pluginDir, entry), path.join(plugin, entry), { recursive: true });
    }
    site = await startWordPress({ version, plugins: [plugin] });
  });

  afterAll(async () => {
    await site?.stop();
    if (staging) await rm(staging, { recursive: true, force: true });
  });

  it("runs the expected WordPress", async () => {
    expect(await site.php("echo get_bloginfo( 'version' );")).toMatch(
      new RegExp(`^${version.replace(".", "\\.")}(\\.|$)`),
    );
  });

  it("passes its PHPUnit suite inside the real WordPress", async () => {
    const result = await run("phpunit", ["-c", path.join(pluginDir, "phpunit.xml.dist")], {
      cwd: pluginDir,
      env: { ...process.env, POSTWRIGHT_WP_DIR: site.dir },
      maxBuffer: 16 * 1024 * 1024,
      timeout: 180_000,
    }).catch((error: { stdout?: string; stderr?: string; code?: number }) => ({
      stdout: `${error.stdout ?? ""}\n${error.stderr ?? ""}\nexit code ${String(error.code)}`,
      stderr: "",
    }));
    expect(result.stdout).toMatch(/^OK \(\d+ tests?, \d+ assertions?\)$/m);
  }, 240_000);
});
