import { describe, expect, it } from 'vitest'
import { SPRITE_ICONS } from '~/components/icons/sprite-icons'
import { SECTORS } from '~/server/db/seed/reference-data'
import { sectorIconName } from './sector-icons'

describe('sector icons', () => {
  it.each(SECTORS.map((sector) => [sector.name, sector.icon]))(
    '%s (%s) is drawn from the sprite with its own icon',
    (_name, icon) => {
      const spriteName = sectorIconName(icon)
      expect(Object.keys(SPRITE_ICONS)).toContain(spriteName)
      // The grid is also the fallback: only the sector that names it may get it.
      expect(spriteName === 'layout-grid').toBe(icon === 'LayoutGrid')
    },
  )

  it('falls back to the grid for an icon it does not know', () => {
    expect(sectorIconName('Inconnue')).toBe('layout-grid')
    expect(sectorIconName(undefined)).toBe('layout-grid')
  })
})
