// PUT /api/studio/uploads/[uploadId]/files/[...path] — one file, or one byte range of a large
// one (Content-Range: bytes start-end/size), so an interrupted upload resumes where it stopped.
// GET — the uploaded file itself (the preview's images; an <img> names its wallet in ?wallet=).
import { FileAnswer } from "@/lib/api/route";
import { studioRoute } from "@/lib/api/studio-auth";
import { MAX_UPLOAD_CHUNK_BYTES } from "@/lib/domain/studio-upload";
import { uploadChunkResponseSchema, uploadFileParamsSchema } from "@/lib/schemas/studio-uploads";
import { readUploadFile, receiveUploadChunk } from "@/lib/services/studio-uploads";

export const PUT = studioRoute(
  {
    params: uploadFileParamsSchema,
    rawBody: { maxBytes: MAX_UPLOAD_CHUNK_BYTES },
    response: uploadChunkResponseSchema,
  },
  ({ ctx, caller, params, rawBody }) =>
    receiveUploadChunk(ctx, caller, { uploadId: params.uploadId, path: params.path.join("/"), ...rawBody! }),
);

export const GET = studioRoute(
  { params: uploadFileParamsSchema, response: uploadChunkResponseSchema, walletFromQuery: true },
  async ({ ctx, caller, params }) => {
    const file = await readUploadFile(ctx, caller, params.uploadId, params.path.join("/"));
    return new FileAnswer(file.bytes, file.contentType);
  },
);
