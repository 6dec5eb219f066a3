/** A seeded pseudo-random source: the same seed always yields the same sequence. */
export interface Random {
  /** A float in [0, 1). */
  next(): number
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number
  /** True with the given probability. */
  chance(probability: number): boolean
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T
  /** `count` distinct elements, in random order (all of them if the list is shorter). */
  sample<T>(items: readonly T[], count: number): T[]
}

/** mulberry32: a tiny 32-bit generator, good enough for demo data, never for secrets. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

/** Wraps mulberry32 with the helpers seeding code needs. */
export function createRandom(seed: number): Random {
  const next = mulberry32(seed)
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  function pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('Cannot pick from an empty list')
    return items[int(0, items.length - 1)] as T
  }
  function sample<T>(items: readonly T[], count: number): T[] {
    const copy = [...items]
    // Partial Fisher-Yates: only the first `count` slots need shuffling.
    const size = Math.max(0, Math.min(count, copy.length))
    for (let index = 0; index < size; index++) {
      const other = int(index, copy.length - 1)
      const chosen = copy[other] as T
      copy[other] = copy[index] as T
      copy[index] = chosen
    }
    return copy.slice(0, size)
  }
  return { next, int, chance: (probability) => next() < probability, pick, sample }
}

/** A stable 32-bit hash of a string (FNV-1a), to derive seeds and colours from names. */
export function hashString(value: string): number {
  let hash = 0x811c9dc5
  for (let index = 0; index < value.length; index++) {
    hash ^= value.charCodeAt(index)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}
