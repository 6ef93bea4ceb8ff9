// GET /api/health — liveness for load balancers, and the framework-ceiling route of
// `npm run bench`: it touches neither the database nor the chain.
export function GET() {
  return Response.json({ ok: true }, { headers: { "Cache-Control": "no-store" } });
}
