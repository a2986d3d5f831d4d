// Starts a real, throwaway WordPress for tests: WordPress 7.1's release files or Debian's WordPress 6.8 (prepared by
// install.sh into a cache folder per version), the SQLite Database Integration drop-in instead of a MySQL server, and PHP's built-in web server on a free
// loopback port. Each site is a fresh folder of hard links to the cached core plus its own configuration, database and
// uploads, so sites never share state. The site is installed through its own web server (two small harness endpoints,
// protected by a per-site token), so PHP compiles WordPress once, into the server's OPcache.
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { copyFile, link, mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "../free-port.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, "../../..");
const phpDir = path.join(here, "php");
const installScript = path.join(here, "install.sh");
const baseCacheDir = process.env.POSTWRIGHT_WP_CACHE ?? path.join(repoRoot, "node_modules/.cache/wordpress");
const cacheLayoutVersion = "4";

/** The WordPress versions the harness runs: the current release, and the oldest one the plugin's scripts support. */
export type WordPressVersion = "7.1" | "6.8";

/** The Site Title every test site is installed with (the name the plugin gives the service when it connects). */
export const WORDPRESS_TEST_SITE_TITLE = "Postwright Test Site";
/** WordPress 7.1's release files (checked by install.sh against their SHA-256), beside the repository by default. */
export const wordpress71Tarball =
  process.env.POSTWRIGHT_WP_TARBALL ?? path.resolve(repoRoot, "../shared/vendor/wordpress-7.1.0.tar.gz");

const cacheDirOf = (version: WordPressVersion) => (version === "6.8" ? baseCacheDir : `${baseCacheDir}-7.1`);
let fallbackTold = false;

/**
 * The WordPress tests run on: WORDPRESS_VERSION when set, else 7.1 when its release tarball is there, else 6.8 (a
 * fresh machine without the tarball; said once on stderr). In CI the tarball must be there.
 */
export function defaultWordPressVersion(): WordPressVersion {
  const wanted = process.env.WORDPRESS_VERSION;
  if (wanted) {
    if (wanted !== "7.1" && wanted !== "6.8") throw new Error(`WORDPRESS_VERSION is "${wanted}": use 7.1 or 6.8.`);
    return wanted;
  }
  if (existsSync(wordpress71Tarball)) return "7.1";
  if (process.env.CI) {
    throw new Error(
      `WordPress 7.1's release tarball is not at ${wordpress71Tarball}: CI tests the plugin on it. Set POSTWRIGHT_WP_TARBALL.`,
    );
  }
  if (!fallbackTold) {
    fallbackTold = true;
    process.stderr.write(
      `WordPress 7.1's release tarball is not at ${wordpress71Tarball} (set POSTWRIGHT_WP_TARBALL to ` +
        `wordpress-7.1.0.tar.gz): the WordPress tests run on WordPress 6.8 from Debian instead.\n`,
    );
  }
  return "6.8";
}

/** The versions the plugin's PHP tests run on: both when 7.1's tarball is there (or in CI), else 6.8. */
export function wordpressVersionsToTest(): WordPressVersion[] {
  return defaultWordPressVersion() === "7.1" || existsSync(wordpress71Tarball) ? ["7.1", "6.8"] : ["6.8"];
}
const phpPackages = "php-cli php-sqlite3 php-mysql php-xml php-mbstring php-curl php-gd php-intl php-zip";

export type WordPressRole = "administrator" | "editor" | "author" | "contributor" | "subscriber";

export interface WordPressUser {
  id: number;
  username: string;
  /** The account's login password (for wp-login.php). */
  password: string;
  role: WordPressRole;
  /** An application password for the REST API, in WordPress's displayed form (groups of four separated by spaces). */
  applicationPassword: string;
}

export interface StartWordPressOptions {
  /** Which WordPress: 7.1 or 6.8. Default: defaultWordPressVersion(). */
  version?: WordPressVersion;
  /** Extra accounts besides the administrator, each with an application password. */
  users?: Array<{ username: string; role: WordPressRole; password?: string }>;
  /** /%postname%/ permalinks (and /wp-json/ routes); false leaves WordPress's plain ?p=123 links. Default true. */
  prettyPermalinks?: boolean;
  /** Must-use plugins to add, file name (without .php) to PHP code including the opening `<?php`. */
  muPlugins?: Record<string, string>;
  /** Plugin folders to link into wp-content/plugins and activate (for example the product's own plugin). */
  plugins?: string[];
  /**
   * Plugin zips to install and activate the way wp-admin's "Upload Plugin" does (WordPress's own Plugin_Upgrader
   * unpacks each one into wp-content/plugins), for example the product's built release zip.
   */
  pluginZips?: string[];
}

export interface WordPressSite {
  /** The WordPress version the site runs. */
  version: WordPressVersion;
  /** The site's address, for example http://127.0.0.1:41234 (no trailing slash). */
  url: string;
  /** The REST API root, `${url}/wp-json/` (with plain permalinks WordPress still routes it, via index.php). */
  restUrl: string;
  /** The folder the site runs from. */
  dir: string;
  adminUser: string;
  adminPassword: string;
  /** The administrator's application password. */
  applicationPassword: string;
  /** Every account by username, the administrator included. */
  users: Record<string, WordPressUser>;
  /** A fetch of `${url}/wp-json/<route>` authenticated as the administrator with the application password. */
  rest(route: string, init?: RequestInit): Promise<Response>;
  /** Runs PHP code (without `<?php`) with WordPress and its admin functions loaded, in a web request of the site. */
  php(code: string): Promise<string>;
  /** Adds (or replaces) a must-use plugin; it applies from the next request on. null removes it. */
  setMuPlugin(name: string, code: string | null): Promise<void>;
  /** The web server's recent output (request lines, PHP warnings), for diagnosing a failed test. */
  serverLog(): string;
  stop(): Promise<void>;
}

interface RunningSite {
  dir: string;
  server: ChildProcess;
}

const running = new Set<RunningSite>();
let exitHookInstalled = false;

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // A test run that ends without calling stop() must not leave web servers behind.
  process.once("exit", () => {
    for (const site of running) {
      killGroup(site.server);
      rmSync(site.dir, { recursive: true, force: true });
    }
  });
}

