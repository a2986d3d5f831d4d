/** The node tests that open a database, relative to the repository root, sorted (see database-test-files.mjs). */
export function databaseTestFiles(): string[];
