import { describe, expect, it } from 'vitest'
import { SPRITE_ICONS } from '~/components/icons/sprite-icons'
import { SECTORS } from '~/server/db/seed/reference-data'
import { sectorIconName } from './sector-icons'

describe('sector icons', () => {
  it.each(SECTORS.map((sector) => [sector.name, sector.icon]))(
    '%s (%s) is drawn from the sprite',
    (_name, icon) => {
      expect(Object.keys(SPRITE_ICONS)).toContain(sectorIconName(icon))
    },
  )

  it("names the sprite's icons as lucide names its files", () => {
    expect(sectorIconName('UtensilsCrossed')).toBe('utensils-crossed')
    expect(sectorIconName('Building2')).toBe('building-2')
    expect(sectorIconName('Tv')).toBe('tv')
    expect(sectorIconName(undefined)).toBe('layout-grid')
  })
})
