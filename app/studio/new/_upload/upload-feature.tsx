// /studio/new: a signed-in creator drops a Sugar folder (or a zip of it), watches it upload,
// sees every problem by file and JSON path, previews the drop page and launches it. A reload
// mid-upload resumes: the upload's id is kept per wallet, and the same folder chosen again
// sends only what the server does not have.
"use client";

import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { SignInButton } from "@/app/_components/wallet-sign-in/sign-in-button";
import { describeStudioError as describeError } from "@/lib/client/studio-error-messages";
import type { Cluster } from "@/lib/config";
import { DropPreview } from "./drop-preview";
import { fromDrop, fromFileList, fromZip, type PickedFile } from "./pick-files";
import { NotesList, ProblemsList } from "./problems-list";
import { applyProgress, megabytes, timeLeft, type Totals } from "./progress";
import { createUploadApi, StudioError, type Launched, type Validation } from "./upload-api";
import { planJobs, runJobs } from "./upload-runner";

const WALLET_KEY = "dropmint.studio.wallet";
const uploadKey = (wallet: string) => `dropmint.studio.upload.${wallet}`;

type Stage =
  | { kind: "pick" }
  | { kind: "uploading"; totals: Totals }
  | { kind: "checking" }
  | { kind: "checked"; validation: Validation }
  | { kind: "launching"; validation: Validation }
  | { kind: "launched"; launched: Launched };

/** Paths and sizes: the same folder chosen again after a reload resumes its upload. */
const signatureOf = (files: PickedFile[]) => files.map((f) => `${f.path}:${f.blob.size}`).join("\n");

/** Codes whose service sentence names the file or short ID at fault: shown after the plain one. */
const NAMES_THE_FILE = new Set(["UPLOAD_PATH_REFUSED", "UPLOAD_TOO_LARGE", "LAUNCH_REFUSED"]);

function plainError(error: unknown): string {
  if (error instanceof StudioError)
    return NAMES_THE_FILE.has(error.code) ? `${describeError(error)} ${error.message}` : describeError(error);
  return "The upload stopped: check your connection, then choose the folder again to resume.";
}

