// How a Sugar config's candy guards become Dropmint phases. Each labelled group is a phase
// named by its label, with the `default` guards merged in (a guard set in both is the
// group's, as on chain); with no groups, the default set is the one phase. Every guard is
// either honoured (SUPPORTED_GUARDS says how) or refused by name with the reason
// (REFUSED_GUARDS): none is ever dropped in silence. /docs renders both tables.
import { allowListMerkleRoot } from "./allowlist-merkle";
import { problem, type FolderProblem } from "./folder-problems";
import { parseSugarDate, solToLamports, zonelessSugarDate } from "./sugar-values";

/** Guards Dropmint honours, and what each becomes. */
export const SUPPORTED_GUARDS = {
  startDate: "The phase's start (date).",
  endDate: "The phase's end (date); it must come after the start.",
  solPayment: "The phase's price (value, in SOL) and the drop's treasury (destination). Every phase pays one treasury.",
  mintLimit:
    "The phase's max per wallet (limit). Candy Guard counts a mintLimit id across every group that uses it; Dropmint counts per phase, so one id may serve one phase only.",
  redeemedAmount:
    "The phase's supply (maximum): how many the phase sells. Dropmint counts the phase's own mints, where Candy Guard counts the whole machine's: without groups the two are the same; in the default guards with groups it would become one cap per phase, so it is refused there (lower number instead).",
  allocation:
    "The phase's supply (limit), like redeemedAmount; with both, the smaller. Candy Guard shares one allocation among every group with the same id; Dropmint counts per phase, so one id may serve one phase only (the same id in two groups, or in the default guards with groups, is refused).",
  allowList:
    'A gated allowlist. A Merkle root cannot be turned back into wallets, so the guard also names a wallet file in the folder ("file": "allowlist.json" — a JSON array of addresses, or one address a line); the root of those wallets must equal merkleRoot.',
  addressGate: "A gated phase whose allowlist is that one address.",
  tokenGate: "A token gate: holders of at least amount (raw units) of mint may mint.",
  nftGate:
    "An NFT gate: holders of an NFT of requiredCollection may mint. It must be the collection address of a drop on this site (npm run drop -- show prints it): Dropmint recognises holders only of NFTs it minted, so create and update refuse a collection minted elsewhere (a Metaplex Token Metadata or Core collection) rather than open a phase nobody could enter.",
  programGate:
    "Nothing to store: Dropmint builds every mint transaction itself, with no program but its own, so the gate always holds.",
} as const;

/** Guards Dropmint accepts with a printed note: they describe something that cannot happen here. */
export const NOTED_GUARDS = {
  botTax:
    "Dropmint checks every rule before it signs a mint, so a mint that breaks one never lands and there is no failed mint to tax; bots are refused, never charged.",
} as const;

/** Guards Dropmint cannot honour, and why. A config using any of them is refused. */
export const REFUSED_GUARDS = {
  gatekeeper:
    "Dropmint cannot check a gatekeeper network's pass (Civic and the like): no mint waits on a third-party identity token.",
  thirdPartySigner:
    "Dropmint signs each mint itself, last, after its own checks; a mint cannot wait for another party's signature.",
  tokenPayment:
    "A drop created from a folder is priced in SOL (solPayment, or the extras' dutch and pegged prices paid in SOL): the mint flow settles token prices, but a folder cannot name one yet.",
  token2022Payment:
    "A drop created from a folder is priced in SOL (solPayment, or the extras' dutch and pegged prices paid in SOL): the mint flow settles token prices, but a folder cannot name one yet.",
  freezeSolPayment:
    "Dropmint pays the treasury at mint; it holds no escrow and cannot freeze minted NFTs until a thaw.",
  freezeTokenPayment:
    "Dropmint charges in SOL, paid to the treasury at mint; it holds no escrow and cannot freeze minted NFTs.",
  nftPayment: "A Dropmint mint moves SOL only; it cannot take an NFT as payment.",
  nftBurn: "A Dropmint mint burns nothing; it cannot require burning an NFT.",
  tokenBurn: "A Dropmint mint burns nothing; it cannot require burning tokens.",
} as const;

export type SupportedGuardName = keyof typeof SUPPORTED_GUARDS;
export type RefusedGuardName = keyof typeof REFUSED_GUARDS;
export type NotedGuardName = keyof typeof NOTED_GUARDS;

export const isSupportedGuard = (name: string): name is SupportedGuardName => Object.hasOwn(SUPPORTED_GUARDS, name);
export const isNotedGuard = (name: string): name is NotedGuardName => Object.hasOwn(NOTED_GUARDS, name);
export const isRefusedGuard = (name: string): name is RefusedGuardName => Object.hasOwn(REFUSED_GUARDS, name);

/** The supported guards' settings, as a parsed config carries them. */
export type GuardSet = Partial<{
  startDate: { date: string };
  endDate: { date: string };
  solPayment: { value: number; destination: string };
  mintLimit: { id: number; limit: number };
  redeemedAmount: { maximum: number };
  allocation: { id: number; limit: number };
  allowList: { merkleRoot: string; file?: string };
  addressGate: { address: string };
  tokenGate: { amount: number; mint: string };
  nftGate: { requiredCollection: string };
  programGate: { additional: string[] };
}>;

