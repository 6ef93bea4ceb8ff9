// POST /api/studio/uploads — starts an upload of a Sugar folder from its manifest (every
// file's path and size); every refused path is named at once, before a byte is sent.
import { studioRoute } from "@/lib/api/studio-auth";
import { createUploadBodySchema, uploadStatusResponseSchema } from "@/lib/schemas/studio-uploads";
import { createUpload } from "@/lib/services/studio-uploads";

/** A manifest of 40,000 files is about 2 MB of JSON. */
const MANIFEST_MAX_BYTES = 4 * 1024 * 1024;

export const POST = studioRoute(
  { body: createUploadBodySchema, maxBodyBytes: MANIFEST_MAX_BYTES, response: uploadStatusResponseSchema },
  ({ ctx, caller, body }) => createUpload(ctx, caller, body.files),
);
