// Shopify's real Admin GraphQL schema (the published introspection, see schema/README.md), built once per process,
// and a validator that checks a request the way Shopify's endpoint does before running it: syntax, fields and
// arguments against the schema, the operation to run, and the variables against their declared input types.
import { readFileSync, statSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import {
  buildClientSchema,
  getOperationAST,
  getVariableValues,
  GraphQLError,
  parse,
  validate,
  type DocumentNode,
  type GraphQLSchema,
  type IntrospectionQuery,
  type OperationDefinitionNode,
} from "graphql";

/** The Admin API version whose schema is bundled; the fake serves only this version. */
export const ADMIN_SCHEMA_VERSION = "2026-10";

const schemaFile = new URL(`./schema/admin_${ADMIN_SCHEMA_VERSION}.json.gz`, import.meta.url);

let cached: { schema: GraphQLSchema; buildMs: number } | undefined;

/** The Admin API schema, built from the bundled introspection on first use and cached for the process. */
export function loadAdminSchema(): GraphQLSchema {
  if (!cached) {
    const started = performance.now();
    const introspection = JSON.parse(gunzipSync(readFileSync(schemaFile)).toString("utf8")) as {
      data: IntrospectionQuery;
    };
    const schema = buildClientSchema(introspection.data, { assumeValid: true });
    cached = { schema, buildMs: performance.now() - started };
  }
  return cached.schema;
}

/** How big the bundled schema is and how long building it took (for benchmarks and reports). */
export function adminSchemaStats(): { compressedBytes: number; buildMs: number } {
  loadAdminSchema();
  return { compressedBytes: statSync(schemaFile).size, buildMs: cached?.buildMs ?? 0 };
}

/** One entry of a GraphQL response's `errors`, as Shopify sends it. */
export interface ShopifyGraphqlError {
  message: string;
  locations?: Array<{ line: number; column: number }>;
  path?: Array<string | number>;
  extensions?: Record<string, unknown>;
}

export type AdminQueryValidation =
  | {
      ok: true;
      document: DocumentNode;
      operation: OperationDefinitionNode;
      /** The variables coerced to their declared types (defaults applied). */
      variables: Record<string, unknown>;
    }
  | { ok: false; errors: ShopifyGraphqlError[] };

export function toShopifyError(error: GraphQLError, code?: string): ShopifyGraphqlError {
  const out: ShopifyGraphqlError = { message: error.message };
  if (error.locations?.length) out.locations = error.locations.map(({ line, column }) => ({ line, column }));
  if (error.path?.length) out.path = [...error.path];
  const extensions = { ...(error.extensions ?? {}), ...(code ? { code } : {}) };
  if (Object.keys(extensions).length > 0) out.extensions = extensions;
  return out;
}

/** Checks a GraphQL document (syntax, fields, arguments, variable declarations) without running values through it. */
export function validateAdminDocument(query: string): ShopifyGraphqlError[] {
  try {
    return validate(loadAdminSchema(), parse(query)).map((e) => toShopifyError(e, "GRAPHQL_VALIDATION_FAILED"));
  } catch (error) {
    if (error instanceof GraphQLError) return [toShopifyError(error, "PARSE_ERROR")];
    throw error;
  }
}

/**
 * Checks a GraphQL request against the Admin API schema. Returns the parsed operation and coerced variables, or the
 * errors Shopify would answer with (HTTP 200, `errors` only, no `data`).
 */
export function validateAdminQuery(
  query: string,
  variables: Record<string, unknown> | null | undefined = {},
  operationName?: string | null,
): AdminQueryValidation {
  const schema = loadAdminSchema();
  let document: DocumentNode;
  try {
    document = parse(query);
  } catch (error) {
    if (error instanceof GraphQLError) return { ok: false, errors: [toShopifyError(error, "PARSE_ERROR")] };
    throw error;
  }
  const validationErrors = validate(schema, document);
  if (validationErrors.length > 0) {
    return { ok: false, errors: validationErrors.map((e) => toShopifyError(e, "GRAPHQL_VALIDATION_FAILED")) };
  }
  const operation = getOperationAST(document, operationName ?? undefined);
  if (!operation) {
    const message = operationName
      ? `No operation named "${operationName}"`
      : "An operation name is required when the document holds more than one operation";
    return { ok: false, errors: [{ message, extensions: { code: "OPERATION_NOT_FOUND" } }] };
  }
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], variables ?? {});
  if (coerced.errors) {
    return { ok: false, errors: coerced.errors.map((e) => toShopifyError(e, "INVALID_VARIABLE")) };
  }
  return { ok: true, document, operation, variables: coerced.coerced };
}
