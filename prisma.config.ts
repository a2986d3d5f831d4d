// Prisma CLI configuration. The app itself never reads this file: it builds its client in core/src/db.
import { defineConfig } from "prisma/config";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
});
