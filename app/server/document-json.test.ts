import { describe, expect, it } from 'vitest'
import { DocumentJsonTexts } from '~/utils/json-text'
import { createLoadContext, documentJsonTexts } from './document-json.server'

describe('the load context (ADR 033)', () => {
  it('gives a document request a place for its JSON texts, and a data request none', () => {
    const document = createLoadContext(new Request('http://localhost/feed?category=marketing'))
    expect(documentJsonTexts(document)).toBeInstanceOf(DocumentJsonTexts)
    for (const url of [
      'http://localhost/feed.data?category=marketing',
      'http://localhost/_root.data',
      'http://localhost/profile/abc.data?_routes=routes%2Fprofile',
    ]) {
      expect(documentJsonTexts(createLoadContext(new Request(url)))).toBeNull()
    }
  })
})
