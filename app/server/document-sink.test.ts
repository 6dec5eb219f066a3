import { createElement } from 'react'
import { renderToPipeableStream, renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { DocumentSink } from './document-sink.server'

/** Renders a tree as entry.server.tsx does: whole, into a DocumentSink. */
function renderWhole(tree: React.ReactElement): Promise<string> {
  return new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(tree, {
      onAllReady() {
        const sink = new DocumentSink((html) => resolve(html.toString('utf8')), reject)
        pipe(sink as unknown as NodeJS.WritableStream)
      },
      onShellError: reject,
    })
  })
}

describe('DocumentSink', () => {
  it('hands over the whole document React wrote, bytes and long strings in order', async () => {
    // A text longer than React's 4 KB view arrives as a string; short ones as bytes.
    const long = 'Créer, financer, recruter : '.repeat(400)
    const tree = createElement(
      'main',
      null,
      createElement('h1', null, 'Fil d’actualité'),
      createElement('p', null, long),
      ...Array.from({ length: 200 }, (_, index) =>
        createElement('p', { key: index, className: 'text-sm' }, `Publication n° ${index}`),
      ),
    )
    expect(await renderWhole(tree)).toBe(renderToString(tree))
  })

  it('reports the error that ends a document', () => {
    const errors: unknown[] = []
    const sink = new DocumentSink(
      () => errors.push('ended'),
      (error) => errors.push(error),
    )
    const failure = new Error('socket closed')
    sink.write(new Uint8Array([60, 104, 62]))
    sink.destroy(failure)
    expect(errors).toEqual([failure])
    expect(sink.on()).toBe(sink)
  })
})
