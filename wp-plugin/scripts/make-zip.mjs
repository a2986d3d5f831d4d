// Packs the installable plugin: the PHP files, readme, translations and the built scripts, inside a postwright/
// folder, as dist/postwright.zip (built, never committed). Run after `wp-scripts build` (`npm run zip -w wp-plugin`).
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const pluginDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const shipped = ["postwright.php", "uninstall.php", "readme.txt", "includes", "languages", "build"];

if (!existsSync(path.join(pluginDir, "build/admin.asset.php"))) {
  console.error("build/ is missing: run `npm run build -w wp-plugin` first.");
  process.exit(1);
}
const staging = mkdtempSync(path.join(tmpdir(), "postwright-zip-"));
try {
  const root = path.join(staging, "postwright");
  mkdirSync(root);
  for (const entry of shipped) cpSync(path.join(pluginDir, entry), path.join(root, entry), { recursive: true });
  const out = path.join(pluginDir, "dist/postwright.zip");
  mkdirSync(path.dirname(out), { recursive: true });
  rmSync(out, { force: true });
  // PHP's ZipArchive (PHP is needed for the plugin's tests anyway) so no zip tool or npm package is required.
  execFileSync(
    "php",
    [
      "-r",
      `$zip = new ZipArchive();
       if ( true !== $zip->open( $argv[2], ZipArchive::CREATE ) ) { exit( 1 ); }
       $base = $argv[1];
       $it = new RecursiveIteratorIterator( new RecursiveDirectoryIterator( $base . '/postwright', FilesystemIterator::SKIP_DOTS ) );
       foreach ( $it as $file ) { $zip->addFile( $file->getPathname(), substr( $file->getPathname(), strlen( $base ) + 1 ) ); }
       exit( $zip->close() ? 0 : 1 );`,
      staging,
      out,
    ],
    { stdio: "inherit" },
  );
  console.log(`Wrote ${path.relative(process.cwd(), out)}`);
} finally {
  rmSync(staging, { recursive: true, force: true });
}
