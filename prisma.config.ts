// Prisma CLI configuration. Only `prisma generate` is used here: migrations are plain SQL
// applied by lib/db/migrator.ts (the schema engine cannot be downloaded on these machines).
import { defineConfig } from "prisma/config";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
});
