import { describe, expect, it } from 'vitest'
import { statusMessage } from './search-combobox'
import { normalizeSearchTerm } from './search-term'

const answer = (term: string, count: number) => ({ term, count, results: [] })

describe('the search field’s status', () => {
  it('says the spec’s messages for the term typed', () => {
    expect(statusMessage('m', undefined)).toBe('Commencez à taper pour voir les suggestions')
    expect(statusMessage('marketing', answer('marketing', 12))).toBe('12 résultat(s) trouvé(s)')
    expect(statusMessage('zzz', answer('zzz', 0))).toBe('Aucun résultat pour "zzz"')
  })

  it('says nothing of an earlier term’s answer while this one’s is on its way', () => {
    expect(statusMessage('marketingz', answer('marketing', 12))).toBe('')
    expect(statusMessage('zzzz', answer('zzz', 0))).toBe('')
    expect(statusMessage('marketing', undefined)).toBe('')
  })
})

describe('the term as the server reads it', () => {
  it('is compared with the answer’s term whatever form its accents were typed in', () => {
    // « écoute » pasted with its accent apart (e + U+0301): the server answers for « écoute ».
    const typed = normalizeSearchTerm('  e\u0301coute  ')
    expect(statusMessage(typed, answer('écoute', 3))).toBe('3 résultat(s) trouvé(s)')
  })
})
