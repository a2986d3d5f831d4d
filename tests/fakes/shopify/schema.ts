// Shopify's real Admin GraphQL schema (the published introspection, see schema/README.md), built once per process,
// and a validator that checks a request the way Shopify's endpoint does before running it: syntax, fields and
// arguments against the schema, the operation to run, and the variables against their declared input types. The
// checks of a document's text are cached (checkDocument); the operation and the variables are checked per request.
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

/**
 * A document's syntax and schema checks depend on its text alone, so their result is kept per distinct text, as
 * GraphQL servers keep a document cache: a client sends the same few documents with different variables, and parsing
 * and validating each against the huge Admin schema again would cost more than running it. A document that failed is
 * kept with its errors and is refused again on every request. Bounded: the oldest entries go first.
 */
type CheckedDocument = { ok: true; document: DocumentNode } | { ok: false; errors: ShopifyGraphqlError[] };

const DOCUMENT_CACHE_SIZE = 500;
const checkedDocuments = new Map<string, CheckedDocument>();

function checkDocument(query: string): CheckedDocument {
  const cached = checkedDocuments.get(query);
  if (cached) return cached;
  let checked: CheckedDocument;
  try {
    const document = parse(query);
    const errors = validate(loadAdminSchema(), document);
    checked = errors.length
      ? { ok: false, errors: errors.map((e) => toShopifyError(e, "GRAPHQL_VALIDATION_FAILED")) }
      : { ok: true, document };
  } catch (error) {
    if (!(error instanceof GraphQLError)) throw error;
    checked = { ok: false, errors: [toShopifyError(error, "PARSE_ERROR")] };
  }
  if (checkedDocuments.size >= DOCUMENT_CACHE_SIZE) {
    checkedDocuments.delete(checkedDocuments.keys().next().value as string);
  }
  checkedDocuments.set(query, checked);
  return checked;
}

/** Copies of a checked document's errors, so that no caller can change what later requests are told. */
function copyErrors(errors: ShopifyGraphqlError[]): ShopifyGraphqlError[] {
  return structuredClone(errors);
}

/** Checks a GraphQL document (syntax, fields, arguments, variable declarations) without running values through it. */
export function validateAdminDocument(query: string): ShopifyGraphqlError[] {
  const checked = checkDocument(query);
  return checked.ok ? [] : copyErrors(checked.errors);
}

/**
 * Checks a GraphQL request against the Admin API schema. Returns the parsed operation and coerced variables, or the
 * errors Shopify would answer with (HTTP 200, `errors` only, no `data`). The document's checks are cached by its text;
 * the operation and the variables are checked on every request.
 */
export function validateAdminQuery(
  query: string,
  variables: Record<string, unknown> | null | undefined = {},
  operationName?: string | null,
): AdminQueryValidation {
  const schema = loadAdminSchema();
  const checked = checkDocument(query);
  if (!checked.ok) return { ok: false, errors: copyErrors(checked.errors) };
  const { document } = checked;
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
