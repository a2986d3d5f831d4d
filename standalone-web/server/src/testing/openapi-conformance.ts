// Checks an answer of the API against its OpenAPI document: the operation exists, it lists the answer's status, and
// the body fits that status's schema. Used on every request of the plugin API's tests (supertest's .expect(check)),
// so the document cannot promise something the service does not answer.
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import request, { type Response } from "supertest";

type App = Parameters<typeof request>[0];

/** A validator of the document's JSON Schema, with the formats zod writes into it. */
function createAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  ajv.addFormat("date-time", (value: string) => !Number.isNaN(Date.parse(value)));
  ajv.addFormat("uri", (value: string) => URL.canParse(value));
  return ajv;
}
type JsonObject = Record<string, unknown>;
interface Operation {
  responses: Record<string, { content?: { "application/json": { schema: JsonObject } } }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, JsonObject> };
}

/**
 * Returns a supertest assertion checking each answer to `${basePath}...` against `document`. An address matching no
 * path of the document fails unless answered 404 (with `undeclared: "pass"` it is not checked). Addresses outside
 * `basePath`, and under `elsewhere` (another API mounted inside it, with its own document), are not this API's.
 */
export function conformsTo(
  openApi: object,
  basePath: string,
  options: { undeclared?: "fail" | "pass"; elsewhere?: string[] } = {},
): (res: Response) => void {
  const document = openApi as Document;
  const ajv = createAjv();
  ajv.addSchema({ $id: "openapi", components: document.components ?? {} });
  const validators = new Map<JsonObject, ValidateFunction>();
  const validator = (schema: JsonObject) => {
    let validate = validators.get(schema);
    if (!validate) {
      // References into the document's components resolve against the document.
      const resolved = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi#/components/'));
      validate = ajv.compile(resolved as JsonObject);
      validators.set(schema, validate);
    }
    return validate;
  };
  const operations = Object.entries(document.paths).map(([path, methods]) => ({
    pattern: new RegExp(`^${basePath}${path.replace(/\{\w+\}/g, "[^/]+")}$`),
    parameters: path.split("{").length - 1,
    methods,
  }));

  return (res) => {
    // supertest's answer carries the request it answers (its types leave it out).
    const { method, path } = (res as unknown as { req: { method: string; path: string } }).req;
    const pathname = path.split("?")[0]!;
    const within = (base: string) => pathname === base || pathname.startsWith(`${base}/`);
    if (!within(basePath) || options.elsewhere?.some(within)) return;
    const where = `${method} ${pathname} answered ${res.status}`;
    // The operation of this method on a path that matches, literal paths before those with parameters
    // (/blog-posts/scheduled before /blog-posts/{id}).
    const operation = operations
      .filter((candidate) => candidate.pattern.test(pathname))
      .sort((a, b) => a.parameters - b.parameters)
      .map((candidate) => candidate.methods[method.toLowerCase()])
      .find((found) => found !== undefined);
    if (!operation && options.undeclared === "pass") return;
    // An address the API does not have is answered 404 by the router: nothing to check it against.
    if (!operation) {
      if (res.status === 404) return;
      throw new Error(`${where}, but the document has no such operation.`);
    }
    const answer = operation.responses[String(res.status)];
    if (!answer) {
      throw new Error(
        `${where}, a status the document does not list (${Object.keys(operation.responses).join(", ")}).`,
      );
    }
    const schema = answer.content?.["application/json"].schema;
    if (!schema) {
      // A redirect's body is only a note for a browser that does not follow it (Express writes one).
      if (res.text && !(res.status >= 300 && res.status < 400)) {
        throw new Error(`${where} with a body, where the document promises none.`);
      }
      return;
    }
    // The document describes JSON bodies; a route that can also answer an event stream says so in its description.
    if (String(res.headers["content-type"] ?? "").startsWith("text/event-stream")) return;
    const validate = validator(schema);
    if (!validate(res.body)) {
      throw new Error(`${where} with a body the document does not allow: ${ajv.errorsText(validate.errors)}`);
    }
  };
}

/**
 * supertest's request(app), each answer checked with `check` (e.g. conformsTo(document, "/api/v1")) before the test
 * reads it: a test that gets an answer the document does not describe fails.
 */
export function checkedRequest(app: App, check: (res: Response) => void) {
  return {
    get: (url: string) => request(app).get(url).expect(check),
    post: (url: string) => request(app).post(url).expect(check),
    put: (url: string) => request(app).put(url).expect(check),
    patch: (url: string) => request(app).patch(url).expect(check),
    delete: (url: string) => request(app).delete(url).expect(check),
  };
}

const HTTP_METHODS = new Set(["get", "post", "put", "patch", "delete", "head", "options"]);

/** A supertest client (request(app) or an agent) whose every request's answer is checked with `check`. */
export function withCheck<T extends object>(client: T, check: (res: Response) => void): T {
  return new Proxy(client, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof property !== "string" || !HTTP_METHODS.has(property) || typeof value !== "function") return value;
      return (...args: unknown[]) => (value.apply(target, args) as request.Test).expect(check);
    },
  });
}

/** A JSON Schema (2020-12, as the OpenAPI 3.1 document writes it) as a check: the reasons a value fails, or null. */
export function jsonSchemaCheck(schema: object): (value: unknown) => string | null {
  const ajv = createAjv();
  const validate = ajv.compile(schema);
  return (value) => (validate(value) ? null : ajv.errorsText(validate.errors));
}
