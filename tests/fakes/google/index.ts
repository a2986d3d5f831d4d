// A local fake of Google's OAuth 2.0 and Search Console API endpoints (see server.ts for what it covers).
export * from "./server.ts";
