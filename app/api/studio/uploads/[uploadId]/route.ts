// GET /api/studio/uploads/[uploadId] — what has arrived of each file (a reloaded page resumes
// from it); DELETE discards the upload (the same answer for one that is not there).
import { studioRoute } from "@/lib/api/studio-auth";
import {
  deleteUploadResponseSchema,
  uploadParamsSchema,
  uploadStatusResponseSchema,
} from "@/lib/schemas/studio-uploads";
import { deleteUpload, getUploadStatus } from "@/lib/services/studio-uploads";

export const GET = studioRoute(
  { params: uploadParamsSchema, response: uploadStatusResponseSchema },
  ({ ctx, caller, params }) => getUploadStatus(ctx, caller, params.uploadId),
);

export const DELETE = studioRoute(
  { params: uploadParamsSchema, response: deleteUploadResponseSchema },
  ({ ctx, caller, params }) => deleteUpload(ctx, caller, params.uploadId),
);
