// "Sign in" without minting: a button that, when pressed, downloads the wallet code, lets the
// collector pick a wallet and signs the site's Sign In With Solana message (the same flow the
// mint panel runs before a first mint), which sets the wallet's HttpOnly session cookie.
// Until pressed (or hovered, to start the download) it costs the page only this module.
"use client";

import { lazy, Suspense, useCallback, useState, type ComponentType } from "react";
import type { Cluster } from "@/lib/config";
import type { SignInFlowProps } from "./sign-in-flow";

const loadFlow = () => import("./sign-in-flow");
const SignInFlow = lazy((): Promise<{ default: ComponentType<SignInFlowProps> }> => loadFlow());

type Props = {
  cluster: Cluster;
  /** Called once the wallet's session is set. */
  onSignedIn(address: string): void;
  label?: string;
  className?: string;
};

export function SignInButton({ cluster, onSignedIn, label = "Sign in", className }: Props) {
  // Each press mounts a fresh flow (a new picker, a new nonce); 0: none.
  const [attempt, setAttempt] = useState(0);
  const [status, setStatus] = useState<string | null>(null);
  const signedIn = useCallback(
    (address: string) => {
      setAttempt(0);
      setStatus(null);
      onSignedIn(address);
    },
    [onSignedIn],
  );
  return (
    <>
      <button
        type="button"
        onPointerEnter={() => void loadFlow().catch(() => undefined)}
        onClick={() => {
          setStatus(null);
          setAttempt((n) => n + 1);
        }}
        className={className ?? "rounded border border-mint px-3 py-1 text-sm font-semibold text-mint"}
      >
        {label}
      </button>
      {status && (
        <span role="status" className="text-xs text-slate-300">
          {status}
        </span>
      )}
      {attempt > 0 && (
        <Suspense fallback={null}>
          <SignInFlow key={attempt} cluster={cluster} onSignedIn={signedIn} onStatus={setStatus} />
        </Suspense>
      )}
    </>
  );
}
