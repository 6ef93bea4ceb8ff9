// GET /api/studio/drops/[id]/mints.csv — the creator's drop's mints as CSV, oldest first; another's is 404.
import { studioDropFileRoute } from "@/lib/api/studio-file-route";
import { mintsCsvLines } from "@/lib/services/mints-export";

export const GET = studioDropFileRoute((ctx, drop) => ({
  contentType: "text/csv; charset=utf-8",
  filename: `${drop.shortId ?? drop.id}-mints.csv`,
  lines: mintsCsvLines(ctx, drop.id),
}));
