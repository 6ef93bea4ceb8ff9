#!/bin/sh
# Stand-in for Prisma's native schema engine, so installs need no download of it.
# `prisma generate` only needs the path to exist. Migrations are plain SQL applied by
# lib/db/migrator.ts (`npm run db:migrate`), never by the schema engine.
echo "The Prisma schema engine is not available offline. Use 'npm run db:migrate' instead." >&2
exit 1
