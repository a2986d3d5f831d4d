export { createTestDatabase, testDatabaseServer } from "./database.ts";
export type { TestDatabase } from "./database.ts";
export { createScratchDatabase } from "./scratch-database.ts";
export type { ScratchDatabase } from "./scratch-database.ts";
export { migrationsFingerprint, pgliteTemplate, postgresTemplate } from "./database-template.ts";
