// The server-side program never uses jsdom, but vitest's types import it optionally. Since @types/jsdom is installed
// (for the WordPress plugin's Jest tests), that import would pull the DOM library into this program and change
// Node's fetch types; tsconfig.json maps "jsdom" here instead.
export {};
