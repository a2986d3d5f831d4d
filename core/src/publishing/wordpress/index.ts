export { normalizeSiteUrl } from "./normalize-site-url.ts";
export { testWordpressConnection, type TestWordpressConnectionOptions } from "./test-wordpress-connection.ts";
export { createWordpressTarget, type WordpressTargetOptions } from "./create-wordpress-target.ts";
export { WordpressRequestError, type WordpressFailureKind } from "./wordpress-request-error.ts";
export type { FetchLike, WordpressCredentials } from "./wordpress-rest-client.ts";