function killGroup(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {
    // Already gone.
  }
}

function run(
  command: string,
  args: string[],
  options: { input?: string; cwd?: string; timeoutMs?: number } = {},
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      command,
      args,
      { cwd: options.cwd, timeout: options.timeoutMs ?? 120_000, maxBuffer: 32 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) {
          reject(Object.assign(error, { stdout, stderr }));
        } else {
          resolve({ stdout, stderr });
        }
      },
    );
    if (options.input !== undefined) child.stdin?.end(options.input);
  });
}

async function phpProblem(): Promise<string | undefined> {
  try {
    await run("php", ["-r", "exit(extension_loaded('pdo_sqlite') && class_exists('ZipArchive') ? 0 : 3);"]);
    return undefined;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ENOENT"
      ? "PHP is not installed"
      : "PHP lacks the SQLite or Zip extension";
  }
}

/** PHP with the extensions WordPress needs; as root, install.sh installs it from apt when missing. */
async function ensurePhp(): Promise<void> {
  let problem = await phpProblem();
  if (problem && process.getuid?.() === 0) {
    await runInstallScript("6.8");
    problem = await phpProblem();
  }
  if (problem) {
    throw new Error(
      `${problem}, so the WordPress tests cannot start a site. Install it with ` +
        `\`bash tests/support/wordpress/install.sh\` as root (or \`apt-get install -y ${phpPackages}\`).`,
    );
  }
}

async function runInstallScript(version: WordPressVersion): Promise<void> {
  try {
    await run("bash", [installScript, version], { timeoutMs: 600_000 });
  } catch (error) {
    const output = (error as { stderr?: string }).stderr ?? String(error);
    throw new Error(
      `Preparing WordPress for the tests failed. Run \`bash tests/support/wordpress/install.sh\` (as root if PHP ` +
        `is missing) and see its output:\n${output}`,
    );
  }
}

function cacheReady(cacheDir: string): boolean {
  try {
    return readFileSync(path.join(cacheDir, ".complete"), "utf8").trim() === cacheLayoutVersion;
  } catch {
    return false;
  }
}

