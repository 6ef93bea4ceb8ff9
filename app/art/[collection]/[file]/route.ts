// GET /art/{collection}/{file}.svg — the demo drops' artwork, generated locally.
import { renderDemoArt } from "@/lib/art/demo-art";

export async function GET(_request: Request, context: { params: Promise<{ collection: string; file: string }> }) {
  const { collection, file } = await context.params;
  const svg = renderDemoArt(collection, file);
  if (!svg) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  return new Response(svg, {
    headers: { "Content-Type": "image/svg+xml", "Cache-Control": "public, max-age=86400, immutable" },
  });
}
