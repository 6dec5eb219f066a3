import { describe, expect, it } from 'vitest'
import { jsonTextOfItem, parseJsonText, toJsonText } from './json-text'

describe('JSON text', () => {
  it('gives back the value it was made from', () => {
    const posts = [{ id: 'a', title: '« Guillemets » et </script>', tags: ['x'], vote: null }]
    const text = toJsonText(posts)
    expect(JSON.parse(text)).toEqual(posts)
    // Read where it was made, the text is not parsed again: the same objects come back, once.
    expect(parseJsonText(text)).toBe(posts)
    // Handed over, the value is no longer kept: a second read parses the text (ADR 031).
    const again = parseJsonText(text)
    expect(again).toEqual(posts)
    expect(again).not.toBe(posts)
    expect(parseJsonText(JSON.stringify(posts) as typeof text)).toEqual(posts)
  })

  it("keeps each list item's own text, for keys that hold the item whole", () => {
    const first = { id: 'a', count: 1 }
    const second = { id: 'b', nested: { deep: [1, 2] } }
    const text = toJsonText([first, second, null])
    expect(text).toBe(JSON.stringify([first, second, null]))
    expect(jsonTextOfItem(second)).toBe(JSON.stringify(second))
    expect(jsonTextOfItem({ id: 'c' })).toBe('{"id":"c"}')
  })
})
