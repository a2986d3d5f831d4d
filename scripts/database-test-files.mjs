#!/usr/bin/env node
// The node tests that open a database (themselves or through a module they import): the files the vitest project
// "postgres" runs a second time on a PostgreSQL server when TEST_POSTGRES_URL is set (vitest.config.ts imports
// databaseTestFiles()); run as a script, it prints them one path a line. Tests without a database would only repeat
// what the first pass proved. A test counts when its own file, or a project file it reaches through relative imports,
// creates a test database or a test app (which has one), or reads the server's address.
import { readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const testRoots = ["core/src", "standalone-web/server", "tests/integration"];
const opensDatabase = /\b(?:createTestDatabase|createTestApp)\s*\(|\bTEST_DATABASE_URL\b|\btestDatabaseServer\s*\(/;
const importFrom =
  /(?:^|[\s;])(?:import|export)\s[^;]*?from\s*["'](\.{1,2}\/[^"']+)["']|import\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g;

function* walk(folder) {
  for (const name of readdirSync(folder)) {
    if (name === "node_modules" || name === "dist") continue;
    const path = join(folder, name);
    if (statSync(path).isDirectory()) yield* walk(path);
    else if (name.endsWith(".test.ts")) yield path;
  }
}

const sourceCache = new Map();
function source(path) {
  if (!sourceCache.has(path)) {
    let text = null;
    try {
      text = readFileSync(path, "utf8");
    } catch {
      text = null;
    }
    sourceCache.set(path, text);
  }
  return sourceCache.get(path);
}

/** Lines that only declare the helpers (their definitions) do not open a database. */
const usesDatabase = (text) =>
  text
    .split("\n")
    .some(
      (line) =>
        opensDatabase.test(line) &&
        !/\bfunction\s+(?:createTestDatabase|createTestApp|testDatabaseServer)\b/.test(line) &&
        !/^\s*(?:\/\/|\*)/.test(line),
    );

function reachesDatabase(path, seen = new Set()) {
  if (seen.has(path)) return false;
  seen.add(path);
  const text = source(path);
  if (text === null) return false;
  let found = usesDatabase(text);
  for (const match of found ? [] : text.matchAll(importFrom)) {
    const target = resolve(dirname(path), match[1] ?? match[2]);
    if (reachesDatabase(target, seen)) {
      found = true;
      break;
    }
  }
  return found;
}

/** The database tests' paths, relative to the repository's root, sorted. */
export function databaseTestFiles() {
  const tests = testRoots.flatMap((folder) => [...walk(join(root, folder))]).sort();
  return tests.filter((test) => reachesDatabase(test)).map((test) => relative(root, test));
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  for (const test of databaseTestFiles()) console.log(test);
}
