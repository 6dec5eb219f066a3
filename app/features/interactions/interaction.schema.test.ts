import { describe, expect, it } from 'vitest'
import { ViewsSchema } from './interaction.schema'

describe('ViewsSchema', () => {
  it('takes any id of the uuid type, whatever its version, as the posts table holds', () => {
    const ids = [
      crypto.randomUUID(),
      // A generated post's id (md5 cast to uuid: no RFC 4122 version or variant).
      'ff135b7b-c754-0aac-e9ea-c8f6832d91bf',
      'FF135B7B-C754-0AAC-E9EA-C8F6832D91BF',
    ]
    expect(ViewsSchema.safeParse({ postIds: ids }).success).toBe(true)
  })

  it('refuses what is not a uuid, an empty batch and more than 50 posts', () => {
    for (const postIds of [
      ['not-a-uuid'],
      ['ff135b7b-c754-0aac-e9ea-c8f6832d91b'],
      ["ff135b7b-c754-0aac-e9ea-c8f6832d91bf' or 1=1"],
      [],
      Array.from({ length: 51 }, () => crypto.randomUUID()),
    ]) {
      expect(ViewsSchema.safeParse({ postIds }).success).toBe(false)
    }
  })
})
