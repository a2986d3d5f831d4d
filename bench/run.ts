// `npm run bench`: every benchmark of the project, one after the other. Each prints its figures next to a baseline
// measured in the same run, and the ratio; nothing here is asserted (tests never assert on timings). Names choose
// benchmarks; `--name value` options go to the benchmarks that read them (benchOption in support.ts).
import { readdir } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const takesValue = (arg: string | undefined) => arg?.startsWith("--") && !arg.includes("=");
const only = args.filter((arg, i) => !arg.startsWith("--") && !takesValue(args[i - 1]));
const files = (await readdir(here)).filter((f) => f.endsWith(".bench.ts")).sort();
for (const file of files) {
  const name = file.replace(/\.bench\.ts$/, "");
  if (only.length && !only.includes(name)) continue;
  console.log(`\n=== ${name} ===`);
  const mod = (await import(pathToFileURL(join(here, file)).href)) as { default: () => Promise<void> };
  await mod.default();
}
