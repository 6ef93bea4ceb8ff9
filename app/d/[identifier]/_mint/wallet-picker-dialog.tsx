// "Connect a wallet": a small modal of our own (the adapter's UI kit pulls a web font).
// Focus moves in on open, is trapped while open and returns to where it was on close;
// Escape and the backdrop close it.
"use client";

import { useEffect, useId, useRef } from "react";
import { createPortal } from "react-dom";

export type WalletChoice = { name: string; icon: string };

type Props = {
  open: boolean;
  wallets: WalletChoice[];
  /** The wallet being connected, if any. */
  connectingName: string | null;
  onSelect(name: string): void;
  onClose(): void;
};

export function WalletPickerDialog({ open, ...props }: Props) {
  if (!open || typeof document === "undefined") return null;
  return createPortal(<Dialog {...props} />, document.body);
}

function Dialog({ wallets, connectingName, onSelect, onClose }: Omit<Props, "open">) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    (panel?.querySelector<HTMLElement>("[data-autofocus]") ?? panel?.querySelector<HTMLElement>("button"))?.focus();
    return () => {
      // Back to the opener; if it is gone (it became the connected wallet's controls), to the panel's wallet area.
      const target = opener?.isConnected ? opener : document.querySelector<HTMLElement>("[data-wallet-focus-fallback]");
      target?.focus();
    };
  }, []);

  function onKeyDown(event: React.KeyboardEvent) {
    if (event.key === "Escape") {
      event.stopPropagation();
      onCloseRef.current();
      return;
    }
    if (event.key !== "Tab") return;
    const focusable = Array.from(
      panelRef.current?.querySelectorAll<HTMLElement>("button:not([disabled]), a[href]") ?? [],
    );
    if (focusable.length === 0) return;
    const first = focusable[0]!;
    const last = focusable[focusable.length - 1]!;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <div
      className="fixed inset-0 z-50 flex items-end justify-center bg-black/70 p-4 sm:items-center"
      onMouseDown={(e) => e.target === e.currentTarget && onClose()}
    >
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={onKeyDown}
        className="w-full max-w-sm rounded-2xl border border-white/10 bg-ink p-5 shadow-2xl shadow-black/60"
      >
        <div className="mb-4 flex items-center justify-between gap-4">
          <h2 id={titleId} className="text-lg font-semibold">
            Connect a wallet
          </h2>
          <button
            type="button"
            onClick={onClose}
            className="rounded-lg px-2 py-1 text-sm text-slate-300 hover:bg-white/10 hover:text-white"
          >
            Close
          </button>
        </div>
        {wallets.length === 0 ? (
          <p className="text-sm text-slate-300">
            No Solana wallet was found in this browser. Install one (Phantom, Solflare or Backpack, for example), then
            reload this page.
          </p>
        ) : (
          <ul className="space-y-2">
            {wallets.map((wallet, index) => (
              <li key={wallet.name}>
                <button
                  type="button"
                  data-autofocus={index === 0 ? "" : undefined}
                  onClick={() => onSelect(wallet.name)}
                  disabled={connectingName !== null}
                  className="flex w-full items-center gap-3 rounded-xl border border-white/10 bg-white/5 px-4 py-3 text-left font-medium hover:border-mint/60 hover:bg-white/10 disabled:opacity-60"
                >
                  {/* eslint-disable-next-line @next/next/no-img-element */}
                  <img src={wallet.icon} alt="" width={28} height={28} className="h-7 w-7 rounded" />
                  <span className="flex-1">{wallet.name}</span>
                  {connectingName === wallet.name && <span className="text-sm text-slate-300">Connecting…</span>}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
