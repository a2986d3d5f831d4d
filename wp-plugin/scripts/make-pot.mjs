// Regenerates languages/postwright.pot, the translation template, from the plugin's strings (text domain postwright):
// the JavaScript ones with WordPress's own Babel plugin (@wordpress/babel-plugin-makepot, which reads JSX), the PHP ones
// with GNU gettext's xgettext (Debian package `gettext`), merged with msgcat: what WP-CLI's `wp i18n make-pot` makes,
// where WP-CLI is not installed. Run: `npm run pot -w wp-plugin`; with `--check`, it only says whether the committed
// template is up to date (exit code 1 when a string is missing or stale).
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { transformFileSync } from "@babel/core";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const work = mkdtempSync(join(tmpdir(), "postwright-pot-"));

function files(dir, test, skip = []) {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .filter((file) => !skip.some((part) => file.includes(part)))
    .sort();
}

try {
  const version = /^ \* Version:\s*(\S+)/m.exec(readFileSync(join(root, "postwright.php"), "utf8"))?.[1] ?? "0.0.0";
  // One template per file (the Babel plugin writes its output file afresh each time), merged below.
  const jsPots = files("src", (name) => name.endsWith(".js") && !name.endsWith(".test.js")).map((file, i) => {
    const output = join(work, `js-${i}.pot`);
    transformFileSync(join(root, file), {
      cwd: root,
      filename: file,
      babelrc: false,
      configFile: false,
      presets: [["@babel/preset-react", { runtime: "automatic" }]],
      plugins: [["@wordpress/babel-plugin-makepot", { output }]],
    });
    return output;
  });
  const phpPot = join(work, "php.pot");
  const keywords = [
    "__",
    "_e",
    "esc_html__",
    "esc_html_e",
    "esc_attr__",
    "esc_attr_e",
    "_x:1,2c",
    "esc_html_x:1,2c",
    "esc_attr_x:1,2c",
    "_n:1,2",
    "_nx:1,2,4c",
  ];
  execFileSync(
    "xgettext",
    [
      "--language=PHP",
      "--from-code=UTF-8",
      "--add-comments=translators:",
      "--no-wrap",
      ...keywords.map((k) => `--keyword=${k}`),
      `--output=${phpPot}`,
      ...files(".", (name) => name.endsWith(".php"), ["node_modules/", "build/", "tests/", "vendor/"]),
    ],
    { cwd: root },
  );
  const templates = [phpPot, ...jsPots.filter((file) => existsSync(file))];
  const merged = execFileSync("msgcat", ["--use-first", "--no-wrap", "--sort-by-file", ...templates], {
    cwd: root,
    encoding: "utf8",
  });
  // One header of ours instead of xgettext's placeholder comments, with the plugin's version and the charset.
  const body = merged
    .replace(/^(#.*\n)+/, "")
    .replace(/"Project-Id-Version: [^"]*\\n"/, `"Project-Id-Version: Postwright ${version}\\n"`)
    .replace(/charset=CHARSET/, "charset=UTF-8");
  const header =
    "# Translations template of the Postwright plugin (PHP and JavaScript strings, text domain postwright).\n" +
    "# This file is distributed under the same license as the plugin (GPL-2.0-or-later).\n";
  const target = join(root, "languages/postwright.pot");
  if (process.argv.includes("--check")) {
    // Whether the committed template holds exactly the strings of the sources (dates and line numbers aside).
    const strings = (pot) =>
      new Set([...pot.matchAll(/^(?:msgctxt "(.*)"\n)?msgid "(.+)"$/gm)].map((m) => `${m[1] ?? ""}\u0004${m[2]}`));
    const want = strings(body);
    const have = strings(existsSync(target) ? readFileSync(target, "utf8") : "");
    const missing = [...want].filter((s) => !have.has(s));
    const stale = [...have].filter((s) => !want.has(s));
    for (const s of missing) console.log(`missing from the template: ${s.split("\u0004")[1]}`);
    for (const s of stale) console.log(`no longer in the sources: ${s.split("\u0004")[1]}`);
    if (missing.length || stale.length) {
      console.log("Run `npm run pot -w wp-plugin` to bring languages/postwright.pot up to date.");
      process.exitCode = 1;
    } else console.log(`languages/postwright.pot is up to date (${want.size} strings).`);
  } else {
    writeFileSync(target, header + body);
    console.log(`languages/postwright.pot: ${(body.match(/^msgid "/gm) ?? []).length - 1} strings`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
