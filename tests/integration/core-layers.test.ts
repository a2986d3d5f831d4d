// The core's folders stay layered (no two import each other), and the newcomer's table in docs/CONTRIBUTING.md
// ("Find it from its path") still names files that exist and hold what it says.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, normalize, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const core = join(root, "core", "src");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith(".ts") && !name.includes(".test.") ? [path] : [];
  });
}

/** The top folder of core/src a file is in (or the file itself at the top). */
const folderOf = (path: string) => relative(core, path).split(sep)[0]!;

describe("the core's layers", () => {
  it("has no two folders that import each other", () => {
    const imports = new Map<string, Map<string, string>>();
    for (const file of sourceFiles(core)) {
      const text = readFileSync(file, "utf8");
      for (const match of text.matchAll(/(?:import|export)[^;]*?from\s+"(\.[^"]+)"/gs)) {
        const target = normalize(join(dirname(file), match[1]!));
        if (!target.startsWith(core)) continue;
        const [from, to] = [folderOf(file), folderOf(target)];
        if (from === to) continue;
        if (!imports.has(from)) imports.set(from, new Map());
        imports.get(from)!.set(to, relative(root, file));
      }
    }
    const both: string[] = [];
    for (const [from, targets] of imports) {
      for (const [to, example] of targets) {
        const back = imports.get(to)?.get(from);
        if (back && from < to) both.push(`${from} <-> ${to} (${example}; ${back})`);
      }
    }
    expect(both).toEqual([]);
  });

  it("keeps each platform's files in a folder named for the platform", () => {
    // "plugin" and "woo" name WordPress's plugin and WooCommerce; the contracts are grouped by route instead.
    const platformOf = (name: string) =>
      /shopify|shop-/.test(name)
        ? "shopify"
        : /wordpress|plugin/.test(name)
          ? "wordpress"
          : /woo/.test(name)
            ? "woo"
            : null;
    const misplaced = sourceFiles(core)
      .map((file) => relative(core, file).split(sep))
      .filter((parts) => parts[0] !== "contracts")
      .filter((parts) => {
        const platform = platformOf(parts.at(-1)!);
        const folders = parts.slice(0, -1);
        return (
          platform !== null &&
          !folders.some((folder) => folder.startsWith(platform === "woo" ? "woocommerce" : platform))
        );
      })
      .map((parts) => parts.join("/"));
    expect(misplaced).toEqual([]);
  });

  it("answers the newcomer's questions with files that exist and hold the name given", () => {
    const guide = readFileSync(join(root, "docs", "CONTRIBUTING.md"), "utf8");
    const rows = [...guide.matchAll(/^\| [^|]+\| `([^`]+)` \| `([^`]+)` \|$/gm)];
    expect(rows.length).toBeGreaterThanOrEqual(10);
    for (const [, file, name] of rows) {
      const text = readFileSync(join(root, file!), "utf8");
      expect(text, `${file} should declare ${name}`).toMatch(
        new RegExp(`export (?:async )?(?:function|const|class) ${name}\\b`),
      );
    }
  });
});
