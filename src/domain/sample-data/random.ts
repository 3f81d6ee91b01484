/**
 * Seeded randomness for the sample dataset. Everything derives from the caller's seed so the
 * same options always produce byte-identical data; Math.random and the clock are never used.
 */

export interface Random {
  /** A uniformly distributed unsigned 32-bit integer. */
  nextUint32(): number;
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, n). */
  below(n: number): number;
}

const TWO_POW_32 = 4294967296;

/** mulberry32: one 32-bit word of state, fast, and statistically good enough for fake data. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const nextUint32 = (): number => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  return {
    nextUint32,
    next: () => nextUint32() / TWO_POW_32,
    below: (n) => Math.floor((nextUint32() / TWO_POW_32) * n),
  };
}

/**
 * A stateless integer hash of (a, b), for values that must be recomputable out of stream order
 * (per-day weights are summed once up front and again while generating).
 */
export function mixSeed(a: number, b: number): number {
  let h = Math.imul((a >>> 0) ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul((b >>> 0) + 0x7f4a7c15, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A float in [0, 1) from mixSeed. */
export function hashUnit(a: number, b: number): number {
  return mixSeed(a, b) / TWO_POW_32;
}

/** Formats 128 random bits as an RFC 4122 version 4 UUID. */
export function uuidV4From(random: Random): string {
  const words = [random.nextUint32(), random.nextUint32(), random.nextUint32(), random.nextUint32()];
  const hex = words.map((w) => w.toString(16).padStart(8, '0')).join('');
  const variant = ((parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
