// The studio's uploads: a creator's Sugar folder from the browser to a live drop, through the
// same checks and the same launch as `npm run drop` (lib/launch).
export {
  createUpload,
  deleteUpload,
  getUploadStatus,
  readUploadFile,
  receiveUploadBatch,
  receiveUploadChunk,
  sweepAbandonedUploads,
  UPLOAD_LIMITS,
} from "./uploads";
export { validateUpload } from "./validate";
export { launchUpload } from "./launch";
export { previewDropPage, type DropPagePreview } from "./preview-page";
