export { encryptSecret } from "./encrypt-secret.ts";
export { decryptSecret } from "./decrypt-secret.ts";
export { createSafeFetch, type SafeFetch, type SafeFetchOptions } from "./create-safe-fetch.ts";
export { assertPublicUrl } from "./assert-public-url.ts";
export { isPublicAddress } from "./address-policy.ts";
export { OutboundRequestError, type OutboundFailureReason } from "./outbound-request-error.ts";
export type { HostResolver, OutboundUrlOptions, ResolvedAddress } from "./outbound-url-policy.ts";
