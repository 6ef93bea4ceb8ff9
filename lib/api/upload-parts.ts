// The parts of a studio batch upload (multipart/form-data, one part per file, named by its
// path), parsed by the platform's own form-data reader from the bytes the pipeline read
// under its size cap and deadline.
import { MAX_UPLOAD_BATCH_FILES as MAX_PARTS } from "@/lib/domain/studio-upload";
import { AppError } from "@/lib/errors";

export async function readUploadParts(body: { bytes: Uint8Array; contentType: string | null }) {
  if (!body.contentType?.toLowerCase().startsWith("multipart/form-data"))
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the files as multipart/form-data, one part per file.");
  let form: FormData;
  try {
    form = await new Response(body.bytes as Uint8Array<ArrayBuffer>, {
      headers: { "content-type": body.contentType },
    }).formData();
  } catch {
    throw new AppError("INVALID_REQUEST", "The multipart body could not be read.");
  }
  const files: Array<{ path: string; bytes: Uint8Array }> = [];
  for (const [path, value] of form.entries()) {
    if (typeof value === "string") throw new AppError("INVALID_REQUEST", `The part ${path} is not a file.`);
    files.push({ path, bytes: new Uint8Array(await value.arrayBuffer()) });
  }
  if (files.length === 0 || files.length > MAX_PARTS)
    throw new AppError("INVALID_REQUEST", `Send 1 to ${MAX_PARTS} files in one request.`);
  return files;
}
