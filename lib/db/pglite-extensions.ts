// Contrib extensions the migrations create (pg_trgm: the collection search indexes). PGlite
// can only CREATE EXTENSION what was handed to PGlite.create, so every PGlite the
// migrations run on (the app's, the shadow databases of db:new-migration) passes these.
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

export const PGLITE_EXTENSIONS = { pg_trgm };
