// Runs once when the Next.js server starts: open the database (applying migrations), the
// chain, and seed the demo drops on an empty embedded database, so problems surface at
// start-up rather than on the first request.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  const { getRuntime } = await import("./lib/server/runtime");
  await getRuntime();
}
