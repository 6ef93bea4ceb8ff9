// Quantity: a number box with − and + buttons, kept within [1, max]. What the collector types
// is kept as typed (an empty box while typing is fine); the panel mints the clamped value.
"use client";

import { useId } from "react";

export function clampQuantity(text: string, max: number): number {
  const parsed = Number.parseInt(text, 10);
  if (!Number.isFinite(parsed) || parsed < 1) return 1;
  return Math.min(parsed, Math.max(1, max));
}

type Props = {
  text: string;
  max: number;
  disabled?: boolean;
  /** Nothing can be minted now (the panel says why, once): the control rests, with no hint of its own. */
  locked?: boolean;
  onChange(text: string): void;
};

export function QuantityInput({ text, max, disabled: busy, locked = false, onChange }: Props) {
  const disabled = busy || locked;
  const id = useId();
  const hintId = useId();
  const quantity = clampQuantity(text, max);
  const typed = Number.parseInt(text, 10);
  const overMax = Number.isFinite(typed) && typed > max;
  const button =
    "flex h-11 w-11 items-center justify-center rounded-xl border border-white/15 text-xl font-semibold hover:bg-white/10 disabled:opacity-40";
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-300">
        Quantity
      </label>
      <div className="flex items-center gap-2">
        <button
          type="button"
          className={button}
          aria-label="Decrease quantity"
          disabled={disabled || quantity <= 1}
          onClick={() => onChange(String(quantity - 1))}
        >
          −
        </button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          max={max}
          step={1}
          value={text}
          disabled={disabled}
          aria-describedby={hintId}
          onChange={(event) => onChange(event.target.value)}
          onBlur={() => onChange(String(quantity))}
          className="h-11 w-20 rounded-xl border border-white/15 bg-white/5 text-center text-lg tabular-nums [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
        />
        <button
          type="button"
          className={button}
          aria-label="Increase quantity"
          disabled={disabled || quantity >= max}
          onClick={() => onChange(String(quantity + 1))}
        >
          +
        </button>
        <p id={hintId} className="ml-1 text-xs text-slate-400" aria-live="polite">
          {locked ? "" : overMax ? `At most ${max} right now` : `Up to ${max}`}
        </p>
      </div>
    </div>
  );
}
