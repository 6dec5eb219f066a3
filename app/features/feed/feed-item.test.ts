import { describe, expect, it } from 'vitest'
import { feedUrl } from './feed-item'

describe('feedUrl', () => {
  it('leaves out empty filters and the « tous » community, never a search for « tous »', () => {
    expect(feedUrl({})).toBe('/feed')
    expect(feedUrl({ category: 'tous', sector: 'tous', q: '' })).toBe('/feed')
    expect(feedUrl({ category: 'marketing', sector: null })).toBe('/feed?category=marketing')
    expect(feedUrl({ q: 'tous' }, { cursor: 'c' })).toBe('/feed?q=tous&cursor=c')
    expect(feedUrl({ sector: 'sante', q: 'levée de fonds' })).toBe(
      '/feed?sector=sante&q=lev%C3%A9e+de+fonds',
    )
  })
})
