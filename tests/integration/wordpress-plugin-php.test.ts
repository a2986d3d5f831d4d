// The WordPress plugin's PHP: every file parses (`php -l`), and its PHPUnit suite (REST routes, permissions, signed
// requests, publishing, SEO field mapping) passes inside a real WordPress with the plugin active, on WordPress 7.1 (the
// current release) and 6.8 (the oldest its scripts run on); on 6.8 only when 7.1's release tarball is not there.
// Every call the suite makes the plugin send to the service is checked against the service's OpenAPI document (the
// route exists, the body fits), and the plugin's own postwright/v1 arguments against the service's limits.
import { execFile } from "node:child_process";
import { cp, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApiV1OpenApi } from "@postwright/core/contracts/openapi";
import { jsonSchemaCheck } from "../../standalone-web/server/src/testing/openapi-conformance.ts";
import { startWordPress, wordpressVersionsToTest, type WordPressSite } from "../support/wordpress/start-wordpress.ts";

const run = promisify(execFile);
const pluginDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../wp-plugin");

async function phpFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries
      .filter((entry) => !["node_modules", "build", "dist"].includes(entry.name))
      .map((entry) => {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) return phpFiles(full);
        return Promise.resolve(entry.name.endsWith(".php") ? [full] : []);
      }),
  );
  return nested.flat();
}

describe("WordPress plugin (PHP syntax)", () => {
  it("has no PHP syntax error in any file", async () => {
    const files = await phpFiles(pluginDir);
    expect(files.length).toBeGreaterThan(10);
    const results = await Promise.all(
      files.map((file) =>
        run("php", ["-l", file]).then(
          () => undefined,
          (error: { stdout?: string; stderr?: string }) =>
            `${path.relative(pluginDir, file)}: ${error.stdout ?? ""}${error.stderr ?? ""}`,
        ),
      ),
    );
    expect(results.filter(Boolean)).toEqual([]);
  });
});

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  maxLength?: number;
  maxItems?: number;
  enum?: unknown[];
  items?: JsonSchema;
};
interface Operation {
  requestBody?: { content: { "application/json": { schema: JsonSchema } } };
  parameters?: Array<{ name: string; in: string; schema: JsonSchema }>;
}
interface ServiceCall {
  /** The plugin's route that made the call ("POST /postwright/v1/generations"), null outside a REST request. */
  from: string | null;
  method: string;
  path: string;
  /** The query string sent ("page=2&pageSize=50"), or "". */
  query?: string;
  body: unknown;
}
/** A postwright/v1 argument as WordPress registered it. */
type PluginArg = Omit<JsonSchema, "required" | "items" | "properties"> & {
  required?: boolean;
  items?: PluginArg;
  properties?: Record<string, PluginArg>;
};

const serviceDocument = buildApiV1OpenApi({
  serverUrl: "https://service.example/api/v1",
}) as unknown as { paths: Record<string, Record<string, Operation>> };

/** The service's operation a call reaches ("POST /posts/{id}/schedule"), by method and concrete path. */
function serviceOperationName(method: string, path: string): string | undefined {
  for (const [template, operations] of Object.entries(serviceDocument.paths)) {
    const matches = new RegExp(`^${template.replace(/\{\w+\}/g, "[^/]+")}$`).test(path);
    if (matches && operations[method.toLowerCase()]) return `${method} ${template}`;
  }
  return undefined;
}
function serviceOperation(method: string, path: string): Operation | undefined {
  const name = serviceOperationName(method, path);
  return name ? serviceDocument.paths[name.split(" ")[1]!]![method.toLowerCase()] : undefined;
}

/** Where a postwright/v1 argument and the service field it is sent as disagree on what is allowed. */
function disagreements(
  name: string,
  arg: PluginArg,
  field: JsonSchema,
  /** "missing": the service requires the field and the plugin may send a call without it. */
  required: "missing" | "sent" | false,
): string[] {
  const found: string[] = [];
  if (field.maxLength !== undefined && arg.maxLength !== field.maxLength) {
    found.push(`${name}: maxLength ${String(arg.maxLength)}, the service's is ${field.maxLength}`);
  }
  if (field.maxItems !== undefined && arg.maxItems !== field.maxItems) {
    found.push(`${name}: maxItems ${String(arg.maxItems)}, the service's is ${field.maxItems}`);
  }
  if (field.enum && arg.enum && arg.enum.some((value) => !field.enum!.includes(value))) {
    found.push(`${name}: enum ${JSON.stringify(arg.enum)}, the service allows ${JSON.stringify(field.enum)}`);
  }
  if (required === "missing" && !arg.required) found.push(`${name}: optional, the service requires it`);
  if (arg.items && field.items) {
    for (const [key, value] of Object.entries(arg.items.properties ?? {})) {
      const inner = field.items.properties?.[key];
      if (inner) found.push(...disagreements(`${name}[].${key}`, value, inner, false));
      else found.push(`${name}[].${key}: the service has no such field`);
    }
  }
  return found;
}

