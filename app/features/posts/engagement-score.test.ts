import { describe, expect, it } from 'vitest'
import {
  engagementScore,
  parseTags,
  PUBLISH_MIN_SCORE,
  scoreBand,
  type ScoredDraft,
} from './engagement-score'

const empty: ScoredDraft = {
  title: '',
  content: '',
  type: 'post',
  hasImage: false,
  categories: [],
  sectors: [],
  tags: '',
}

const score = (draft: Partial<ScoredDraft>) => engagementScore({ ...empty, ...draft }).score

describe('engagementScore', () => {
  it("writes the content rule's lengths as the composer's counter does", () => {
    const labels = (type: ScoredDraft['type']) =>
      engagementScore({ ...empty, type }).rules.map((rule) => rule.label)
    expect(labels('post')).toContain('Un contenu de 50 à 500 caractères')
    expect(labels('article')).toContain('Un contenu de 50 à 5\u202f000 caractères')
  })

  it.each([
    ['an empty draft', {}, 0],
    // Title: 10–100 characters +25, any other non-empty length +10, trimmed first.
    ['a 9-character title', { title: 'a'.repeat(9) }, 10],
    ['a 10-character title', { title: 'a'.repeat(10) }, 25],
    ['a 100-character title', { title: 'a'.repeat(100) }, 25],
    ['a 101-character title', { title: 'a'.repeat(101) }, 10],
    ['a title of spaces', { title: '     ' }, 0],
    ['a title padded to 10 by spaces', { title: '  ' + 'a'.repeat(8) + '  ' }, 10],
    // Content: 50–500 characters +25 (article: 50–5000), other non-empty lengths +10.
    ['49 characters of content', { content: 'a'.repeat(49) }, 10],
    ['50 characters of content', { content: 'a'.repeat(50) }, 25],
    ['500 characters of content', { content: 'a'.repeat(500) }, 25],
    ['501 characters of content', { content: 'a'.repeat(501) }, 10],
    ['501 characters of an article', { content: 'a'.repeat(501), type: 'article' }, 25],
    ['5000 characters of an article', { content: 'a'.repeat(5000), type: 'article' }, 25],
    ['5001 characters of an article', { content: 'a'.repeat(5001), type: 'article' }, 10],
    ['an image', { hasImage: true }, 20],
    ['a question mark in the title', { title: '?' }, 10 + 10],
    ['a question mark in the content', { content: 'Et vous ?' }, 10 + 10],
    ['question marks in both count once', { title: '?', content: '?' }, 10 + 10 + 10],
    ['a category', { categories: ['feedback'] }, 10],
    ['three categories count once', { categories: ['feedback', 'rd', 'rh'] }, 10],
    ['a sector', { sectors: ['sante'] }, 5],
    ['tags', { tags: 'levée, seed' }, 5],
    ['tags made only of commas and spaces', { tags: ' , ,# ' }, 0],
  ] satisfies [string, Partial<ScoredDraft>, number][])('%s scores %i', (_, draft, expected) => {
    expect(score(draft)).toBe(expected)
  })

  it('scores the text as stored: a line break sent as CR LF counts once, as in the field', () => {
    // 500 characters in the composer's field, four of them line breaks: within the ideal.
    const typed = Array.from({ length: 5 }, () => 'a'.repeat(99)).join('\n')
    const sent = typed.replaceAll('\n', '\r\n')
    expect(typed).toHaveLength(499)
    expect(score({ content: sent })).toBe(score({ content: typed }))
    expect(score({ content: typed })).toBe(25)
    // Invisible characters earn nothing.
    expect(score({ title: '\u200B'.repeat(20) })).toBe(0)
  })

  it('reaches exactly 100 with every rule met', () => {
    const full = engagementScore({
      title: 'Comment trouver ses premiers clients ?',
      content: 'Je lance une offre de conseil pour les artisans. '.repeat(3),
      type: 'discussion',
      hasImage: true,
      categories: ['commercial'],
      sectors: ['artisanat'],
      tags: 'prospection',
    })
    expect(full.score).toBe(100)
    expect(full.band).toBe('excellent')
    expect(full.rules.every((rule) => rule.earned === rule.max)).toBe(true)
  })

  it('lets a good title and a category reach the publishing threshold, not less', () => {
    expect(score({ title: 'Mon idée', categories: ['feedback'] })).toBe(20)
    expect(score({ title: 'Mon idée de startup' })).toBe(25)
    expect(score({ title: 'Mon idée de startup', categories: ['feedback'] })).toBe(35)
    expect(score({ title: 'Mon idée de startup' })).toBeLessThan(PUBLISH_MIN_SCORE)
    expect(
      score({ title: 'Mon idée de startup', categories: ['feedback'] }),
    ).toBeGreaterThanOrEqual(PUBLISH_MIN_SCORE)
  })
})

describe('scoreBand', () => {
  it.each([
    [0, 'low'],
    [29, 'low'],
    [30, 'fair'],
    [59, 'fair'],
    [60, 'good'],
    [79, 'good'],
    [80, 'excellent'],
    [100, 'excellent'],
  ] as const)('%i is %s', (value, band) => {
    expect(scoreBand(value)).toBe(band)
  })
})

describe('parseTags', () => {
  it('trims, drops #, lower-cases and removes duplicates', () => {
    expect(parseTags(' #Levée de fonds, seed,SEED ,, #')).toEqual(['levée de fonds', 'seed'])
  })
})
