// Prisma CLI configuration. Only `prisma generate` is used here: migrations are plain SQL
// applied by lib/db/migrator.ts, and written by `npm run db:new-migration` (the schema
// engine as WebAssembly), so no native engine is ever downloaded.
import { defineConfig } from "prisma/config";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
});
