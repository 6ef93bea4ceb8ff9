// POST /api/studio/uploads/[uploadId]/files — several whole small files in one request
// (multipart/form-data, each part named by the file's path): a 10,000-item folder is 20,000
// files, far too many requests one by one.
import { studioRoute } from "@/lib/api/studio-auth";
import { MAX_UPLOAD_CHUNK_BYTES } from "@/lib/domain/studio-upload";
import { uploadBatchResponseSchema, uploadParamsSchema } from "@/lib/schemas/studio-uploads";
import { receiveUploadBatch } from "@/lib/services/studio-uploads";
import { readUploadParts } from "@/lib/api/upload-parts";

export const POST = studioRoute(
  {
    params: uploadParamsSchema,
    rawBody: { maxBytes: MAX_UPLOAD_CHUNK_BYTES + 64 * 1024 },
    response: uploadBatchResponseSchema,
  },
  ({ ctx, caller, params, rawBody }) =>
    receiveUploadBatch(ctx, caller, params.uploadId, () => readUploadParts(rawBody!)),
);
