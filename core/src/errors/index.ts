// The errors a user may be told (app-error.ts), and parsing input with the messages a person reads (parse-input.ts).
export * from "./app-error.ts";
export { parseInput } from "./parse-input.ts";
