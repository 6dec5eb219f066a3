import { describe, expect, it } from 'vitest'
import { SharedWork } from './shared-work.server'

/** A promise settled from outside, standing for a read that has not answered yet. */
function deferred<T = void>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((done) => {
    resolve = done
  })
  return { promise, resolve }
}

/**
 * Shared runs of a counted work, and `ask`, a request as the link preview makes it: its read
 * (answered when `readDone` is), then the run it joins or starts.
 */
function countedWork(run = async (count: number) => `aperçu ${count}`) {
  const work = new SharedWork<string>()
  let runs = 0
  const ask = (readDone: Promise<void> = Promise.resolve()) =>
    work.reading('lien', async (join) => {
      await readDone
      return join() ?? work.start('lien', () => run(++runs))
    })
  return { work, ask, runs: () => runs }
}

describe('SharedWork', () => {
  it('runs the work once for requests whose reads overlap it', async () => {
    const { work, ask, runs } = countedWork()
    const read = deferred()
    const answers = Promise.all(Array.from({ length: 5 }, () => ask(read.promise)))
    read.resolve()
    expect(await answers).toEqual(Array(5).fill('aperçu 1'))
    expect(runs()).toBe(1)
    expect(work.size).toBe(0)
  })

  it('gives a read begun before the run ended that run, even when it answers after the end', async () => {
    const { work, ask, runs } = countedWork()
    // The second request's read began before the first request's run stored its result, and
    // answers after that run has ended: it did not see the result, and must not run again.
    const slowRead = deferred()
    const second = ask(slowRead.promise)
    expect(await ask()).toBe('aperçu 1')
    slowRead.resolve()
    expect(await second).toBe('aperçu 1')
    expect(runs()).toBe(1)
    expect(work.size).toBe(0)
  })

  it('does not give a run that ended before the read began', async () => {
    const { ask, runs } = countedWork()
    expect(await ask()).toBe('aperçu 1')
    // Its read would have seen the stored result; not found there, it is stale: run again.
    expect(await ask()).toBe('aperçu 2')
    expect(runs()).toBe(2)
  })

  it('does not give a run that ended before the read began, even while earlier reads last', async () => {
    const { work, ask, runs } = countedWork()
    const slowRead = deferred()
    const early = ask(slowRead.promise)
    expect(await ask()).toBe('aperçu 1')
    // A read begun now, the first run ended, while the early one still reads.
    expect(await ask()).toBe('aperçu 2')
    slowRead.resolve()
    expect(await early).toBe('aperçu 2')
    expect(runs()).toBe(2)
    expect(work.size).toBe(0)
  })

  it('gives a failed run to the requests that joined it, and runs again for the next', async () => {
    const { work, ask, runs } = countedWork(async (count) => {
      if (count === 1) throw new Error('base injoignable')
      return `aperçu ${count}`
    })
    const read = deferred()
    const answers = Promise.allSettled([ask(read.promise), ask(read.promise)])
    read.resolve()
    expect((await answers).map((answer) => answer.status)).toEqual(['rejected', 'rejected'])
    expect(await ask()).toBe('aperçu 2')
    expect(runs()).toBe(2)
    expect(work.size).toBe(0)
  })

  it('keeps the keys apart', async () => {
    const work = new SharedWork<string>()
    const answers = await Promise.all(
      ['a', 'b'].map((key) =>
        work.reading(key, async (join) => join() ?? work.start(key, async () => `aperçu ${key}`)),
      ),
    )
    expect(answers).toEqual(['aperçu a', 'aperçu b'])
  })
})
