// GET /api/health/ready — readiness: 503 with the reasons while the database or the chain
// cannot be reached or the migrations are behind (lib/api/readiness.ts).
import { serveReadiness } from "@/lib/api/readiness";

export const dynamic = "force-dynamic";

export function GET() {
  return serveReadiness();
}