async function ensureCache(version: WordPressVersion): Promise<void> {
  const cacheDir = cacheDirOf(version);
  if (cacheReady(cacheDir)) return;
  await runInstallScript(version);
  if (!cacheReady(cacheDir))
    throw new Error("tests/support/wordpress/install.sh finished but the WordPress cache is incomplete.");
}

/** Mirrors a folder with hard links (same file system), falling back to copies where links are not possible. */
async function linkTree(from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true });
  const entries = await readdir(from, { withFileTypes: true });
  await Promise.all(
    entries.map(async (entry) => {
      const source = path.join(from, entry.name);
      const target = path.join(to, entry.name);
      if (entry.isDirectory()) {
        await linkTree(source, target);
      } else {
        try {
          await link(source, target);
        } catch {
          await copyFile(source, target);
        }
      }
    }),
  );
}

const phpString = (value: string) => `'${value.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;

function wpConfig(siteDir: string, url: string): string {
  const salt = () => phpString(randomBytes(32).toString("hex"));
  const keys = ["AUTH_KEY", "SECURE_AUTH_KEY", "LOGGED_IN_KEY", "NONCE_KEY"];
  const salts = ["AUTH_SALT", "SECURE_AUTH_SALT", "LOGGED_IN_SALT", "NONCE_SALT"];
  return `<?php
