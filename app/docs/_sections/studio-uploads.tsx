// Docs: launching a drop from the browser (/studio/new) and the upload endpoints behind it.
import {
  ABANDONED_UPLOAD_MS,
  MAX_OPEN_UPLOADS_PER_WALLET,
  MAX_UPLOAD_BATCH_FILES,
  MAX_UPLOAD_BYTES,
  MAX_UPLOAD_CHUNK_BYTES,
  MAX_UPLOAD_FILE_BYTES,
  MAX_UPLOAD_FILES,
} from "@/lib/domain/studio-upload";
import { Err } from "../_reference/error-code";

const mb = (bytes: number) => `${bytes / 1024 ** 2} MB`;
const gb = (bytes: number) => `${bytes / 1024 ** 3} GB`;

export function StudioUploadsSection() {
  return (
    <section id="studio-uploads" aria-labelledby="studio-uploads-heading" className="space-y-3">
      <h2 id="studio-uploads-heading" className="text-2xl font-semibold">
        Creator studio: launching from the browser
      </h2>
      <p>
        <code>/studio/new</code> takes a Sugar project folder (or a zip of it, opened in the browser) and launches it
        through the same code as <code>npm run drop</code>: the same checks, the same media store, the same create. A
        drop launched there belongs to the signed-in wallet that uploaded it. The page uses these endpoints, each a
        studio request (signed in, from the site&apos;s own pages, <code>X-Studio-Wallet</code> naming the wallet):
      </p>
      <ul className="list-disc space-y-1 pl-6">
        <li>
          <code>POST /api/studio/uploads</code> with <code>{"{ files: [{ path, size }] }"}</code>: the manifest. Every
          path is relative to the folder; one that is absolute, holds <code>..</code>, <code>.</code>, a backslash, a
          control character or a hidden segment is refused, all at once, with <Err code="UPLOAD_PATH_REFUSED" /> and a{" "}
          <code>problems</code> list. Limits: {MAX_UPLOAD_FILES.toLocaleString("en-US")} files,{" "}
          {mb(MAX_UPLOAD_FILE_BYTES)} a file, {gb(MAX_UPLOAD_BYTES)} in all (<Err code="UPLOAD_TOO_LARGE" />
          ), {MAX_OPEN_UPLOADS_PER_WALLET} open uploads per wallet (<Err code="UPLOAD_LIMIT_REACHED" />
          ).
        </li>
        <li>
          <code>POST /api/studio/uploads/[uploadId]/files</code>: whole small files as <code>multipart/form-data</code>,
          each part named by its path (at most {mb(MAX_UPLOAD_CHUNK_BYTES)} and {MAX_UPLOAD_BATCH_FILES} files a
          request).
        </li>
        <li>
          <code>PUT /api/studio/uploads/[uploadId]/files/[...path]</code>: one file, or one byte range of a large one
          with <code>Content-Range: bytes start-end/size</code> ({mb(MAX_UPLOAD_CHUNK_BYTES)} at most). A range must
          start where the file&apos;s received bytes end, else <Err code="UPLOAD_OFFSET_MISMATCH" /> with{" "}
          <code>received</code>; a range from byte 0 starts the file again. <code>GET</code> on the same path reads an
          uploaded file back (the preview&apos;s images), never sniffed. An <code>&lt;img&gt;</code> cannot send{" "}
          <code>X-Studio-Wallet</code>, so this read may name the wallet in <code>?wallet=</code> instead; the
          wallet&apos;s sign-in cookie must prove it all the same.
        </li>
        <li>
          <code>GET /api/studio/uploads/[uploadId]</code>: each file&apos;s received bytes, so a reloaded page sends
          only the rest. <code>DELETE</code> discards the upload.
        </li>
        <li>
          <code>POST /api/studio/uploads/[uploadId]/validate</code>: every problem as{" "}
          <code>{"{ file, path, message }"}</code> (the file in the folder and the JSON path in it, exactly as{" "}
          <code>npm run drop -- validate</code> prints them), files not yet uploaded named as such, and with no problem
          a <code>preview</code> of the drop page.
        </li>
        <li>
          <code>POST /api/studio/uploads/[uploadId]/launch</code>: creates the drop and answers its short link; a folder
          with problems is refused with <Err code="UPLOAD_HAS_PROBLEMS" /> and the same list, a short ID another
          creator&apos;s drop holds with <Err code="LAUNCH_REFUSED" />.
        </li>
      </ul>
      <p>
        Another creator&apos;s upload answers exactly like a missing one, <Err code="UPLOAD_NOT_FOUND" />. The server
        writes every file itself, so an upload cannot hold a symbolic link; a link inside a zip arrives as a plain file
        and is refused by the checks. Uploads wait under <code>DATA_DIR/studio-uploads/</code> (or{" "}
        <code>STUDIO_UPLOADS_DIR</code>) until they are launched, discarded, or untouched for{" "}
        {ABANDONED_UPLOAD_MS / 3_600_000} hours (then removed when any creator starts an upload). Behind several
        instances that share that folder (as the README&apos;s deployment sets them up), each request may reach any
        instance: a range sent again is written again at its offset, and a second <code>launch</code> while one runs, on
        any instance, is answered <Err code="UPLOAD_BUSY" /> and creates nothing.
      </p>
    </section>
  );
}
