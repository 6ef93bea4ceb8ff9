// Every problem of the folder, grouped by file, each with the JSON path inside it: the same
// list `npm run drop -- validate` prints, so a creator goes straight to the line.
import type { FolderProblem } from "./upload-api";

export function ProblemsList({ problems, notes }: { problems: FolderProblem[]; notes: FolderProblem[] }) {
  const byFile = new Map<string, FolderProblem[]>();
  for (const p of problems) byFile.set(p.file, [...(byFile.get(p.file) ?? []), p]);
  return (
    <section aria-labelledby="problems-title" className="space-y-3" data-testid="upload-problems">
      <h2 id="problems-title" className="text-lg font-semibold text-rose-300">
        {problems.length} problem{problems.length === 1 ? "" : "s"} to fix before launch
      </h2>
      <p className="text-sm text-slate-300">
        Fix them in your folder, then choose it again: only what changed needs to be checked again.
      </p>
      <ul className="space-y-2">
        {[...byFile].map(([file, list]) => (
          <li key={file} className="rounded-lg border border-rose-400/30 bg-rose-950/20 p-3" data-file={file}>
            <p className="font-mono text-sm font-semibold [overflow-wrap:anywhere]">{file || "The folder"}</p>
            <ul className="mt-1 space-y-1 text-sm">
              {list.map((p, i) => (
                <li key={i}>
                  {p.path && <code className="mr-2 rounded bg-white/10 px-1 font-mono text-xs">{p.path}</code>}
                  {p.message}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      {notes.length > 0 && <NotesList notes={notes} />}
    </section>
  );
}

export function NotesList({ notes }: { notes: FolderProblem[] }) {
  return (
    <details className="text-sm text-slate-400">
      <summary>
        {notes.length} note{notes.length === 1 ? "" : "s"} (nothing to fix)
      </summary>
      <ul className="mt-1 space-y-1">
        {notes.map((n, i) => (
          <li key={i}>
            <span className="font-mono">{n.file}</span>
            {n.path && <code className="mx-1 font-mono text-xs">{n.path}</code>}: {n.message}
          </li>
        ))}
      </ul>
    </details>
  );
}
