// POST /api/studio/uploads/[uploadId]/validate — `npm run drop -- validate` on the uploaded
// folder: every problem with its file and JSON path, and the drop's preview when there is none.
import { studioRoute } from "@/lib/api/studio-auth";
import { uploadParamsSchema, uploadValidationResponseSchema } from "@/lib/schemas/studio-uploads";
import { validateUpload } from "@/lib/services/studio-uploads";

export const POST = studioRoute(
  { params: uploadParamsSchema, response: uploadValidationResponseSchema },
  ({ ctx, caller, params }) => validateUpload(ctx, caller, params.uploadId),
);
