import { describe, expect, it } from 'vitest'
import { frenchSpacing } from './french-spacing'

describe('frenchSpacing', () => {
  it('binds « : ; ! ? » and the inner spaces of French quotes to their word', () => {
    expect(frenchSpacing('Trouver ses clients : une méthode ? Oui ! « Enfin » ; fin')).toBe(
      'Trouver ses clients\u00A0: une méthode\u00A0? Oui\u00A0! «\u00A0Enfin\u00A0»\u00A0; fin',
    )
  })

  it('leaves other spaces and text without such marks as they are', () => {
    expect(frenchSpacing('Le tremplin des entrepreneurs')).toBe('Le tremplin des entrepreneurs')
    expect(frenchSpacing('https://exemple.fr:8080')).toBe('https://exemple.fr:8080')
  })
})
