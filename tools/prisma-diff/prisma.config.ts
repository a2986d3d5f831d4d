// Prisma 6 can compute migrations through a driver adapter without its native engines; an in-memory PGlite
// serves as the shadow database.
import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { defineConfig } from "prisma/config";

export default defineConfig({
  earlyAccess: true,
  engine: "js",
  experimental: { adapter: true },
  schema: "../../prisma/schema.prisma",
  adapter: async () => new PrismaPGlite(new PGlite()),
} as never);