// The signed-in wallet is kept in localStorage (the session cookie itself is HttpOnly): read
// as an external store, so the server's render (nobody signed in) hydrates without a mismatch.
const walletListeners = new Set<() => void>();
function subscribeWallet(listener: () => void) {
  walletListeners.add(listener);
  window.addEventListener("storage", listener);
  return () => {
    walletListeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}
function storeWallet(address: string | null) {
  if (address) localStorage.setItem(WALLET_KEY, address);
  else localStorage.removeItem(WALLET_KEY);
  for (const listener of walletListeners) listener();
}

export default function UploadFeature({ cluster }: { cluster: Cluster }) {
  const wallet = useSyncExternalStore(
    subscribeWallet,
    () => localStorage.getItem(WALLET_KEY),
    () => null,
  );
  const signedIn = useCallback((address: string) => storeWallet(address), []);
  if (!wallet)
    return (
      <div className="space-y-3">
        <p>Sign in with the wallet you create drops with.</p>
        <SignInButton cluster={cluster} onSignedIn={signedIn} label="Sign in to launch a drop" />
      </div>
    );
  return <Uploader key={wallet} wallet={wallet} cluster={cluster} onSignedOut={() => storeWallet(null)} />;
}

function Uploader({ wallet, cluster, onSignedOut }: { wallet: string; cluster: Cluster; onSignedOut(): void }) {
  const api = useMemo(() => createUploadApi(wallet), [wallet]);
  const [stage, setStage] = useState<Stage>({ kind: "pick" });
  const [error, setError] = useState<string | null>(null);
  const [uploadId, setUploadId] = useState<string | null>(null);
  const [pending, setPending] = useState<number | null>(null);
  const stop = useRef({ stopped: false });

  // A reload mid-upload: say so, and how much is waiting.
  useEffect(() => {
    const saved = localStorage.getItem(uploadKey(wallet));
    if (!saved) return;
    void api.status(JSON.parse(saved).uploadId).then(
      (s) => setPending(s.fileCount - s.filesComplete),
      () => localStorage.removeItem(uploadKey(wallet)),
    );
  }, [api, wallet]);
  useEffect(() => () => void (stop.current.stopped = true), []);

  const fail = useCallback(
    (e: unknown) => {
      if (e instanceof StudioError && e.code === "WALLET_PROOF_REQUIRED") {
        onSignedOut();
        return;
      }
      setError(plainError(e));
      setStage({ kind: "pick" });
    },
    [onSignedOut],
  );

  const check = useCallback(
    async (id: string) => {
      setStage({ kind: "checking" });
      setStage({ kind: "checked", validation: await api.validate(id) });
    },
    [api],
  );

  const upload = useCallback(
    async (files: PickedFile[]) => {
      setError(null);
      if (files.length === 0) return setError("That folder holds no files.");
      const signature = signatureOf(files);
      const saved = JSON.parse(localStorage.getItem(uploadKey(wallet)) ?? "null") as {
        uploadId: string;
        signature: string;
      } | null;
      let status = saved?.signature === signature ? await api.status(saved.uploadId).catch(() => null) : null;
      if (!status) {
        if (saved) await api.discard(saved.uploadId).catch(() => undefined);
        status = await api.start(files.map((f) => ({ path: f.path, size: f.blob.size })));
        localStorage.setItem(uploadKey(wallet), JSON.stringify({ uploadId: status.uploadId, signature }));
      }
      const id = status.uploadId;
      setUploadId(id);
      setPending(null);
      const sent = new Map(status.files.map((f) => [f.path, f.received]));
      let totals: Totals = {
        fileCount: status.fileCount,
        filesDone: status.filesComplete,
        totalBytes: status.totalBytes,
        bytesDone: status.receivedBytes,
        resumedBytes: status.receivedBytes,
        startedAt: Date.now(),
        active: [],
      };
      setStage({ kind: "uploading", totals });
      const jobs = planJobs(api, id, files, status, (update) => {
        totals = applyProgress(totals, sent, update);
        setStage({ kind: "uploading", totals });
      });
      await runJobs(jobs, stop.current);
      await check(id);
    },
    [api, wallet, check],
  );

  const launch = useCallback(
    async (validation: Validation) => {
      if (!uploadId) return;
      setStage({ kind: "launching", validation });
      const launched = await api.launch(uploadId);
      localStorage.removeItem(uploadKey(wallet));
      setStage({ kind: "launched", launched });
    },
    [api, uploadId, wallet],
  );

  const busy = stage.kind === "uploading" || stage.kind === "checking" || stage.kind === "launching";
  return (
    <div className="space-y-6">
      <p className="text-sm text-slate-400">
        Signed in as <span className="font-mono">{wallet}</span> · {cluster}
      </p>
      {pending !== null && pending > 0 && (
        <p role="status" className="rounded-lg bg-amber-900/30 p-3 text-sm">
          An upload was interrupted with {pending} file{pending === 1 ? "" : "s"} to go. Choose the same folder to
          resume.
        </p>
      )}
      {stage.kind !== "launched" && (
        <Picker disabled={busy} onFiles={(files) => void upload(files).catch(fail)} onError={setError} />
      )}
      {error && (
        <p role="alert" className="rounded-lg bg-rose-950/40 p-3 text-sm text-rose-200">
          {error}
        </p>
      )}
      {stage.kind === "uploading" && <UploadProgress totals={stage.totals} />}
      {stage.kind === "checking" && <p role="status">Checking the folder as `npm run drop -- validate` does…</p>}
      {(stage.kind === "checked" || stage.kind === "launching") && (
        <Checked
          validation={stage.validation}
          previewUrl={uploadId ? `/studio/new/preview/${uploadId}?wallet=${encodeURIComponent(wallet)}` : null}
          api={api}
          launching={stage.kind === "launching"}
          onLaunch={() => void launch(stage.validation).catch(fail)}
        />
      )}
      {stage.kind === "launched" && (
        <p role="status" className="rounded-lg bg-emerald-900/30 p-4" data-testid="launched">
          {stage.launched.outcome === "created" ? "Your drop is live: " : "This drop already exists: "}
          <a className="font-mono text-mint underline" href={stage.launched.url}>
            {stage.launched.url}
          </a>
        </p>
      )}
    </div>
  );
}

function Checked(props: {
  validation: Validation;
  previewUrl: string | null;
  api: ReturnType<typeof createUploadApi>;
  launching: boolean;
  onLaunch(): void;
}) {
  const { validation, previewUrl, api, launching, onLaunch } = props;
  if (!validation.ok) return <ProblemsList problems={validation.problems} notes={validation.notes} />;
  return (
    <div className="space-y-4">
      <p role="status" className="text-emerald-300">
        No problems. Preview the drop page your collectors will see, then launch.
      </p>
      {previewUrl && (
        // A new tab: this page keeps the checked upload and its Launch button.
        <a
          href={previewUrl}
          target="_blank"
          rel="noopener"
          className="inline-flex min-h-11 items-center rounded-lg border border-mint px-5 font-semibold text-mint hover:bg-mint/10"
        >
          Preview the drop page
        </a>
      )}
      {validation.preview && <DropPreview api={api} preview={validation.preview} origin={location.origin} />}
      {validation.notes.length > 0 && <NotesList notes={validation.notes} />}
      <button
        type="button"
        className="min-h-11 rounded-lg bg-mint px-5 font-semibold text-ink hover:bg-mint/90 disabled:opacity-60"
        disabled={launching}
        onClick={onLaunch}
      >
        {launching ? "Launching…" : "Launch the drop"}
      </button>
    </div>
  );
}

function UploadProgress({ totals }: { totals: Totals }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const share = totals.totalBytes > 0 ? totals.bytesDone / totals.totalBytes : 1;
  return (
    <section aria-label="Upload progress" className="space-y-2" data-testid="upload-progress">
      <progress className="w-full" value={share} max={1} />
      <p role="status" className="text-sm">
        {totals.filesDone.toLocaleString("en-US")} of {totals.fileCount.toLocaleString("en-US")} files ·{" "}
        {megabytes(totals.bytesDone)} of {megabytes(totals.totalBytes)}
        {timeLeft(totals, now) ? ` · ${timeLeft(totals, now)}` : ""}
      </p>
      <ul className="space-y-1 text-xs text-slate-400">
        {totals.active.map((file) => (
          <li key={file.path} className="flex items-center gap-2">
            <span className="w-48 truncate font-mono">{file.path}</span>
            <progress value={file.sent} max={file.size} className="flex-1" />
            <span>{Math.round((100 * file.sent) / Math.max(file.size, 1))}%</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Picker({
  disabled,
  onFiles,
  onError,
}: {
  disabled: boolean;
  onFiles(files: PickedFile[]): void;
  onError(m: string): void;
}) {
  const [over, setOver] = useState(false);
  const read = (promise: Promise<PickedFile[]>) =>
    void promise.then(onFiles, () => onError("That zip could not be opened. Zip the folder again and retry."));
  return (
    <div
      data-testid="drop-zone"
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        if (!disabled) read(fromDrop(e.dataTransfer));
      }}
      className={`space-y-3 rounded-xl border-2 border-dashed p-8 text-center ${over ? "border-mint" : "border-white/20"}`}
    >
      <p>Drop your Sugar project folder (config.json and assets/) or a zip of it here.</p>
      <div className="flex flex-wrap justify-center gap-3 text-sm">
        <label className="cursor-pointer rounded-lg border border-white/20 px-4 py-2 hover:border-mint">
          Choose a folder
          <input
            type="file"
            className="sr-only"
            disabled={disabled}
            data-testid="folder-input"
            // webkitdirectory is not in React's types; every current browser supports it.
            {...({ webkitdirectory: "", directory: "" } as object)}
            multiple
            onChange={(e) => e.target.files && onFiles(fromFileList(e.target.files))}
          />
        </label>
        <label className="cursor-pointer rounded-lg border border-white/20 px-4 py-2 hover:border-mint">
          Choose a zip
          <input
            type="file"
            accept=".zip,application/zip"
            className="sr-only"
            disabled={disabled}
            onChange={(e) => e.target.files?.[0] && read(fromZip(e.target.files[0]))}
          />
        </label>
      </div>
    </div>
  );
}
