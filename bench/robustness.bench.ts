// `npm run bench -- robustness`: runs the test cases that probe the account and abuse findings (each one a way the
// site was once attacked or broken) and prints, per finding, how many cases ran and passed. The cases are ordinary
// tests of `npm test`; this only runs them together and counts them.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { repoRoot } from "./support.ts";

interface Finding {
  name: string;
  /** Test files, each with the test names that belong to the finding (all of the file when absent). */
  cases: { file: string; names?: RegExp }[];
}

const findings: Finding[] = [
  {
    name: "1. No verification code handed out without mail in production",
    cases: [
      { file: "core/src/env.test.ts", names: /mail server|shows codes/ },
      { file: "tests/integration/deployment.test.ts", names: /mail server/ },
      { file: "standalone-web/server/src/routes/auth-smtp.test.ts" },
    ],
  },
  {
    name: "2. Shutdown and crashes charge nothing unwritten",
    cases: [
      { file: "standalone-web/server/src/robustness/shutdown.test.ts" },
      { file: "core/src/billing/generation-quota.test.ts", names: /died|expired|failed generation|released/ },
    ],
  },
  {
    name: "3. Model spend bounded by plan",
    cases: [
      { file: "standalone-web/server/src/robustness/model-spend.test.ts" },
      { file: "core/src/billing/generation-quota.test.ts", names: /one generation at a time|concurrent/ },
    ],
  },
  {
    name: "4. Uploads cannot fill the disk",
    cases: [
      { file: "standalone-web/server/src/routes/images.test.ts" },
      { file: "core/src/uploads/remove-unused-images.test.ts" },
    ],
  },
  {
    name: "5. Nobody can lock an owner out",
    cases: [{ file: "standalone-web/server/src/http/sign-in-throttle.test.ts" }],
  },
  {
    name: "6. Limits shared by every instance",
    cases: [
      { file: "standalone-web/server/src/http/rate-limit.test.ts" },
      { file: "core/src/limits/hit-rate-limit.test.ts" },
    ],
  },
  {
    name: "7. WordPress credentials go to the connected origin only",
    cases: [
      { file: "core/src/publishing/wordpress/wordpress-rest-client.test.ts", names: /another host|origin|plain http/ },
    ],
  },
  {
    name: "8. Smaller findings (NUL, links, keys, mail abuse, health)",
    cases: [{ file: "standalone-web/server/src/robustness/small-abuse.test.ts" }],
  },
];

interface JsonReport {
  testResults: { name: string; assertionResults: { fullName: string; status: string }[] }[];
}

export default async function robustness(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "postwright-robustness-"));
  const output = join(dir, "report.json");
  try {
    const files = [...new Set(findings.flatMap((f) => f.cases.map((c) => c.file)))];
    const status = await new Promise<number | null>((resolve, reject) => {
      const child = spawn(
        process.execPath,
        [
          join(repoRoot, "node_modules/vitest/vitest.mjs"),
          "run",
          ...files,
          "--reporter=json",
          `--outputFile=${output}`,
        ],
        { cwd: repoRoot, stdio: ["ignore", "ignore", "inherit"], env: process.env },
      );
      child.on("error", reject);
      child.on("close", (code) => resolve(code));
    });
    const report = JSON.parse(readFileSync(output, "utf8")) as JsonReport;
    const results = new Map(report.testResults.map((r) => [relative(repoRoot, r.name), r.assertionResults]));
    console.log("finding | cases | passed | failed");
    let total = 0;
    let passed = 0;
    const failures: string[] = [];
    for (const finding of findings) {
      const cases = finding.cases.flatMap(({ file, names }) =>
        (results.get(file) ?? []).filter((test) => !names || names.test(test.fullName)),
      );
      const ok = cases.filter((test) => test.status === "passed").length;
      total += cases.length;
      passed += ok;
      console.log(`${finding.name} | ${cases.length} | ${ok} | ${cases.length - ok}`);
      failures.push(
        ...cases.filter((test) => test.status !== "passed").map((test) => `${test.status}: ${test.fullName}`),
      );
    }
    console.log(`all findings | ${total} | ${passed} | ${total - passed}`);
    for (const failure of failures) console.log(`  ${failure}`);
    if (status !== 0) console.log(`(vitest exited with ${status})`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
