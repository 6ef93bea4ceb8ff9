// POST /api/studio/uploads/[uploadId]/launch — creates the drop as `npm run drop -- create`
// would, owned by the uploader; answers its short link.
import { studioRoute } from "@/lib/api/studio-auth";
import { uploadLaunchResponseSchema, uploadParamsSchema } from "@/lib/schemas/studio-uploads";
import { launchUpload } from "@/lib/services/studio-uploads";

export const POST = studioRoute(
  { params: uploadParamsSchema, response: uploadLaunchResponseSchema },
  ({ ctx, caller, params }) => launchUpload(ctx, caller, params.uploadId),
);
