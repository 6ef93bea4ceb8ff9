"use client";
// The reference's index: every guide and every endpoint (from the OpenAPI document, built on
// the server), with a search that filters it as one types. Each entry links to its anchor.
import { useId, useState } from "react";

export type IndexEntry = { href: string; label: string; detail?: string; group: string };

/** Every word typed must appear in the entry's label, summary or group. */
function matches(entry: IndexEntry, words: string[]): boolean {
  const text = `${entry.label} ${entry.detail ?? ""} ${entry.group}`.toLowerCase();
  return words.every((word) => text.includes(word));
}

export function DocsIndex({ entries }: { entries: IndexEntry[] }) {
  const [query, setQuery] = useState("");
  const inputId = useId();
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const shown = entries.filter((entry) => matches(entry, words));
  const groups = [...new Set(shown.map((entry) => entry.group))];
  return (
    <nav aria-label="Reference contents" className="space-y-3 text-sm">
      <label htmlFor={inputId} className="block font-semibold">
        Search the reference
      </label>
      <input
        id={inputId}
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder="A path, an operation or a word"
        className="w-full rounded border border-slate-700 bg-black/30 px-2 py-1"
      />
      <p role="status" className="text-xs text-slate-400">
        {words.length === 0 ? `${entries.length} entries` : `${shown.length} of ${entries.length} match`}
      </p>
      <div className="max-h-72 space-y-3 overflow-y-auto lg:max-h-none">
        {groups.map((group) => (
          <div key={group}>
            <p className="font-semibold text-slate-300">{group}</p>
            <ul className="space-y-1">
              {shown
                .filter((entry) => entry.group === group)
                .map((entry) => (
                  <li key={entry.href}>
                    <a
                      href={entry.href}
                      title={entry.detail}
                      className="text-mint [overflow-wrap:anywhere] hover:underline"
                    >
                      {entry.label}
                    </a>
                  </li>
                ))}
            </ul>
          </div>
        ))}
      </div>
    </nav>
  );
}
