// The OpenAPI 3.1 document of the plugin API (/api/v1), generated from its route table (api-v1.ts) and the zod schemas
// the server parses and answers with (z.toJSONSchema, JSON Schema 2020-12, which OpenAPI 3.1 uses as is). Request
// bodies are described as the client sends them (the schemas' input), responses as the server answers (their output).
import { z } from "zod";
import { apiV1Contract, type RouteContract } from "./api-v1.ts";
import { siteApiContract } from "./site-api.ts";
import { apiErrorSchema, badRequestErrorSchema, csvRejectedErrorSchema } from "./wordpress-plugin.ts";

type JsonObject = Record<string, unknown>;

const schemaOf = (schema: z.ZodType, io: "input" | "output"): JsonObject => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonObject;
  return rest;
};

/** The error answers, written once under components.schemas and referred to by each operation. */
const namedSchemas = new Map<z.ZodType, string>([
  [apiErrorSchema, "Error"],
  [badRequestErrorSchema, "BadRequestError"],
  [csvRejectedErrorSchema, "CsvRejectedError"],
]);

const responseSchema = (schema: z.ZodType): JsonObject => {
  const name = namedSchemas.get(schema);
  return name ? { $ref: `#/components/schemas/${name}` } : schemaOf(schema, "output");
};

/** A redirect (3xx): the browser is sent on to the address in Location. */
const isRedirect = (status: string): boolean => status.startsWith("3");

/** `/posts/:id` as OpenAPI writes it: `/posts/{id}`. */
export const openApiPath = (path: string): string => path.replace(/:(\w+)/g, "{$1}");

/** The query string's parameters, one per property of the route's query schema (as the client sends them). */
function queryParameters(route: RouteContract): JsonObject[] {
  if (!route.query) return [];
  const schema = schemaOf(route.query, "input") as { properties?: Record<string, JsonObject>; required?: string[] };
  return Object.entries(schema.properties ?? {}).map(([name, property]) => ({
    name,
    in: "query",
    required: schema.required?.includes(name) ?? false,
    schema: property,
  }));
}

/** Who may call a route, as the operation's security: none, the site credential, or the site's session cookie. */
function security(route: RouteContract): JsonObject {
  if (route.caller === "none") return { security: [] };
  if (route.caller === "user" || route.caller === "admin") return { security: [{ session: [] }] };
  return {};
}

function operation(name: string, route: RouteContract): JsonObject {
  const pathParams = [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  const parameters = [
    ...pathParams.map((param) => ({ name: param, in: "path", required: true, schema: { type: "string" } })),
    ...queryParameters(route),
  ];
  const responses: JsonObject = {};
  for (const [status, answer] of Object.entries(route.responses)) {
    responses[status] = {
      description: answer.description,
      ...(isRedirect(status)
        ? { headers: { Location: { description: "Where the browser goes next.", schema: { type: "string" } } } }
        : {}),
      ...(answer.schema ? { content: { "application/json": { schema: responseSchema(answer.schema) } } } : {}),
    };
  }
  return {
    operationId: name,
    summary: route.caller === "admin" ? `${route.summary} (the site's administrator only)` : route.summary,
    ...(route.description ? { description: route.description } : {}),
    ...security(route),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(route.body
      ? { requestBody: { required: true, content: { "application/json": { schema: schemaOf(route.body, "input") } } } }
      : {}),
    ...(route.multipart
      ? { requestBody: { required: true, content: { "multipart/form-data": { schema: { type: "object" } } } } }
      : {}),
    responses,
  };
}

/** An OpenAPI 3.1 document of `routes`, served under `serverUrl`. */
export function buildOpenApiDocument(options: {
  title: string;
  description: string;
  serverUrl: string;
  routes: Record<string, RouteContract>;
  /** The scheme of the routes whose caller is "site" (the plugin API's site credential). */
  siteCredential?: boolean;
  /** The name of the session cookie, the scheme of the routes whose caller is "user" or "admin" (the site's own API). */
  sessionCookie?: string;
}): { openapi: "3.1.0"; paths: Record<string, JsonObject> } & JsonObject {
  const paths: Record<string, JsonObject> = {};
  for (const [name, route] of Object.entries(options.routes)) {
    const path = openApiPath(route.path);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation(name, route) };
  }
  return {
    openapi: "3.1.0",
    info: { title: options.title, version: "1.0.0", description: options.description },
    servers: [{ url: options.serverUrl }],
    ...(options.siteCredential ? { security: [{ siteCredential: [] }] } : {}),
    components: {
      ...(options.siteCredential || options.sessionCookie
        ? {
            securitySchemes: {
              ...(options.siteCredential
                ? {
                    siteCredential: {
                      type: "http",
                      scheme: "bearer",
                      description: "The site credential (pwsite_...).",
                    },
                  }
                : {}),
              ...(options.sessionCookie
                ? {
                    session: {
                      type: "apiKey",
                      in: "cookie",
                      name: options.sessionCookie,
                      description:
                        "The site's session cookie, set by signing in (POST /auth/login or /auth/verify-email).",
                    },
                  }
                : {}),
            },
          }
        : {}),
      schemas: Object.fromEntries([...namedSchemas].map(([schema, name]) => [name, schemaOf(schema, "output")])),
    },
    paths,
  };
}

export function buildApiV1OpenApi(options: { serverUrl: string }) {
  return buildOpenApiDocument({
    title: "Postwright API for the WordPress plugin",
    description:
      "Called by the Postwright WordPress plugin with its site credential. See docs/wordpress-plugin-api.md.",
    serverUrl: options.serverUrl,
    routes: apiV1Contract,
    siteCredential: true,
  });
}

/** The site's own API (/api), every route of it (site-api.ts); sessionCookie: the server's cookie's name. */
export function buildSiteApiOpenApi(options: { serverUrl: string; sessionCookie: string }) {
  return buildOpenApiDocument({
    title: "Postwright site API",
    description:
      "The API of the Postwright site (/api), every route of it. Writes from a browser must come from the site's own pages (a 403 otherwise). See the README's API section.",
    serverUrl: options.serverUrl,
    routes: siteApiContract,
    sessionCookie: options.sessionCookie,
  });
}
