// Refuses to go on under a Node.js older than the one package.json's `engines` names, and says which one is needed,
// which one is running and how to get the right one. Run before `npm install` (the `preinstall` script) and by
// `npm start`: on an older Node.js, npm only warns about `engines` and the site then dies with "Segmentation fault".
// Plain Node.js and no dependencies, so that it works before anything is installed and on any old version.
// `node scripts/check-node.mjs [version]` checks the given version instead of the running one.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";

const packageJson = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
const wanted = /^>=\s*(\d+)\.(\d+)/.exec(packageJson.engines.node);
const [needMajor, needMinor] = [Number(wanted[1]), Number(wanted[2])];

/** Whether a version such as "20.20.2" or "v22.12.0" is the one `engines` asks for or newer. */
export function isSupported(version) {
  const [major, minor] = version.replace(/^v/, "").split(".").map(Number);
  return major > needMajor || (major === needMajor && minor >= needMinor);
}

export function refusal(version) {
  return [
    `Postwright needs Node.js ${needMajor} (${needMajor}.${needMinor} or newer) or 24; this is Node.js ${version.replace(/^v/, "")}.`,
    `Install Node.js ${needMajor} or 24 from https://nodejs.org/ or with a version manager (for example`,
    `\`nvm install ${needMajor}\`), then run the command again.`,
  ].join("\n");
}

/** Exits with the refusal when the running Node.js (or the version given on the command line) is too old. */
export function requireSupportedNode(version = process.versions.node) {
  if (isSupported(version)) return;
  console.error(refusal(version));
  process.exit(1);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  requireSupportedNode(process.argv[2] || process.versions.node);
}
