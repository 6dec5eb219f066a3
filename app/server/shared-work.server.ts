import { performance } from 'node:perf_hooks'

interface Run<T> {
  result: Promise<T>
  /** When the work ended (`performance.now()`); undefined while it runs. */
  endedAt: number | undefined
}

/**
 * Work done once per key however many requests ask for it together, when the work stores its
 * result where each request reads first (a link's preview: five cards of the same link, one
 * fetch). A request reads inside `reading`; if it found nothing it can use, `join()` gives it the
 * run under way, or one that ended after its read began: that read may not have seen what the
 * run stored (the row committed after the read's snapshot), and without it the request would do
 * the work again. A run is forgotten once it has ended and no read that began before is left.
 */
export class SharedWork<T> {
  readonly #runs = new Map<string, Run<T>>()
  readonly #readers = new Map<string, number>()

  async reading<R>(
    key: string,
    read: (join: () => Promise<T> | undefined) => Promise<R>,
  ): Promise<R> {
    const startedAt = performance.now()
    this.#readers.set(key, (this.#readers.get(key) ?? 0) + 1)
    const join = () => {
      const run = this.#runs.get(key)
      if (!run) return undefined
      return run.endedAt === undefined || run.endedAt >= startedAt ? run.result : undefined
    }
    try {
      return await read(join)
    } finally {
      const left = (this.#readers.get(key) ?? 1) - 1
      if (left > 0) this.#readers.set(key, left)
      else {
        this.#readers.delete(key)
        this.#forgetEnded(key)
      }
    }
  }

  /** Starts the work for `key`; called by a reading that found nothing to join. */
  start(key: string, work: () => Promise<T>): Promise<T> {
    const run: Run<T> = { result: Promise.resolve().then(work), endedAt: undefined }
    this.#runs.set(key, run)
    const end = () => {
      run.endedAt = performance.now()
      if (!this.#readers.has(key)) this.#forgetEnded(key)
    }
    run.result.then(end, end)
    return run.result
  }

  /** How many runs are remembered (for tests: none once every reading has ended). */
  get size(): number {
    return this.#runs.size
  }

  #forgetEnded(key: string) {
    if (this.#runs.get(key)?.endedAt !== undefined) this.#runs.delete(key)
  }
}
