// A small seeded PRNG (mulberry32) so demo artwork and traits are the same on every
// machine and every run. Written by hand: five lines do not justify a dependency.

export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Picks a value by weight with a number in [0, 1). */
export function pickWeighted<T>(entries: ReadonlyArray<readonly [T, number]>, roll: number): T {
  const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
  let cursor = roll * total;
  for (const [value, weight] of entries) {
    cursor -= weight;
    if (cursor < 0) return value;
  }
  return entries[entries.length - 1]![0];
}
