// Backups of the embedded defaults (`npm run backup`): the manifest a backup folder carries,
// and POST /api/internal/backup, the running site's side of `npm run backup -- create`,
// authorized by the admin token in `<DATA_DIR>/instance.json`.
import path from "node:path";
import { z } from "zod";

/** Written into every manifest; a restore refuses any other. */
export const BACKUP_FORMAT = "dropmint-backup/1";

/** Rows that say what a site holds: compared again after a restore, and printed. */
export const backupCountsSchema = z.object({
  collections: z.number().int().nonnegative(),
  nftsMinted: z.number().int().nonnegative(),
  mints: z.number().int().nonnegative(),
  mintSessions: z.number().int().nonnegative(),
});
export type BackupCounts = z.infer<typeof backupCountsSchema>;

const backupFileSchema = z.object({
  /** Relative to the backup folder, with "/" separators. */
  path: z.string().min(1),
  bytes: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type BackupFile = z.infer<typeof backupFileSchema>;

export const backupManifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  /** The instant of the copy (ISO 8601). */
  createdAt: z.string(),
  app: z.object({ name: z.string(), version: z.string() }),
  database: z.object({
    kind: z.literal("pglite"),
    file: z.string(),
    /** PostgreSQL's server_version: a data folder opens only on the same major version. */
    postgresVersion: z.string(),
    /** The migrations applied, in order: a restore refuses a backup of a newer schema than its code. */
    migrations: z.array(z.string()),
    counts: backupCountsSchema,
  }),
  /** Null when the site used an RPC chain (a real cluster, or `npm run localnet`): not in the backup. */
  chain: z.object({ file: z.string(), seq: z.number().int().nonnegative(), signatures: z.number().int() }).nullable(),
  /** Every file in the backup but the manifest, with its checksum. */
  files: z.array(backupFileSchema),
  /** How long the site's database queries waited for the copy. */
  heldMs: z.number().nonnegative(),
});
export type BackupManifest = z.infer<typeof backupManifestSchema>;

export const backupSummarySchema = z.object({
  folder: z.string(),
  createdAt: z.string(),
  bytes: z.number().int().nonnegative(),
  files: z.number().int().nonnegative(),
  heldMs: z.number().nonnegative(),
  tookMs: z.number().nonnegative(),
  migration: z.string().nullable(),
  counts: backupCountsSchema,
  chainSeq: z.number().int().nullable(),
});
export type BackupSummary = z.infer<typeof backupSummarySchema>;

export const adminBackupCommandSchema = z.strictObject({
  action: z.literal("create"),
  /** Where the site writes the backup: an absolute path the site can write, not existing yet or empty. */
  folder: z
    .string()
    .min(1)
    .max(4096)
    .refine((folder) => path.isAbsolute(folder), "must be an absolute path"),
});
export type AdminBackupCommand = z.infer<typeof adminBackupCommandSchema>;

export const adminBackupResponseSchema = z.object({ success: z.literal(true), backup: backupSummarySchema });