// Written by the test harness for one throwaway site.
define( 'DB_NAME', 'wordpress' );
define( 'DB_USER', '' );
define( 'DB_PASSWORD', '' );
define( 'DB_HOST', '' );
define( 'DB_CHARSET', 'utf8mb4' );
define( 'DB_COLLATE', '' );
define( 'DB_ENGINE', 'sqlite' );
define( 'DB_DIR', ${phpString(path.join(siteDir, "wp-content/database/"))} );
define( 'DB_FILE', 'wordpress.sqlite' );
$table_prefix = 'wp_';
${[...keys, ...salts].map((name) => `define( '${name}', ${salt()} );`).join("\n")}
define( 'WP_HOME', ${phpString(url)} );
define( 'WP_SITEURL', ${phpString(url)} );
define( 'WP_ENVIRONMENT_TYPE', 'local' );
define( 'WP_DEBUG', false );
define( 'AUTOMATIC_UPDATER_DISABLED', true );
define( 'WP_AUTO_UPDATE_CORE', false );
define( 'DISABLE_WP_CRON', true );
define( 'FS_METHOD', 'direct' );
if ( ! defined( 'ABSPATH' ) ) {
	define( 'ABSPATH', __DIR__ . '/' );
}
require_once ABSPATH . 'wp-settings.php';
`;
}

async function removeAbandonedSites(sitesDir: string): Promise<void> {
  let names: string[];
  try {
    names = await readdir(sitesDir);
  } catch {
    return;
  }
  await Promise.all(
    names.map(async (name) => {
      const dir = path.join(sitesDir, name);
      let owner: { pid: number; serverPid?: number };
      try {
        owner = JSON.parse(await readFile(path.join(dir, ".owner.json"), "utf8")) as typeof owner;
      } catch {
        // A site still being created has no owner file yet; only remove ones old enough to be abandoned.
        const age = Date.now() - (await stat(dir).catch(() => ({ mtimeMs: Date.now() }))).mtimeMs;
        if (age > 10 * 60_000) await rm(dir, { recursive: true, force: true });
        return;
      }
      if (isAlive(owner.pid)) return;
      // Only a PHP server is stopped: after a restart the recorded number may belong to any other process (and,
      // as a process group, to the very run doing this clean-up).
      if (owner.serverPid !== undefined && isAlive(owner.serverPid) && (await isPhpServer(owner.serverPid))) {
        try {
          process.kill(-owner.serverPid, "SIGTERM");
        } catch {
          // Gone meanwhile.
        }
      }
      await rm(dir, { recursive: true, force: true });
    }),
  );
}

async function isPhpServer(pid: number): Promise<boolean> {
  const commandLine = await readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => "");
  return /(^|\/)php[\d.]*\0/.test(commandLine) && commandLine.includes("-S\0");
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function createSiteFiles(siteDir: string, cacheDir: string, options: StartWordPressOptions): Promise<void> {
  await linkTree(path.join(cacheDir, "wordpress"), siteDir);
  const content = path.join(siteDir, "wp-content");
  const sqlitePlugin = path.join(content, "plugins/sqlite-database-integration");
  await linkTree(path.join(cacheDir, "sqlite-database-integration"), sqlitePlugin);
  const dropIn = (await readFile(path.join(sqlitePlugin, "db.copy"), "utf8"))
    .replaceAll("{SQLITE_IMPLEMENTATION_FOLDER_PATH}", sqlitePlugin)
    .replaceAll("{SQLITE_PLUGIN}", "sqlite-database-integration/load.php");
  await writeFile(path.join(content, "db.php"), dropIn);
  await mkdir(path.join(content, "database"), { recursive: true });
  await mkdir(path.join(content, "uploads"), { recursive: true });
  await mkdir(path.join(content, "mu-plugins"), { recursive: true });
  await copyFile(path.join(phpDir, "test-site.php"), path.join(content, "mu-plugins/postwright-test-site.php"));
  for (const [name, code] of Object.entries(options.muPlugins ?? {})) {
    await writeFile(path.join(content, "mu-plugins", `${safeName(name)}.php`), code);
  }
  for (const plugin of options.plugins ?? []) {
    await linkTree(plugin, path.join(content, "plugins", path.basename(plugin)));
  }
  await copyFile(path.join(phpDir, "setup-site.php"), path.join(siteDir, setupEndpoint));
  await copyFile(path.join(phpDir, "eval.php"), path.join(siteDir, evalEndpoint));
  await writeFile(path.join(siteDir, readyFile), "ready\n");
}

const setupEndpoint = "postwright-harness-setup.php";
const evalEndpoint = "postwright-harness-eval.php";
const readyFile = "postwright-harness-ready.txt";

function safeName(name: string): string {
  if (!/^[a-z0-9-]+$/i.test(name)) throw new Error(`Must-use plugin names are letters, digits and dashes: "${name}"`);
  return name;
}

function startServer(siteDir: string, port: number, token: string): { server: ChildProcess; log: () => string } {
  const lines: string[] = [];
  // OPcache makes requests two to three times faster; revalidating every time keeps setMuPlugin() changes immediate.
  const phpSettings = ["-d", "opcache.enable_cli=1", "-d", "opcache.revalidate_freq=0"];
  const server = spawn(
    "php",
    [...phpSettings, "-S", `127.0.0.1:${port}`, "-t", siteDir, path.join(phpDir, "router.php")],
    {
      cwd: siteDir,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
      // Several workers, so a request that makes WordPress call itself (or parallel uploads) does not deadlock.
      env: { ...process.env, PHP_CLI_SERVER_WORKERS: "4", POSTWRIGHT_HARNESS_TOKEN: token },
    },
  );
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
    if (lines.length > 400) lines.splice(0, lines.length - 400);
  };
  server.stdout?.on("data", keep);
  server.stderr?.on("data", keep);
  return { server, log: () => lines.join("\n") };
}

async function waitUntilServing(url: string, server: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  let lastError: unknown;
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(`The PHP web server stopped while starting WordPress:\n${log()}`);
    }
    try {
      const response = await fetch(`${url}/${readyFile}`, { signal: AbortSignal.timeout(5_000) });
      await response.arrayBuffer();
      if (response.ok) return;
      lastError = new Error(`HTTP ${response.status}`);
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`The PHP web server did not answer at ${url} (${String(lastError)}):\n${log()}`);
}

async function callEndpoint(url: string, endpoint: string, token: string, body: string, what: string): Promise<string> {
  const response = await fetch(`${url}/${endpoint}`, {
    method: "POST",
    headers: { "x-harness-token": token, "content-type": "text/plain" },
    body,
    signal: AbortSignal.timeout(120_000),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${what} failed (HTTP ${response.status}):\n${text}`);
  return text;
}

const randomPassword = () => randomBytes(12).toString("base64url");
const phpBody = (code: string) => code.replace(/^\s*<\?php/, "");