describe.each(wordpressVersionsToTest())("WordPress plugin (PHP) on WordPress %s", (version) => {
  let site: WordPressSite;
  let staging: string;

  beforeAll(async () => {
    // The plugin's PHP as the release zip lays it out (a postwright/ folder), without building the scripts.
    staging = await mkdtemp(path.join(tmpdir(), "postwright-plugin-"));
    const plugin = path.join(staging, "postwright");
    for (const entry of ["postwright.php", "uninstall.php", "readme.txt", "includes", "languages"]) {
      await cp(path.join(pluginDir, entry), path.join(plugin, entry), { recursive: true });
    }
    site = await startWordPress({ version, plugins: [plugin] });
  });

  afterAll(async () => {
    await site?.stop();
    if (staging) await rm(staging, { recursive: true, force: true });
  });

  it("runs the expected WordPress", async () => {
    expect(await site.php("echo get_bloginfo( 'version' );")).toMatch(
      new RegExp(`^${version.replace(".", "\\.")}(\\.|$)`),
    );
  });

  it("passes its PHPUnit suite inside the real WordPress", async () => {
    const result = await run("phpunit", ["-c", path.join(pluginDir, "tests", "php", "phpunit.xml.dist")], {
      cwd: pluginDir,
      env: { ...process.env, POSTWRIGHT_WP_DIR: site.dir, POSTWRIGHT_SERVICE_CALLS: path.join(staging, "calls.jsonl") },
      maxBuffer: 16 * 1024 * 1024,
      timeout: 180_000,
    }).catch((error: { stdout?: string; stderr?: string; code?: number }) => ({
      stdout: `${error.stdout ?? ""}\n${error.stderr ?? ""}\nexit code ${String(error.code)}`,
      stderr: "",
    }));
    expect(result.stdout).toMatch(/^OK \(\d+ tests?, \d+ assertions?\)$/m);
  }, 240_000);

  it("sends the service only routes its OpenAPI document has, with bodies the document allows", async () => {
    const calls = (await readFile(path.join(staging, "calls.jsonl"), "utf8"))
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as ServiceCall);
    // The suite drives every relay: each of the service's operations is reached from one of the plugin's routes.
    const reached = new Set(
      calls.filter((call) => call.from).map((call) => serviceOperationName(call.method, call.path)),
    );
    const unreached = Object.entries(serviceDocument.paths).flatMap(([template, operations]) =>
      Object.keys(operations)
        .map((method) => `${method.toUpperCase()} ${template}`)
        .filter((name) => !reached.has(name)),
    );
    expect(unreached).toEqual(["GET /openapi.json", "POST /connect/exchange"]);
    const wrong: string[] = [];
    for (const call of calls) {
      const where = `${call.method} ${call.path} (from ${call.from ?? "the connection"})`;
      const operation = serviceOperation(call.method, call.path);
      if (!operation) {
        wrong.push(`${where}: the service has no such route`);
        continue;
      }
      // The query string's parameters are the operation's, with values it allows.
      for (const [name, value] of new URLSearchParams(call.query ?? "")) {
        const parameter = operation.parameters?.find((p) => p.in === "query" && p.name === name);
        if (!parameter) {
          wrong.push(`${where}: the service takes no query parameter ${name}`);
          continue;
        }
        const number = ["number", "integer"].includes(String(parameter.schema.type)) ? Number(value) : value;
        const problem = jsonSchemaCheck(parameter.schema)(number);
        if (problem) wrong.push(`${where}: ?${name}=${value}: ${problem}`);
      }
      const schema = operation.requestBody?.content["application/json"].schema;
      if (!schema) continue;
      const problem = jsonSchemaCheck(schema)(call.body);
      if (problem) wrong.push(`${where}: ${problem} in ${JSON.stringify(call.body)}`);
    }
    expect([...new Set(wrong)]).toEqual([]);
  });

  it("limits each postwright/v1 argument it relays as the service limits that field", async () => {
    const calls = (await readFile(path.join(staging, "calls.jsonl"), "utf8"))
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as ServiceCall);
    const routes = JSON.parse(
      await site.php(`
        $keep = array( 'type', 'required', 'maxLength', 'maxItems', 'enum', 'items', 'properties' );
        $out  = array();
        foreach ( rest_get_server()->get_routes( 'postwright/v1' ) as $pattern => $endpoints ) {
          foreach ( $endpoints as $endpoint ) {
            $args = array();
            foreach ( $endpoint['args'] ?? array() as $name => $arg ) {
              $args[ $name ] = array_intersect_key( $arg, array_flip( $keep ) );
            }
            foreach ( array_keys( $endpoint['methods'] ) as $method ) {
              $out[] = array( 'pattern' => $pattern, 'method' => $method, 'args' => $args );
            }
          }
        }
        echo wp_json_encode( $out );
      `),
    ) as Array<{ pattern: string; method: string; args: Record<string, PluginArg> }>;
    const pluginRoute = (from: string) => {
      const [method, route] = from.split(" ");
      return routes.find(
        (candidate) =>
          candidate.method === method && new RegExp(`^${candidate.pattern.replace(/\(\?P</g, "(?<")}$`).test(route!),
      );
    };

    const found = new Set<string>();
    let compared = 0;
    for (const call of calls) {
      const registered = call.from ? pluginRoute(call.from) : undefined;
      const schema = serviceOperation(call.method, call.path)?.requestBody?.content["application/json"].schema;
      if (!registered || !schema?.properties) continue;
      for (const [name, arg] of Object.entries(registered.args)) {
        const field = schema.properties[name];
        if (!field) continue;
        compared += 1;
        const where = `${registered.method} ${registered.pattern} -> ${call.method} ${call.path.replace(/\d+/g, ":id")}`;
        // A field the service requires may be optional here when the plugin fills it itself (keywords: []).
        const sent = typeof call.body === "object" && call.body !== null && name in call.body;
        const required = schema.required?.includes(name) ? (sent ? "sent" : "missing") : false;
        for (const problem of disagreements(name, arg, field, required)) {
          found.add(`${where}: ${problem}`);
        }
      }
    }
    expect(compared).toBeGreaterThan(10);
    expect([...found]).toEqual([]);
  });
});
