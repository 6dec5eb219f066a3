import { describe, expect, it } from 'vitest'
import { codeOnFirstUse } from './code-on-first-use'

describe('codeOnFirstUse', () => {
  it('downloads once for every caller, during the download and after', async () => {
    let downloads = 0
    const code = codeOnFirstUse(async () => ({ module: ++downloads }))
    code.prefetch()
    const [first, second] = await Promise.all([code.load(), code.load()])
    expect(await code.load()).toBe(first)
    expect(second).toBe(first)
    expect(downloads).toBe(1)
  })

  it('does not keep a failed download: the next use asks again', async () => {
    let downloads = 0
    const code = codeOnFirstUse(async () => {
      if (++downloads === 1) throw new TypeError('Failed to fetch dynamically imported module')
      return 'module'
    })
    // A failed prefetch is not said (no unhandled rejection); the use after it downloads again.
    code.prefetch()
    await new Promise((settled) => setTimeout(settled))
    await expect(code.load()).resolves.toBe('module')
    expect(downloads).toBe(2)
  })

  it('gives the failure to the use that asked for it', async () => {
    const code = codeOnFirstUse(() => Promise.reject(new TypeError('hors ligne')))
    await expect(code.load()).rejects.toThrow('hors ligne')
  })
})