export type GuardGroup = { label: string; guards: GuardSet };

export type PhaseSpec = {
  /** The group's label; null for a config with default guards only. */
  label: string | null;
  name: string;
  startDate: Date | null;
  endDate: Date | null;
  /** Lamports; 0n without solPayment. */
  price: bigint;
  /** solPayment's destination, when the phase has one. */
  treasury: string | null;
  maxPerWallet: number | null;
  phaseSupply: number | null;
  /** allowList's wallets, or addressGate's one; null when neither. */
  allowlist: string[] | null;
  tokenGate: { mint: string; minAmount: bigint } | null;
  nftGate: { collection: string } | null;
};

export type GuardsInput = {
  /** config.json's `guards`, its guard sets already parsed; null when the config has none. */
  guards: { default: GuardSet; groups: GuardGroup[] | null } | null;
  /** Wallet files named by allowList guards, already read: file → its wallets (absent: unreadable, reported already). */
  walletFiles: ReadonlyMap<string, readonly string[]>;
};

const ACCESS_GUARDS = ["allowList", "addressGate", "tokenGate", "nftGate"] as const;
const CONFIG = "config.json";

/** The name of the only phase of a config without groups. */
export const DEFAULT_PHASE_NAME = "Mint";

type Sourced<K extends keyof GuardSet> = { value: NonNullable<GuardSet[K]>; path: string };

/** The group's guards with the default's merged under them, each with the JSON path it came from. */
function mergeGuards(defaults: GuardSet, defaultsPath: string, group: GuardSet | null, groupPath: string | null) {
  const merged: { [K in keyof GuardSet]?: Sourced<K> } = {};
  for (const [name, value] of Object.entries(defaults))
    if (value !== undefined) (merged as Record<string, unknown>)[name] = { value, path: `${defaultsPath}.${name}` };
  if (group && groupPath)
    for (const [name, value] of Object.entries(group))
      if (value !== undefined) (merged as Record<string, unknown>)[name] = { value, path: `${groupPath}.${name}` };
  return merged;
}

