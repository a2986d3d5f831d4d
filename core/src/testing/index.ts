export { createTestDatabase, testDatabaseServer } from "./database.ts";
export type { TestDatabase } from "./database.ts";
