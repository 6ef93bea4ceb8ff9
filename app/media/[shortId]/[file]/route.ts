// GET /media/{shortId}/{file} — creators' media stored under DATA_DIR by `npm run drop`
// (lib/media/media-store.ts). A file's name is its content's SHA-256, so it never changes:
// cached for a year, immutable, with the hash as its ETag. Anything else answers 404.
import { contentTypeOf, isMediaKey, MEDIA_CACHE_CONTROL, readLocalMedia } from "@/lib/media/media-store";
import { getRuntime } from "@/lib/server/runtime";

const notFound = () =>
  new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" } });

export async function GET(request: Request, context: { params: Promise<{ shortId: string; file: string }> }) {
  const { shortId, file } = await context.params;
  const key = `${shortId}/${file}`;
  if (!isMediaKey(key)) return notFound();
  const etag = `"${file.slice(0, file.indexOf("."))}${file.includes(".w") ? file.slice(file.indexOf(".w"), file.lastIndexOf(".")) : ""}"`;
  const headers = {
    "Content-Type": contentTypeOf(key),
    "Cache-Control": MEDIA_CACHE_CONTROL,
    ETag: etag,
    "X-Content-Type-Options": "nosniff",
  };
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  const bytes = await readLocalMedia((await getRuntime()).config.dataDir, key);
  if (!bytes) return notFound();
  return new Response(new Uint8Array(bytes), { headers: { ...headers, "Content-Length": String(bytes.length) } });
}
