import { describe, expect, it } from 'vitest'
import { communityDisplayName, listCommunities } from './communities'

describe('listCommunities', () => {
  it("puts 'tous' first, then the member's stars, then the rest, each in display order", () => {
    const lists = listCommunities({ category: ['rh', 'digital'], sector: ['sport'] })
    expect(lists.categories.slice(0, 4).map((item) => [item.name, item.favorite])).toEqual([
      ['tous', false],
      ['digital', true],
      ['rh', true],
      ['feedback', false],
    ])
    expect(lists.sectors.slice(0, 3).map((item) => item.name)).toEqual([
      'tous',
      'sport',
      'administration',
    ])
    expect(lists.sectors[1]).toEqual({
      name: 'sport',
      displayName: 'Sport',
      icon: 'Dumbbell',
      favorite: true,
    })
  })

  it('lists every community unstarred for a visitor, and ignores unknown names', () => {
    const visitor = listCommunities(null)
    expect(visitor.categories).toHaveLength(23)
    expect(visitor.sectors).toHaveLength(30)
    expect([...visitor.categories, ...visitor.sectors].some((item) => item.favorite)).toBe(false)
    expect(listCommunities({ category: ['inconnue'], sector: [] })).toEqual(visitor)
  })
})

describe('communityDisplayName', () => {
  it('names a category or a sector, and nothing else', () => {
    expect(communityDisplayName('category', 'marketing')).toBe('Marketing')
    expect(communityDisplayName('sector', 'marketing')).toBe('Marketing & Communication')
    expect(communityDisplayName('sector', 'inconnu')).toBeNull()
    expect(communityDisplayName('category', null)).toBeNull()
  })
})
