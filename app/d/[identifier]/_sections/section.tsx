// The frame every section shares: an h2 the section is labelled by, an optional line beside it
// (counts, live status) and the plain sentences for "unavailable" and "couldn't refresh".
import type { ReactNode } from "react";

type SectionProps = {
  /** Also the anchor (#id) and the data-testid. */
  id: string;
  title: string;
  /** Beside the heading on wide screens, under it on narrow ones. */
  aside?: ReactNode;
  description?: ReactNode;
  children: ReactNode;
};

export function Section({ id, title, aside, description, children }: SectionProps) {
  return (
    <section id={id} data-testid={id} aria-labelledby={`${id}-heading`} className="scroll-mt-6 space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={`${id}-heading`} className="text-2xl font-semibold">
          {title}
        </h2>
        {aside}
      </div>
      {description && <p className="max-w-3xl text-sm text-slate-400">{description}</p>}
      {children}
    </section>
  );
}

export function SectionUnavailable({ what }: { what: string }) {
  return (
    <p className="rounded-xl border border-white/10 bg-white/5 p-6 text-slate-300">
      {what} couldn&apos;t be loaded right now. Reload the page to try again.
    </p>
  );
}

/**
 * A failed background refresh: the data on screen stays, with this small note. The line is
 * always there (empty when all is well), so the note appearing moves nothing.
 */
export function RefreshNote({ failed, className = "" }: { failed: boolean; className?: string }) {
  return (
    <p role="status" className={`min-h-5 text-xs text-amber-300/90 ${className}`}>
      {failed ? "Couldn't refresh. Showing what was loaded earlier." : ""}
    </p>
  );
}

/** Plain-words empty state, sized like the content it stands in for. */
export function EmptyState({ children, className = "" }: { children: ReactNode; className?: string }) {
  return (
    <p
      className={`grid place-items-center rounded-xl border border-dashed border-white/15 p-6 text-center text-slate-400 ${className}`}
    >
      {children}
    </p>
  );
}
