// GET /art/{collection}/{file} — the demo drops' artwork (.svg) and the audio drop's tracks
// (.wav), generated locally.
import { renderDemoArt, renderDemoTrack } from "@/lib/art/demo-art";

const CACHED = "public, max-age=86400, immutable";

export async function GET(_request: Request, context: { params: Promise<{ collection: string; file: string }> }) {
  const { collection, file } = await context.params;
  const track = renderDemoTrack(collection, file);
  if (track)
    return new Response(Buffer.from(track), { headers: { "Content-Type": "audio/wav", "Cache-Control": CACHED } });
  const svg = renderDemoArt(collection, file);
  if (!svg) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  return new Response(svg, { headers: { "Content-Type": "image/svg+xml", "Cache-Control": CACHED } });
}
