#!/bin/sh
# Stand-in for Prisma's native schema engine, for installs where the Prisma CLI cannot
# download it (scripts/prisma-generate.mjs points the CLI here). `prisma generate` only needs
# the path to exist. Migrations are plain SQL applied by lib/db/migrator.ts
# (`npm run db:migrate`) and written with `npm run db:new-migration`, which runs the schema
# engine as WebAssembly (scripts/schema-engine.ts); never by this native engine.
echo "The native Prisma schema engine is not installed. Use 'npm run db:migrate' to apply migrations and 'npm run db:new-migration' to write one." >&2
exit 1
