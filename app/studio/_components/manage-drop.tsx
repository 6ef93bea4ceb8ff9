// One drop in the studio. Every change goes through the same rules as `npm run drop -- update`;
// a refusal shows the rule's own reasons.
"use client";

import Link from "next/link";
import { useCallback, useEffect, useState } from "react";
import type { StudioFetch } from "@/lib/client/studio-client";
import { BountiesEditor, RevealSettings } from "./bounties-reveal";
import { AllowlistUpload, AuditLog, ClaimCodes } from "./manage-sections";
import { reasonsOf } from "./refusal-reasons";
import { PhasesEditor, type StudioPhase } from "./phases-editor";
import { SignInFirst } from "./sign-in-first";
import { StudioQueryProvider } from "./studio-query";
import { useStudioWallet } from "./use-studio-wallet";

type Drop = {
  id: string;
  name: string | null;
  shortId: string | null;
  twitter: string | null;
  discord: string | null;
  externalUrl: string | null;
};

export function ManageDrop({ dropRef }: { dropRef: string }) {
  return (
    <StudioQueryProvider>
      <ManageDropPage dropRef={dropRef} />
    </StudioQueryProvider>
  );
}

function ManageDropPage({ dropRef }: { dropRef: string }) {
  const { wallets, wallet, call } = useStudioWallet();
  const [drop, setDrop] = useState<Drop | null>(null);
  const [phases, setPhases] = useState<StudioPhase[]>([]);
  const [round, setRound] = useState(0);
  const [messages, setMessages] = useState<string[]>([]);
  const base = `/drops/${encodeURIComponent(dropRef)}`;
  useEffect(() => {
    if (!call) return;
    call<{ drop: Drop }>("GET", base).then(
      (a) => setDrop(a.drop),
      (e: unknown) => setMessages(reasonsOf(e)),
    );
    call<{ phases: StudioPhase[] }>("GET", `${base}/phases`).then(
      (a) => setPhases(a.phases),
      (e: unknown) => setMessages(reasonsOf(e)),
    );
  }, [call, base, round]);
  const run = useCallback(
    async (change: (call: StudioFetch) => Promise<unknown>, done = "Saved.") => {
      if (!call) return;
      try {
        const answer = (await change(call)) as { changes?: string[] } | undefined;
        setMessages(answer?.changes?.length ? answer.changes : [done]);
        setRound((n) => n + 1);
      } catch (error) {
        setMessages(reasonsOf(error));
      }
    },
    [call],
  );

  if (wallets !== null && wallets.length === 0) return <SignInFirst />;
  if (!drop) return <p className="text-slate-400">{messages[0] ?? "Loading…"}</p>;
  return (
    <section className="space-y-6">
      <h1 className="text-2xl font-bold">{drop.name}</h1>
      <Link href={`/studio/drops/${drop.id}`} className="text-mint underline">
        Watch the sale live
      </Link>
      {messages.length > 0 && (
        <ul role="status" className="list-disc pl-6 text-sm text-slate-200">
          {messages.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
      <form
        className="grid gap-2 sm:grid-cols-3"
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          const text = (name: string) => String(form.get(name) ?? "").trim() || null;
          void run((c) =>
            c("PATCH", base, { twitter: text("twitter"), discord: text("discord"), externalUrl: text("externalUrl") }),
          );
        }}
      >
        <input
          name="twitter"
          defaultValue={drop.twitter ?? ""}
          placeholder="@twitter"
          aria-label="Twitter"
          className="rounded bg-white/10 p-2"
        />
        <input
          name="discord"
          defaultValue={drop.discord ?? ""}
          placeholder="https://discord.gg/…"
          aria-label="Discord"
          className="rounded bg-white/10 p-2"
        />
        <input
          name="externalUrl"
          defaultValue={drop.externalUrl ?? ""}
          placeholder="https://…"
          aria-label="Website"
          className="rounded bg-white/10 p-2"
        />
        <button className="rounded border border-mint px-3 py-1 text-mint sm:col-span-3 sm:justify-self-start">
          Save page
        </button>
      </form>
      <PhasesEditor phases={phases} base={base} run={run} />
      <AllowlistUpload phases={phases} base={base} run={run} />
      <ClaimCodes base={base} call={call} run={run} round={round} />
      <BountiesEditor base={base} run={run} reader={{ wallet, call, round }} />
      <RevealSettings base={base} run={run} reader={{ wallet, call, round }} />
      <AuditLog base={base} call={call} round={round} />
    </section>
  );
}
