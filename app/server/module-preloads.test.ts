import { describe, expect, it } from 'vitest'
import { lowerModulePreloads } from './module-preloads.server'

const page = (head: string, body: string) =>
  Buffer.from(`<!DOCTYPE html><html><head>${head}</head><body>${body}</body></html>`)

describe('lowerModulePreloads', () => {
  it('marks each module preload of the head low priority, and nothing else', () => {
    const html = page(
      '<link rel="modulepreload" href="/assets/a.js" nonce="n"/><link rel="stylesheet" href="/assets/s.css"/>' +
        '<link rel="modulepreload" href="/assets/b.js"/>',
      '<p>Publié à 9h</p><link rel="modulepreload" href="/assets/c.js"/>',
    )
    expect(lowerModulePreloads(html).toString()).toBe(
      page(
        '<link rel="modulepreload" fetchpriority="low" href="/assets/a.js" nonce="n"/><link rel="stylesheet" href="/assets/s.css"/>' +
          '<link rel="modulepreload" fetchpriority="low" href="/assets/b.js"/>',
        '<p>Publié à 9h</p><link rel="modulepreload" href="/assets/c.js"/>',
      ).toString(),
    )
  })

  it('gives back the same document when its head has no module preload', () => {
    const html = page('<title>Tremplin</title>', '<link rel="modulepreload" href="/assets/c.js"/>')
    expect(lowerModulePreloads(html)).toBe(html)
  })
})
