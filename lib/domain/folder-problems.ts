// What `npm run drop -- validate` reports: each problem of a creator's folder, named by its
// file (relative to the folder) and the JSON path inside it, so a creator can go straight to
// the line. Every check collects problems instead of stopping at the first, so one run
// lists them all.

export type FolderProblem = {
  /** "config.json", "assets/3.json", "assets/3.png", "dropmint.json", "allowlist.txt"… */
  file: string;
  /** A JSON path in the file ("guards.groups[1].guards.startDate.date"); "" for the file itself. */
  path: string;
  message: string;
};

export const problem = (file: string, path: string, message: string): FolderProblem => ({ file, path, message });

/** `["guards", "groups", 1, "label"]` → "guards.groups[1].label". */
export function jsonPath(parts: ReadonlyArray<string | number | symbol>): string {
  return parts.reduce<string>(
    (text, part) => (typeof part === "number" ? `${text}[${part}]` : text ? `${text}.${String(part)}` : String(part)),
    "",
  );
}

/** One line per problem: "config.json › guards.default.botTax: …". */
export function formatProblem(p: FolderProblem): string {
  return `${p.file}${p.path ? ` › ${p.path}` : ""}: ${p.message}`;
}

/** Problems in a stable order: by file (config first, then assets numerically), then path. */
export function sortProblems(problems: readonly FolderProblem[]): FolderProblem[] {
  const rank = (file: string) => {
    if (file === "config.json") return [0, 0];
    if (file === "dropmint.json") return [1, 0];
    const asset = /^assets\/(\d+)\./.exec(file);
    if (asset) return [3, Number(asset[1])];
    if (file.startsWith("assets/")) return [2, 0];
    return [4, 0];
  };
  return [...problems].sort((a, b) => {
    const [ra, na] = rank(a.file);
    const [rb, nb] = rank(b.file);
    return ra! - rb! || na! - nb! || a.file.localeCompare(b.file) || a.path.localeCompare(b.path);
  });
}
