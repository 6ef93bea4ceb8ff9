// The demo generative drop's traits: uneven weights so rarity is visible, decided by a
// seeded PRNG per token so every machine generates the same drop.
import { pickWeighted, seededRandom } from "@/lib/domain/random";
import type { Attribute } from "@/lib/domain/rarity";

export const SPRITE_TRAITS = {
  Background: [
    ["Dawn", 30],
    ["Dusk", 25],
    ["Meadow", 20],
    ["Tide", 14],
    ["Ember", 8],
    ["Void", 3],
  ],
  Body: [
    ["Moss", 40],
    ["Coral", 30],
    ["Frost", 22],
    ["Gold", 8],
  ],
  Eyes: [
    ["Round", 45],
    ["Sleepy", 30],
    ["Star", 20],
    ["Laser", 5],
  ],
  Crown: [
    ["None", 50],
    ["Leaf", 25],
    ["Halo", 17],
    ["Flame", 8],
  ],
} as const satisfies Record<string, ReadonlyArray<readonly [string, number]>>;

export type SpriteTraits = { [K in keyof typeof SPRITE_TRAITS]: (typeof SPRITE_TRAITS)[K][number][0] };

export function spriteTraits(tokenId: number): SpriteTraits {
  const roll = seededRandom(tokenId * 7919 + 17);
  return {
    Background: pickWeighted(SPRITE_TRAITS.Background, roll()),
    Body: pickWeighted(SPRITE_TRAITS.Body, roll()),
    Eyes: pickWeighted(SPRITE_TRAITS.Eyes, roll()),
    Crown: pickWeighted(SPRITE_TRAITS.Crown, roll()),
  };
}

export function spriteAttributes(tokenId: number): Attribute[] {
  return Object.entries(spriteTraits(tokenId)).map(([trait_type, value]) => ({ trait_type, value }));
}
