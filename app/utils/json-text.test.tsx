import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import {
  DocumentJsonContext,
  DocumentJsonScripts,
  DocumentJsonTexts,
  jsonTextOfItem,
  parseJsonText,
  toJsonText,
} from './json-text'

const POSTS = [
  { id: 'a', title: '« Guillemets » et </script><!-- <b>', tags: ['x'], vote: null },
  { id: 'b', title: 'Deuxième', tags: [], vote: 'up' },
]

describe('JSON text', () => {
  it('gives back the value it was made from', () => {
    const text = toJsonText(POSTS)
    expect(text).toBe(JSON.stringify(POSTS))
    expect(parseJsonText(text)).toEqual(POSTS)
  })

  it("keeps each list item's own text for the document, for keys that hold the item whole", () => {
    const first = { id: 'a', count: 1 }
    const second = { id: 'b', nested: { deep: [1, 2] } }
    const inDocument = new DocumentJsonTexts()
    toJsonText([first, second, null], inDocument)
    // The text the loader made, not a new one: a change made afterwards does not show in it.
    second.nested.deep.push(3)
    expect(jsonTextOfItem(second, inDocument)).toBe('{"id":"b","nested":{"deep":[1,2]}}')
    // Anything else, or outside a document, is made into text when asked.
    expect(jsonTextOfItem({ id: 'c' }, inDocument)).toBe('{"id":"c"}')
    expect(jsonTextOfItem(second, null)).toBe('{"id":"b","nested":{"deep":[1,2,3]}}')
    expect(toJsonText([first])).toBe('[{"id":"a","count":1}]')
  })

  it("puts a document's texts in elements of the page, and its render takes the values as they were made (ADR 033)", () => {
    const inDocument = new DocumentJsonTexts()
    const posts = toJsonText(POSTS, inDocument)
    const empty = toJsonText([], inDocument)
    expect([posts, empty]).toEqual(['#tremplin-json-0', '#tremplin-json-1'])
    // The server's render gets the loader's own objects: nothing is parsed.
    expect(parseJsonText(posts, inDocument)).toBe(POSTS)
    expect(jsonTextOfItem(POSTS[1]!, inDocument)).toBe(JSON.stringify(POSTS[1]))

    const html = renderToString(
      <DocumentJsonContext value={inDocument}>
        <DocumentJsonScripts />
      </DocumentJsonContext>,
    )
    const elements = [
      ...html.matchAll(/<script type="application\/json" id="([^"]+)" nonce="">(.*?)<\/script>/g),
    ]
    expect(elements.map(([, id]) => id)).toEqual(['tremplin-json-0', 'tremplin-json-1'])
    // Nothing in the text can close the element or open a comment: every `<` is escaped.
    expect(elements[0]![2]).not.toContain('<')
    expect(JSON.parse(elements[0]![2]!)).toEqual(POSTS)
    expect(JSON.parse(elements[1]![2]!)).toEqual([])
  })

  it('renders no element outside a document, and refuses a reference it cannot resolve', () => {
    expect(renderToString(<DocumentJsonScripts />)).toBe('')
    const reference = toJsonText(POSTS, new DocumentJsonTexts())
    expect(() => parseJsonText(reference)).toThrow('Données de la page introuvables')
    expect(() => parseJsonText(reference, new DocumentJsonTexts())).toThrow(
      'Texte JSON inconnu pour ce document',
    )
  })
})