/** The phases a config's guards describe, and every problem found on the way. */
export function phasesFromGuards(input: GuardsInput): { phases: PhaseSpec[]; problems: FolderProblem[] } {
  const problems: FolderProblem[] = [];
  const guards = input.guards ?? { default: {}, groups: null };
  const groups = guards.groups && guards.groups.length > 0 ? guards.groups : null;
  const sets = groups
    ? groups.map((group, i) => ({
        label: group.label,
        merged: mergeGuards(guards.default, "guards.default", group.guards, `guards.groups[${i}].guards`),
        labelPath: `guards.groups[${i}].label`,
      }))
    : [{ label: null, merged: mergeGuards(guards.default, "guards.default", null, null), labelPath: "guards.default" }];

  const seenLabels = new Map<string, string>();
  for (const set of sets) {
    if (set.label === null) continue;
    const earlier = seenLabels.get(set.label);
    if (earlier)
      problems.push(
        problem(
          CONFIG,
          set.labelPath,
          `label "${set.label}" is already used by ${earlier}: each group needs its own label (it names the phase)`,
        ),
      );
    else seenLabels.set(set.label, set.labelPath);
  }

  const mintLimitUsers = new Map<number, string[]>();
  const allocationUsers = new Map<number, string[]>();
  const phases = sets.map((set): PhaseSpec => {
    const g = set.merged;
    const startDate = g.startDate ? dateOf(g.startDate, problems) : null;
    const endDate = g.endDate ? dateOf(g.endDate, problems) : null;
    if (startDate && endDate && endDate <= startDate)
      problems.push(problem(CONFIG, `${g.endDate!.path}.date`, "the end date must come after the start date"));

    let price = 0n;
    if (g.solPayment) {
      try {
        price = solToLamports(g.solPayment.value.value);
      } catch (error) {
        problems.push(problem(CONFIG, `${g.solPayment.path}.value`, (error as Error).message));
      }
    }
    if (g.mintLimit)
      mintLimitUsers.set(g.mintLimit.value.id, [
        ...(mintLimitUsers.get(g.mintLimit.value.id) ?? []),
        `${g.mintLimit.path}.id`,
      ]);

    if (g.allocation)
      allocationUsers.set(g.allocation.value.id, [
        ...(allocationUsers.get(g.allocation.value.id) ?? []),
        `${g.allocation.path}.id`,
      ]);

    const supplies = [g.redeemedAmount?.value.maximum, g.allocation?.value.limit].filter(
      (n): n is number => n !== undefined,
    );
    const access = ACCESS_GUARDS.filter((name) => g[name] !== undefined);
    if (access.length > 1) {
      problems.push(
        problem(
          CONFIG,
          g[access[1]!]!.path,
          `${access.join(" and ")} together: Candy Guard admits only wallets that pass all of them, Dropmint admits a wallet that passes any one; keep one access guard per group`,
        ),
      );
    }
    return {
      label: set.label,
      name: set.label ?? DEFAULT_PHASE_NAME,
      startDate,
      endDate,
      price,
      treasury: g.solPayment?.value.destination ?? null,
      maxPerWallet: g.mintLimit?.value.limit ?? null,
      phaseSupply: supplies.length > 0 ? Math.min(...supplies) : null,
      allowlist: g.allowList
        ? allowListWallets(g.allowList, input.walletFiles, problems)
        : g.addressGate
          ? [g.addressGate.value.address]
          : null,
      tokenGate: g.tokenGate ? { mint: g.tokenGate.value.mint, minAmount: BigInt(g.tokenGate.value.amount) } : null,
      nftGate: g.nftGate ? { collection: g.nftGate.value.requiredCollection } : null,
    };
  });

  for (const [id, paths] of mintLimitUsers) {
    if (paths.length < 2) continue;
    // Reported once, at the set that declares it (a default mintLimit reaches every group).
    for (const path of [...new Set(paths)]) {
      problems.push(
        problem(
          CONFIG,
          path,
          `mintLimit id ${id} applies to ${paths.length} groups: Candy Guard counts them together, Dropmint counts each phase on its own; give each group its own mintLimit (and id)`,
        ),
      );
    }
  }

  // A default redeemedAmount caps the whole machine on Candy Guard; merged into each group it
  // would become one cap per phase here, selling up to groups × maximum.
  if (groups && guards.default.redeemedAmount)
    problems.push(
      problem(
        CONFIG,
        "guards.default.redeemedAmount",
        `with ${groups.length} groups: Candy Guard stops the whole machine at ${guards.default.redeemedAmount.maximum} mints, Dropmint would count each phase on its own; lower config.json's number to sell fewer, or put a redeemedAmount in each group`,
      ),
    );

  for (const [id, paths] of allocationUsers) {
    if (paths.length < 2) continue;
    for (const path of [...new Set(paths)]) {
      problems.push(
        problem(
          CONFIG,
          path,
          `allocation id ${id} applies to ${paths.length} groups: Candy Guard counts one allocation for all of them, Dropmint counts each phase's supply on its own; give each group its own allocation (and id)`,
        ),
      );
    }
  }

  const destinations = phases.filter((p) => p.treasury !== null);
  const treasury = destinations[0]?.treasury ?? null;
  for (const phase of destinations) {
    if (phase.treasury === treasury) continue;
    const set = sets[phases.indexOf(phase)]!;
    problems.push(
      problem(
        CONFIG,
        `${set.merged.solPayment!.path}.destination`,
        `every phase of a drop pays one treasury: this one pays ${phase.treasury}, the first ${treasury}`,
      ),
    );
  }
  return { phases, problems };
}

function dateOf(source: Sourced<"startDate"> | Sourced<"endDate">, problems: FolderProblem[]): Date | null {
  const date = parseSugarDate(source.value.date);
  const zoneless = date ? null : zonelessSugarDate(source.value.date);
  if (zoneless) {
    problems.push(problem(CONFIG, `${source.path}.date`, zonelessDateMessage(source.value.date, zoneless)));
  } else if (!date) {
    problems.push(
      problem(
        CONFIG,
        `${source.path}.date`,
        `"${source.value.date}" is not a date Dropmint reads: write "2024-06-01T18:00:00Z" or "2024-06-01 18:00:00 +0000" (UTC offsets only)`,
      ),
    );
  }
  return date;
}

function allowListWallets(
  source: Sourced<"allowList">,
  files: GuardsInput["walletFiles"],
  problems: FolderProblem[],
): string[] {
  const { merkleRoot, file } = source.value;
  if (!file) {
    problems.push(
      problem(
        CONFIG,
        `${source.path}.file`,
        'a Merkle root cannot be turned back into wallets: name the wallet file beside it ("file": "allowlist.json"); Sugar ignores the extra key',
      ),
    );
    return [];
  }
  const wallets = files.get(file);
  if (!wallets) return [];
  const root = allowListMerkleRoot(wallets);
  if (root !== merkleRoot.toLowerCase()) {
    problems.push(
      problem(
        CONFIG,
        `${source.path}.merkleRoot`,
        `does not match ${file}: its ${wallets.length} wallet(s) give the root ${root || "(none)"}; recompute it or fix the file`,
      ),
    );
  }
  return [...wallets];
}

/** A zoneless date is refused: Sugar reads it in the local time of whatever machine runs it. */
export function zonelessDateMessage(text: string, asUtc: Date): string {
  const utc = asUtc
    .toISOString()
    .replace("T", " ")
    .replace(/\.000Z$/, " +0000");
  return `"${text}" has no time zone: Sugar reads it in the local time of the machine that runs it, so the instant depends on where the command runs. Write the zone, e.g. "${utc}" if you meant UTC`;
}
