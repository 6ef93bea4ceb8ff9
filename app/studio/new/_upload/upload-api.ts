// The studio page's calls to /api/studio/uploads (every one names the signed-in wallet in
// X-Studio-Wallet; the session cookie proves it). Errors carry the service's stable code, so
// the page shows the plain-words sentence for it (lib/client/error-messages.ts).
import type { DropPreview, UploadStatus } from "@/lib/schemas/studio-uploads";

export type FolderProblem = { file: string; path: string; message: string };
export type Validation = {
  ok: boolean;
  missingFiles: number;
  problems: FolderProblem[];
  notes: FolderProblem[];
  preview: DropPreview | null;
};
export type Launched = { shortId: string; url: string; outcome: string };

export class StudioError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly body: Record<string, unknown>,
  ) {
    super(message);
  }
}

export function createUploadApi(wallet: string) {
  const headers = { "X-Studio-Wallet": wallet };
  const call = async <T>(
    method: string,
    url: string,
    init: { body?: BodyInit; type?: string; range?: string } = {},
  ) => {
    const response = await fetch(url, {
      method,
      credentials: "same-origin",
      headers: {
        ...headers,
        ...(init.type ? { "Content-Type": init.type } : {}),
        ...(init.range ? { "Content-Range": init.range } : {}),
      },
      body: init.body,
    });
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (!response.ok || body.success !== true)
      throw new StudioError(String(body.code ?? "INTERNAL_ERROR"), String(body.error ?? response.statusText), body);
    return body as T;
  };
  const base = "/api/studio/uploads";
  const filePath = (path: string) => path.split("/").map(encodeURIComponent).join("/");
  return {
    start: (files: Array<{ path: string; size: number }>) =>
      call<UploadStatus>("POST", base, { body: JSON.stringify({ files }), type: "application/json" }),
    status: (id: string) => call<UploadStatus>("GET", `${base}/${id}`),
    discard: (id: string) => call<{ removed: boolean }>("DELETE", `${base}/${id}`),
    sendBatch: (id: string, files: Array<{ path: string; blob: Blob }>) => {
      const form = new FormData();
      for (const file of files) form.append(file.path, file.blob, "file");
      return call<unknown>("POST", `${base}/${id}/files`, { body: form });
    },
    sendRange: (id: string, path: string, blob: Blob, start: number, size: number) =>
      call<{ received: number }>("PUT", `${base}/${id}/files/${filePath(path)}`, {
        body: blob,
        type: "application/octet-stream",
        range: `bytes ${start}-${start + blob.size - 1}/${size}`,
      }),
    validate: (id: string) => call<Validation>("POST", `${base}/${id}/validate`),
    launch: (id: string) => call<Launched>("POST", `${base}/${id}/launch`),
    /** An uploaded image as a blob URL (an <img> cannot send the wallet header). */
    async imageUrl(url: string) {
      const response = await fetch(url, { headers, credentials: "same-origin" });
      if (!response.ok) throw new StudioError("NOT_FOUND", "The image could not be read.", {});
      return URL.createObjectURL(await response.blob());
    },
  };
}

export type UploadApi = ReturnType<typeof createUploadApi>;