interface LaunchedSite {
  url: string;
  dir: string;
  entry: RunningSite & { log: () => string };
  users: WordPressUser[];
  php(code: string): Promise<string>;
}

/** Creates the site's files, starts its web server and installs it (from the template database when given). */
async function launchSite(
  cacheDir: string,
  options: StartWordPressOptions,
  templateDatabase: string | undefined,
): Promise<LaunchedSite> {
  const sitesDir = path.join(cacheDir, "sites");
  await mkdir(sitesDir, { recursive: true });
  const siteDir = path.join(sitesDir, `site-${process.pid}-${randomBytes(4).toString("hex")}`);
  const token = randomBytes(24).toString("hex");

  let started: (RunningSite & { log: () => string }) | undefined;
  try {
    await createSiteFiles(siteDir, cacheDir, options);
    if (templateDatabase) await copyFile(templateDatabase, path.join(siteDir, "wp-content/database/wordpress.sqlite"));

    // The port is free when picked; if another process takes it before PHP binds it, pick another.
    let url = "";
    for (let attempt = 0; attempt < 3 && !started; attempt++) {
      const port = await freePort();
      url = `http://127.0.0.1:${port}`;
      await writeFile(path.join(siteDir, "wp-config.php"), wpConfig(siteDir, url));
      const candidate = startServer(siteDir, port, token);
      const entry = { dir: siteDir, server: candidate.server, log: candidate.log };
      running.add(entry);
      await writeFile(
        path.join(siteDir, ".owner.json"),
        JSON.stringify({ pid: process.pid, serverPid: candidate.server.pid }),
      );
      try {
        await waitUntilServing(url, candidate.server, candidate.log);
        started = entry;
      } catch (error) {
        running.delete(entry);
        await stopServer(candidate.server);
        if (!/Address already in use/i.test(candidate.log()) || attempt === 2) throw error;
      }
    }
    if (!started) throw new Error("Could not start the PHP web server");

    const settings = {
      title: WORDPRESS_TEST_SITE_TITLE,
      prettyPermalinks: options.prettyPermalinks ?? true,
      admin: { username: "admin", email: "admin@example.com", password: randomPassword() },
      users: (options.users ?? []).map((user) => ({ ...user, password: user.password ?? randomPassword() })),
    };
    const users = JSON.parse(
      await callEndpoint(url, setupEndpoint, token, JSON.stringify(settings), "Installing WordPress"),
    ) as WordPressUser[];
    const php = (code: string) => callEndpoint(url, evalEndpoint, token, phpBody(code), "PHP in the WordPress site");
    return { url, dir: siteDir, entry: started, users, php };
  } catch (error) {
    const log = started?.log() ?? "";
    if (started) {
      running.delete(started);
      await stopServer(started.server);
    }
    await rm(siteDir, { recursive: true, force: true });
    if (log && error instanceof Error) error.message += `\n\nWeb server output:\n${log}`;
    throw error;
  }
}

async function discard(site: LaunchedSite): Promise<void> {
  running.delete(site.entry);
  await stopServer(site.entry.server);
  await rm(site.dir, { recursive: true, force: true });
}

/**
 * An installed WordPress database that new sites start from, so that each site skips wp_install() (the slowest part
 * of starting one). Built by the first site of a fresh cache; concurrent builders each rename a complete file in.
 */
async function ensureTemplateDatabase(cacheDir: string): Promise<string> {
  // Named after what made it, so a changed setup script or cache layout builds a new one.
  const recipe = createHash("sha256")
    .update(cacheLayoutVersion)
    .update(await readFile(path.join(phpDir, "setup-site.php")))
    .digest("hex")
    .slice(0, 12);
  const template = path.join(cacheDir, "templates", `wordpress-${recipe}.sqlite`);
  if (existsSync(template)) return template;
  await mkdir(path.dirname(template), { recursive: true });
  const site = await launchSite(cacheDir, {}, undefined);
  const partial = `${template}.${process.pid}-${randomBytes(4).toString("hex")}.partial`;
  try {
    // VACUUM INTO writes a consistent standalone copy, whatever is still in the write-ahead log.
    await site.php(
      `$db = new PDO( 'sqlite:' . FQDB ); $db->exec( 'VACUUM INTO ' . $db->quote( ${phpString(partial)} ) );`,
    );
    await rename(partial, template);
  } finally {
    await rm(partial, { force: true });
    await discard(site);
  }
  return template;
}

