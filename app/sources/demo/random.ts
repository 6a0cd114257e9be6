/**
 * Deterministic hashing and pseudo-random numbers for the demo fleet. Nothing here reads a clock or
 * Math.random: every value is a function of the seed and a name, so the same seed gives the same fleet.
 */

/** Two independent 32-bit hashes of a string (cyrb53's mixing), seeded. */
function hashPair(s: string, seed: number): [number, number] {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < s.length; i++) {
    const ch = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return [h1 >>> 0, h2 >>> 0];
}

/** A 32-bit hash of a string under a seed. */
export function hash32(s: string, seed = 0): number {
  return hashPair(s, seed)[0];
}

const HEX = "0123456789abcdef";
function hex8(n: number): string {
  let out = "";
  for (let shift = 28; shift >= 0; shift -= 4) out += HEX[(n >>> shift) & 15];
  return out;
}

/** A 64-bit hash as 16 lowercase hex digits: stable ids derived from an entity's identity. */
export function hashHex64(s: string, seed = 0): string {
  const [a, b] = hashPair(s, seed);
  return hex8(b) + hex8(a);
}

/** Murmur3's finaliser: a well-mixed 32-bit value from a 32-bit value. */
export function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** mix2's half that depends on `a` alone (an entity's hash). */
export function mixA(a: number): number {
  return Math.imul(a | 0, 0x9e3779b1);
}

/** mix2's half that depends on `b` alone (a time slot). */
export function mixB(b: number): number {
  return fmix32((b + 0x7f4a7c15) | 0);
}

/** A well-mixed 32-bit value of two integers (an entity hash and a time slot, say). */
export function mix2(a: number, b: number): number {
  return fmix32(mixA(a) ^ mixB(b));
}

/** A uniform number in [0, 1) from two integers: the pure noise of samples. */
export function unit2(a: number, b: number): number {
  return mix2(a, b) / 4294967296;
}

/**
 * unit2(a, b) from its halves, mixA(a) and mixB(b): the same value. A sample loop draws several numbers per time
 * slot (noise, spike, memory), so it computes the slot's half once and each entity's half once per container.
 */
export function unit2Of(ma: number, mb: number): number {
  return fmix32(ma ^ mb) / 4294967296;
}

/** A sequential PRNG (mulberry32) for the generator: fast, small state, good enough for synthetic data. */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) | 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Uniform in [lo, hi). */
  range(lo: number, hi: number): number {
    return lo + (hi - lo) * this.next();
  }

  /** Integer in [lo, hi], both included. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** One of the items, chosen in proportion to its weight. */
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, w] of items) total += w;
    let r = this.next() * total;
    for (const [item, w] of items) {
      r -= w;
      if (r < 0) return item;
    }
    return items[items.length - 1][0];
  }

  /** A shuffled copy (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  }
}
