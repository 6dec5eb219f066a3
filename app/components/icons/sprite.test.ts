import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { buildSprite } from './sprite'
import { SPRITE_ICONS } from './sprite-icons'

const spriteFile = new URL('./icons.svg', import.meta.url)

describe('the icon sprite', () => {
  it('is the one lucide-react draws for the listed icons (run `npm run icons` if not)', () => {
    expect(fs.readFileSync(spriteFile, 'utf8')).toBe(buildSprite())
  })

  it('holds one symbol per listed icon, with its shapes', () => {
    const sprite = fs.readFileSync(spriteFile, 'utf8')
    for (const name of Object.keys(SPRITE_ICONS)) {
      expect(sprite).toMatch(
        new RegExp(`<symbol id="${name}" viewBox="0 0 24 24"><(path|circle|rect)`),
      )
    }
    expect(sprite.match(/<symbol /g)).toHaveLength(Object.keys(SPRITE_ICONS).length)
  })
})
