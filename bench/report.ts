// One line per measured route: req/s, its share of the no-op route's req/s from the same
// run, p50 and p95, and ✓/✗ against its goal (bench/goals.ts). A row with errors fails its
// goal whatever its numbers: refusals are fast, and would flatter it.
import { goal, meets, target, type GoalId } from "./goals";
import type { LoadResult } from "./load";

const NAME_WIDTH = 52;

export function rowHeader(): string {
  return `${"".padEnd(NAME_WIDTH)} ${"req/s".padStart(7)} ${"× no-op".padStart(8)} ${"p50 ms".padStart(8)} ${"p95 ms".padStart(8)}   goal`;
}

/**
 * `goalId`: the goal this row is judged by (its measure picks the value: the share of the
 * no-op route's req/s, or p95). `note`: printed instead of a verdict when the goal does not
 * apply here (a PostgreSQL goal on the embedded database).
 */
export function row(
  name: string,
  result: LoadResult,
  noopRps: number,
  options: { goalId?: GoalId; note?: string } = {},
): string {
  const share = result.rps / noopRps;
  const numbers = `${fixed(result.rps, 0, 7)} ${fixed(share, 2, 8)} ${fixed(result.p50, 1, 8)} ${fixed(result.p95, 1, 8)}`;
  let judged = options.note ?? "";
  if (options.goalId) judged = `${passes(options.goalId, result, noopRps) ? "✓" : "✗"} ${target(options.goalId)}`;
  const errors = result.errors ? `   ${result.errors} errors ${JSON.stringify(result.statuses)}` : "";
  return `${name.padEnd(NAME_WIDTH)} ${numbers}   ${judged}${errors}`;
}

function fixed(value: number, digits: number, width: number): string {
  return (Number.isFinite(value) ? value.toFixed(digits) : "—").padStart(width);
}

/** Whether a row meets its goal: the goal's measure (share of the no-op route's req/s, or p95), and no errors. */
export function passes(goalId: GoalId, result: LoadResult, noopRps: number): boolean {
  const value = goal(goalId).measure === "p95-ms" ? result.p95 : result.rps / noopRps;
  return meets(goalId, value) && result.errors === 0;
}
