// Prints the SQL that takes a database from one state to another, computed offline by Prisma 6:
//   node tools/prisma-diff/diff.mjs              SQL from prisma/schema.prisma as committed (git HEAD) to the file now
//   node tools/prisma-diff/diff.mjs --from REV   the same from the schema at another revision
//   node tools/prisma-diff/diff.mjs --empty      SQL of the whole schema from an empty database
// (Diffing from the migrations folder itself needs a shadow database that can run multi-statement scripts, which the
// PGlite adapter cannot; the drift test in core/src/db/migrate.test.ts checks that the migrations match the schema.)
// Prisma 6 wants a datasource url in the schema (Prisma 7 keeps it in prisma.config.ts), so a copy with one is used.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync, chmodSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "../..");
const work = mkdtempSync(join(tmpdir(), "prisma-diff-"));
try {
  const withUrl = (schema) =>
    schema.replace(/datasource db \{([^}]*)\}/, (_m, body) => `datasource db {${body}  url = "postgresql://unused"\n}`);
  const schemaPath = join(work, "schema.prisma");
  writeFileSync(schemaPath, withUrl(readFileSync(join(root, "prisma/schema.prisma"), "utf8")));
  const dummy = join(work, "no-engine");
  writeFileSync(dummy, "");
  chmodSync(dummy, 0o755);
  let from = ["--from-empty"];
  if (!process.argv.includes("--empty")) {
    const fromIndex = process.argv.indexOf("--from");
    const rev = fromIndex > 0 ? process.argv[fromIndex + 1] : "HEAD";
    const before = execFileSync("git", ["show", `${rev}:prisma/schema.prisma`], { cwd: root, encoding: "utf8" });
    const beforePath = join(work, "before.prisma");
    writeFileSync(beforePath, withUrl(before));
    from = ["--from-schema-datamodel", beforePath];
  }
  const result = spawnSync(
    process.execPath,
    [join(here, "node_modules/prisma/build/index.js"), "migrate", "diff", ...from, "--to-schema-datamodel", schemaPath, "--script"],
    {
      cwd: here,
      encoding: "utf8",
      env: { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: dummy, PRISMA_QUERY_ENGINE_LIBRARY: dummy, PRISMA_HIDE_UPDATE_MESSAGE: "1" },
    },
  );
  // Prisma exits with 99 here even when the diff succeeded: judge by the output.
  const sql = result.stdout ?? "";
  if (!/^-- |^\s*$/m.test(sql) || /^Error/m.test(result.stderr ?? "")) {
    process.stderr.write(result.stderr ?? "");
    process.exit(1);
  }
  process.stdout.write(sql);
} finally {
  rmSync(work, { recursive: true, force: true });
}
