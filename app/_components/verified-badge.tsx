// The verified-creator mark: a check and the word, so it reads the same to every user.
// `compact`: the word is only for screen readers below the sm breakpoint (narrow cards).
export function VerifiedBadge({ className = "", compact = false }: { className?: string; compact?: boolean }) {
  return (
    <span
      className={`inline-flex shrink-0 items-center gap-1 rounded-full bg-mint/15 px-1.5 py-0.5 text-xs font-medium text-mint ${className}`}
      title="Verified creator"
    >
      <svg
        viewBox="0 0 16 16"
        width="12"
        height="12"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M3.5 8.5l3 3 6-7" />
      </svg>
      <span className={compact ? "sr-only sm:not-sr-only" : undefined}>Verified</span>
    </span>
  );
}