/** Starts a fresh WordPress site. Call stop() when done (an exit hook also stops it when the process ends). */
export async function startWordPress(options: StartWordPressOptions = {}): Promise<WordPressSite> {
  const version = options.version ?? defaultWordPressVersion();
  const cacheDir = cacheDirOf(version);
  await ensurePhp();
  await ensureCache(version);
  installExitHook();
  await removeAbandonedSites(path.join(cacheDir, "sites"));

  const template = await ensureTemplateDatabase(cacheDir);
  const launched = await launchSite(cacheDir, options, template);
  const { url, dir, entry: site, users, php } = launched;
  try {
    for (const plugin of options.plugins ?? []) {
      const file = `${path.basename(plugin)}/${pluginMainFile(plugin)}`;
      await php(
        `$result = activate_plugin( ${phpString(file)} ); if ( is_wp_error( $result ) ) { throw new Exception( $result->get_error_message() ); }`,
      );
    }
    for (const zip of options.pluginZips ?? []) await installPluginZip(php, zip);
  } catch (error) {
    await discard(launched);
    throw error;
  }

  const admin = users[0];
  if (!admin) throw new Error("Installing WordPress created no administrator");
  const authorization = `Basic ${Buffer.from(`${admin.username}:${admin.applicationPassword}`).toString("base64")}`;
  return {
    version,
    url,
    restUrl: `${url}/wp-json/`,
    dir,
    adminUser: admin.username,
    adminPassword: admin.password,
    applicationPassword: admin.applicationPassword,
    users: Object.fromEntries(users.map((user) => [user.username, user])),
    rest: (route, init = {}) => {
      const headers = new Headers(init.headers);
      headers.set("authorization", authorization);
      return fetch(`${url}/wp-json/${route.replace(/^\//, "")}`, { ...init, headers });
    },
    php,
    setMuPlugin: async (name, code) => {
      const file = path.join(dir, "wp-content/mu-plugins", `${safeName(name)}.php`);
      if (code === null) await rm(file, { force: true });
      else await writeFile(file, code);
    },
    serverLog: site.log,
    stop: async () => {
      if (!running.has(site)) return;
      await discard(launched);
    },
  };
}

/** Installs a plugin zip through WordPress's Plugin_Upgrader (as wp-admin's upload does) and activates it. */
async function installPluginZip(php: (code: string) => Promise<string>, zip: string): Promise<void> {
  if (!existsSync(zip)) throw new Error(`Plugin zip ${zip} does not exist`);
  await php(`
    require_once ABSPATH . 'wp-admin/includes/class-wp-upgrader.php';
    wp_set_current_user( 1 );
    $upgrader = new Plugin_Upgrader( new Automatic_Upgrader_Skin() );
    $installed = $upgrader->install( ${phpString(path.resolve(zip))} );
    if ( true !== $installed ) {
      $messages = implode( ' ', (array) $upgrader->skin->get_upgrade_messages() );
      throw new Exception( 'Installing the plugin zip failed: ' . ( is_wp_error( $installed ) ? $installed->get_error_message() : $messages ) );
    }
    $result = activate_plugin( $upgrader->plugin_info() );
    if ( is_wp_error( $result ) ) { throw new Exception( $result->get_error_message() ); }
  `);
}

function pluginMainFile(pluginDir: string): string {
  const main = path.join(pluginDir, `${path.basename(pluginDir)}.php`);
  if (existsSync(main)) return path.basename(main);
  throw new Error(`Plugin folder ${pluginDir} has no ${path.basename(main)}`);
}

async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => server.once("exit", () => resolve()));
  killGroup(server);
  const timer = setTimeout(() => {
    if (server.pid !== undefined) {
      try {
        process.kill(-server.pid, "SIGKILL");
      } catch {
        // Gone.
      }
    }
  }, 3_000);
  await exited;
  clearTimeout(timer);
}
