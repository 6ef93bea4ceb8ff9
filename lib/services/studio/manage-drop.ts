// The studio's edits of a drop's page, phases, allowlists, bounties and reveal: each an edit
// of the drop's plan through editDrop (the CLI's update and rules).
import type { Collection } from "@/lib/db/generated/client";
import { formatUnits, SOL_DECIMALS } from "@/lib/domain/amounts";
import { checkWalletEntries, walletEntriesOfJson, walletEntriesOfLines } from "@/lib/domain/wallet-list";
import { AppError } from "@/lib/errors";
import { bountyPlanOf, dropmintBountyOf } from "@/lib/schemas/drop-plan";
import type { z } from "zod";
import type {
  studioAllowlistBodySchema,
  studioBountiesBodySchema,
  studioDetailsBodySchema,
  studioPhasesBodySchema,
  studioRevealBodySchema,
} from "@/lib/schemas/studio";
import type { ServiceContext } from "../context";
import { settingsOf } from "../drop-launch/drop-shape";
import { assertMadeFromFolder, planOfDrop, revealPlanOf } from "../drop-launch/plan-of-drop";
import { editDrop } from "./edit-drop";
import type { StudioCaller } from "./owned-drops";

type Body<S extends z.ZodType> = z.output<S>;

export function updateDropDetails(
  ctx: ServiceContext,
  caller: StudioCaller,
  drop: Collection,
  body: Body<typeof studioDetailsBodySchema>,
) {
  return editDrop(ctx, caller, drop, "details", (plan) => ({
    ...plan,
    ...Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)),
  }));
}

/** The drop's phases in the plan's terms, with their ids (allowlists by size only: they may be long). */
export async function listDropPhases(ctx: Pick<ServiceContext, "db">, drop: Collection) {
  const plan = await planOfDrop(ctx, drop);
  const rows = await ctx.db.phase.findMany({
    where: { collectionId: drop.id },
    orderBy: { sortOrder: "asc" },
    select: { id: true },
  });
  return {
    phases: plan.phases.map((phase, i) => ({
      ...phase,
      id: rows[i]!.id,
      priceSol: formatUnits(BigInt(phase.price), SOL_DECIMALS),
      allowlist: null,
      allowlistSize: phase.allowlist?.length ?? null,
    })),
  };
}

export function replaceDropPhases(
  ctx: ServiceContext,
  caller: StudioCaller,
  drop: Collection,
  body: Body<typeof studioPhasesBodySchema>,
) {
  return editDrop(ctx, caller, drop, "phases", (plan) => ({
    ...plan,
    phases: body.phases.map((phase, i) => ({
      ...phase,
      allowlist: phase.allowlist === "keep" ? (plan.phases[i]?.allowlist ?? null) : phase.allowlist,
    })),
  }));
}

/** Replaces one phase's allowlist from a CSV or JSON upload; every bad line is named (400 ALLOWLIST_INVALID). */
export async function uploadPhaseAllowlist(
  ctx: ServiceContext,
  caller: StudioCaller,
  drop: Collection,
  phaseId: string,
  body: Body<typeof studioAllowlistBodySchema>,
) {
  const index = (
    await ctx.db.phase.findMany({
      where: { collectionId: drop.id },
      orderBy: { sortOrder: "asc" },
      select: { id: true },
    })
  ).findIndex((phase) => phase.id === phaseId.toLowerCase());
  if (index < 0) throw new AppError("PHASE_NOT_FOUND", "No phase of this drop has that id.");
  const wallets = parseAllowlist(body);
  return editDrop(
    ctx,
    caller,
    drop,
    "allowlist",
    (plan) => ({
      ...plan,
      phases: plan.phases.map((phase, i) =>
        i === index ? { ...phase, allowlist: wallets, tokenGate: null, nftGate: null } : phase,
      ),
    }),
    { phaseId, wallets: wallets.length },
  );
}

function parseAllowlist(body: Body<typeof studioAllowlistBodySchema>): string[] {
  let entries = body.format === "csv" ? walletEntriesOfLines(body.text, { csv: true }) : null;
  if (body.format === "json") {
    let value: unknown;
    try {
      value = JSON.parse(body.text);
    } catch {
      throw allowlistInvalid([{ line: null, reason: "is not JSON: send an array of wallet addresses" }]);
    }
    entries = walletEntriesOfJson(body.text, value);
    if (!entries) throw allowlistInvalid([{ line: null, reason: "must be a JSON array of wallet addresses" }]);
  }
  const { wallets, problems } = checkWalletEntries(entries!);
  if (problems.length > 0) throw allowlistInvalid(problems.map(({ line, reason }) => ({ line, reason })));
  return wallets;
}

function allowlistInvalid(problems: Array<{ line: number | null; reason: string }>): AppError {
  const first = problems.slice(0, 3).map((p) => (p.line === null ? p.reason : `line ${p.line} ${p.reason}`));
  return new AppError(
    "ALLOWLIST_INVALID",
    `The allowlist has ${problems.length} problem${problems.length === 1 ? "" : "s"}: ${first.join("; ")}${problems.length > 3 ? "; …" : ""}.`,
    { extra: { problems: problems.slice(0, 1000) } },
  );
}

/**
 * The drop's bounties as PUT …/bounties takes them, from the plan the launch kept (not the
 * Bounty rows, which the prize board also fills): the editor saves back what it was given.
 */
export function listDropBounties(drop: Collection) {
  assertMadeFromFolder(drop);
  return { bounties: settingsOf(drop).bounties.map(dropmintBountyOf) };
}

/** A hidden drop's reveal moment and placeholder; `hidden: false` for a drop whose art shows at once. */
export function getDropReveal(drop: Collection) {
  assertMadeFromFolder(drop);
  const reveal = revealPlanOf(drop);
  return {
    hidden: reveal !== null,
    revealAt: reveal?.revealAt ?? null,
    placeholderImage: reveal?.placeholderImage ?? null,
  };
}

export function replaceDropBounties(
  ctx: ServiceContext,
  caller: StudioCaller,
  drop: Collection,
  body: Body<typeof studioBountiesBodySchema>,
) {
  return editDrop(ctx, caller, drop, "bounties", (plan) => ({ ...plan, bounties: body.bounties.map(bountyPlanOf) }));
}

export function updateDropReveal(
  ctx: ServiceContext,
  caller: StudioCaller,
  drop: Collection,
  body: Body<typeof studioRevealBodySchema>,
) {
  return editDrop(ctx, caller, drop, "reveal", (plan) => {
    if (!plan.reveal)
      throw new AppError(
        "INVALID_REQUEST",
        "This drop has no delayed reveal (hiddenSettings): its art is shown at once.",
      );
    const revealAt = body.revealAt === null ? null : new Date(body.revealAt).toISOString();
    return {
      ...plan,
      reveal: { ...plan.reveal, revealAt, placeholderImage: body.placeholderImage ?? plan.reveal.placeholderImage },
    };
  });
}
