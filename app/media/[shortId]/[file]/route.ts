// GET /media/{shortId}/{file} — creators' media stored in MEDIA_DIR (default DATA_DIR/media) by `npm run drop`
// (lib/media/media-store.ts). A file's name is its content's SHA-256, so it never changes:
// cached for a year, immutable, with the hash as its ETag. Files are streamed, and a Range
// request gets its bytes (206; If-Range with a stale ETag gets the whole file), which is how
// browsers play and seek videos. Anything else answers 404.
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { Readable } from "node:stream";
import { byteRangeOf } from "@/lib/domain/byte-range";
import { contentTypeOf, localMediaPath, MEDIA_CACHE_CONTROL } from "@/lib/media/media-store";
import { getRuntime } from "@/lib/server/runtime";

const notFound = () =>
  new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain", "Cache-Control": "no-store" } });

/** The hash and variant of the file name: "<sha256>[.w600]". */
const etagOf = (file: string) => `"${file.slice(0, file.lastIndexOf("."))}"`;

export async function GET(request: Request, context: { params: Promise<{ shortId: string; file: string }> }) {
  const { shortId, file } = await context.params;
  const key = `${shortId}/${file}`;
  const filePath = localMediaPath((await getRuntime()).config.mediaDir, key);
  if (!filePath) return notFound();
  const etag = etagOf(file);
  const headers: Record<string, string> = {
    "Content-Type": contentTypeOf(key),
    "Cache-Control": MEDIA_CACHE_CONTROL,
    ETag: etag,
    "Accept-Ranges": "bytes",
    "X-Content-Type-Options": "nosniff",
  };
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  const info = await stat(filePath).catch(() => null);
  if (!info?.isFile()) return notFound();
  const ifRange = request.headers.get("if-range");
  const range = ifRange === null || ifRange === etag ? byteRangeOf(request.headers.get("range"), info.size) : null;
  if (range?.kind === "unsatisfiable")
    return new Response(null, { status: 416, headers: { ...headers, "Content-Range": `bytes */${info.size}` } });
  const [start, end] = range?.kind === "partial" ? [range.start, range.end] : [0, info.size - 1];
  const body =
    info.size === 0 ? null : (Readable.toWeb(createReadStream(filePath, { start, end })) as ReadableStream<Uint8Array>);
  if (range?.kind !== "partial")
    return new Response(body, { headers: { ...headers, "Content-Length": String(info.size) } });
  return new Response(body, {
    status: 206,
    headers: {
      ...headers,
      "Content-Length": String(end - start + 1),
      "Content-Range": `bytes ${start}-${end}/${info.size}`,
    },
  });
}
