// The creator's partner keys: a key names some of the creator's own drops; its secret is shown
// this once (the site keeps only a hash), then listed by prefix until revoked.
"use client";

import { useCallback, useEffect, useState } from "react";
import type { StudioFetch } from "@/lib/client/studio-client";
import { reasonsOf } from "./refusal-reasons";
import { SignInFirst } from "./sign-in-first";
import { useStudioWallet } from "./use-studio-wallet";

type Key = {
  id: string;
  displayPrefix: string;
  keyClass: "pub" | "live";
  label: string | null;
  origins: string[];
  collections: string[];
  createdAt: string;
  revokedAt: string | null;
};
type DropRow = { id: string; shortId: string | null; name: string | null };

const input = "rounded bg-white/10 p-2 text-sm";

export function PartnerKeys() {
  const { wallets, call } = useStudioWallet();
  const [keys, setKeys] = useState<Key[] | null>(null);
  const [drops, setDrops] = useState<DropRow[]>([]);
  const [messages, setMessages] = useState<string[]>([]);
  const [secret, setSecret] = useState<{ key: string; prefix: string } | null>(null);
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!call) return;
    call<{ keys: Key[] }>("GET", "/keys").then(
      (a) => setKeys(a.keys),
      (e: unknown) => setMessages(reasonsOf(e)),
    );
    call<{ drops: DropRow[] }>("GET", "/drops").then(
      (a) => setDrops(a.drops),
      () => undefined,
    );
  }, [call, round]);
  const act = useCallback(
    async (change: (c: StudioFetch) => Promise<void>) => {
      if (!call) return;
      try {
        await change(call);
        setRound((n) => n + 1);
      } catch (error) {
        setMessages(reasonsOf(error));
      }
    },
    [call],
  );

  if (wallets !== null && wallets.length === 0) return <SignInFirst />;
  if (keys === null) return <p className="text-slate-400">{messages[0] ?? "Loading…"}</p>;
  return (
    <section className="space-y-6">
      <h1 className="text-2xl font-bold">Partner keys</h1>
      <p className="text-sm text-slate-300">
        A key lets a partner&apos;s site or server use Dropmint&apos;s API for the drops you choose, and only those.
      </p>
      {messages.length > 0 && (
        <ul role="alert" className="list-disc pl-6 text-sm text-red-300">
          {messages.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
      {secret && <ShownOnce secret={secret} onDone={() => setSecret(null)} />}
      <CreateKey
        drops={drops}
        onCreate={(body) =>
          act(async (c) => {
            const answer = await c<{ key: string; summary: Key }>("POST", "/keys", body);
            setMessages([]);
            setSecret({ key: answer.key, prefix: answer.summary.displayPrefix });
          })
        }
      />
      <KeyList keys={keys} onRevoke={(id) => act(async (c) => void (await c("DELETE", `/keys/${id}`)))} />
    </section>
  );
}

function ShownOnce({ secret, onDone }: { secret: { key: string; prefix: string }; onDone(): void }) {
  const [copied, setCopied] = useState(false);
  return (
    <div role="status" className="space-y-2 rounded border border-amber-400 p-3" data-testid="new-key">
      <p className="font-semibold text-amber-300">
        Copy this key now: it is shown only once. Dropmint keeps only a fingerprint of it and cannot show it again.
      </p>
      <code className="block break-all rounded bg-black/40 p-2 text-sm" data-testid="new-key-secret">
        {secret.key}
      </code>
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className="rounded border border-mint px-3 py-1 text-mint"
          onClick={() =>
            void navigator.clipboard.writeText(secret.key).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? "Copied" : "Copy key"}
        </button>
        <button type="button" className="rounded border border-white/30 px-3 py-1" onClick={onDone}>
          I have saved it
        </button>
      </div>
    </div>
  );
}

type CreateBody = { keyClass: "pub" | "live"; drops: string[]; label?: string; origins?: string[] };

function CreateKey({ drops, onCreate }: { drops: DropRow[]; onCreate(body: CreateBody): Promise<void> }) {
  const [keyClass, setKeyClass] = useState<"pub" | "live">("live");
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="space-y-3 rounded border border-white/10 p-3 text-sm"
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        const chosen = form.getAll("drop").map(String);
        if (chosen.length === 0) return setProblem("Choose at least one of your drops for the key.");
        const origins = String(form.get("origins") ?? "")
          .split(/[\s,]+/)
          .filter(Boolean);
        const label = String(form.get("label") ?? "").trim();
        setProblem(null);
        setBusy(true);
        void onCreate({
          keyClass,
          drops: chosen,
          ...(label ? { label } : {}),
          ...(keyClass === "pub" ? { origins } : {}),
        }).finally(() => setBusy(false));
      }}
    >
      <h2 className="text-lg font-semibold">New key</h2>
      <fieldset className="space-y-1">
        <legend className="text-xs text-slate-400">For these drops</legend>
        {drops.length === 0 && <p className="text-slate-400">You have no drops yet.</p>}
        {drops.map((drop) => (
          <label key={drop.id} className="flex items-center gap-2">
            <input type="checkbox" name="drop" value={drop.id} disabled={!drop.shortId} />
            {drop.name ?? drop.shortId ?? drop.id}
            {!drop.shortId && <span className="text-slate-400">(no short link yet)</span>}
          </label>
        ))}
      </fieldset>
      <label className="flex flex-col gap-1 text-xs text-slate-400">
        Label
        <input name="label" maxLength={200} placeholder="e.g. Partner storefront" className={input} />
      </label>
      <label className="flex flex-col gap-1 text-xs text-slate-400">
        Kind
        <select value={keyClass} onChange={(e) => setKeyClass(e.target.value as "pub" | "live")} className={input}>
          <option value="live">Secret key, for a server</option>
          <option value="pub">Publishable key, for web pages on given sites</option>
        </select>
      </label>
      {keyClass === "pub" && (
        <label className="flex flex-col gap-1 text-xs text-slate-400">
          Sites allowed to use it (one origin a line, e.g. https://shop.example)
          <textarea name="origins" required rows={2} className={input} />
        </label>
      )}
      {problem && (
        <p role="alert" className="text-red-300">
          {problem}
        </p>
      )}
      <button disabled={busy} className="rounded border border-mint px-3 py-1 text-mint disabled:opacity-50">
        {busy ? "Creating…" : "Create key"}
      </button>
    </form>
  );
}

function KeyList({ keys, onRevoke }: { keys: Key[]; onRevoke(id: string): Promise<void> }) {
  if (keys.length === 0) return <p className="text-sm text-slate-400">No keys yet.</p>;
  return (
    <ul className="divide-y divide-white/10 rounded border border-white/10 text-sm" data-testid="key-list">
      {keys.map((key) => (
        <li key={key.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 p-3">
          <code className="font-semibold">{key.displayPrefix}…</code>
          <span>{key.label ?? "(no label)"}</span>
          <span className="text-slate-400">
            {key.keyClass === "pub" ? "publishable" : "secret"} · {key.collections.join(", ")}
          </span>
          {key.revokedAt ? (
            <span className="text-slate-400">revoked {key.revokedAt.slice(0, 10)}</span>
          ) : (
            <button type="button" className="text-red-300" onClick={() => void onRevoke(key.id)}>
              Revoke
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
