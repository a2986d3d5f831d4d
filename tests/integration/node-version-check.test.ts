// `npm install` (the preinstall script) and `npm start` refuse an older Node.js before anything else runs, saying which
// one is needed, which one is running and how to get the right one.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const script = fileURLToPath(new URL("../../scripts/check-node.mjs", import.meta.url));

function check(version: string) {
  const run = spawnSync(process.execPath, [script, version], { cwd: root, encoding: "utf8" });
  return { status: run.status, stderr: run.stderr };
}

describe("the Node.js version check", () => {
  it("refuses Node.js 20 with the needed version, the running one and how to get the right one", () => {
    const { status, stderr } = check("20.20.2");
    expect(status).toBe(1);
    expect(stderr).toContain("needs Node.js 22 (22.12 or newer) or 24");
    expect(stderr).toContain("this is Node.js 20.20.2");
    expect(stderr).toContain("https://nodejs.org/");
    expect(stderr).toContain("nvm install 22");
  });

  it("refuses a Node.js 22 older than 22.12", () => {
    const { status, stderr } = check("v22.11.0");
    expect(status).toBe(1);
    expect(stderr).toContain("this is Node.js 22.11.0");
  });

  it("lets 22.12 and newer majors through without a word", () => {
    for (const version of ["22.12.0", "22.23.3", "24.0.0", "26.1.0"]) {
      expect(check(version)).toEqual({ status: 0, stderr: "" });
    }
  });

  it("is npm install's preinstall script", () => {
    const pkg = JSON.parse(readFileSync(`${root}/package.json`, "utf8")) as { scripts: Record<string, string> };
    expect(pkg.scripts.preinstall).toBe("node scripts/check-node.mjs");
  });

  it("stops npm start under an old Node.js before the site builds or starts", () => {
    // The real start script, on a Node.js that reports itself as 20.20.2.
    const reportsNode20 = "data:text/javascript,Object.defineProperty(process.versions,'node',{value:'20.20.2'})";
    const run = spawnSync(process.execPath, ["--import", reportsNode20, "scripts/start.mjs"], {
      cwd: root,
      encoding: "utf8",
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("this is Node.js 20.20.2");
    expect(run.stdout).not.toContain("Building the web client");
  });
});
