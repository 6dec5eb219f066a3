import { eq, inArray, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { selectPostCards } from '~/features/feed/feed.server'
import { db } from '~/server/db/db.server'
import { linkPreviews, posts, profiles, sectors } from '~/server/db/schema'
import { createPosts, createProfile } from '../../../tests/factories'
import { withCompiledRowMapper, type MappedPreparedQuery } from './row-mapper.server'

/** A prepared select's rows as Drizzle maps them, then as the compiled mapper does. */
async function bothMappings<Prepared extends { execute(): Promise<unknown[]> }>(
  prepared: Prepared,
) {
  expect((prepared as MappedPreparedQuery).customResultMapper).toBeUndefined()
  const drizzle = await prepared.execute()
  withCompiledRowMapper(prepared)
  expect((prepared as MappedPreparedQuery).customResultMapper).toBeTypeOf('function')
  const compiled = await prepared.execute()
  return { drizzle, compiled }
}

describe('compileRowMapper', () => {
  it('maps the feed cards as Drizzle does: nested objects, decoders, joins found or not', async () => {
    const author = await createProfile(db, { firstName: 'Inès', lastName: 'Moreau' })
    const [withAll, bare] = await createPosts(db, [
      {
        authorId: author.id,
        title: 'Avec secteur et aperçu',
        sector: 'immobilier',
        externalUrl: 'https://exemple.fr/article',
        eventDate: new Date('2026-12-01T18:00:00Z'),
        tags: ['financement'],
      },
      { authorId: author.id, title: 'Sans secteur ni aperçu', sector: null },
    ])
    await db.insert(linkPreviews).values({
      url: 'https://exemple.fr/article',
      ok: true,
      title: 'Un article',
      description: null,
      imageUrl: null,
      siteName: 'Exemple',
    })

    const { drizzle, compiled } = await bothMappings(
      selectPostCards(author.userId)
        .where(inArray(posts.id, [withAll!.id, bare!.id]))
        .orderBy(posts.title)
        .prepare('row_mapper_feed_cards'),
    )

    expect(compiled).toStrictEqual(drizzle)
    const [first, second] = compiled as Awaited<ReturnType<typeof selectPostCards>>
    expect(first!.title).toBe('Avec secteur et aperçu')
    expect(first!.eventDate).toBeInstanceOf(Date)
    const [immobilier] = await db
      .select({ id: sectors.id })
      .from(sectors)
      .where(eq(sectors.name, 'immobilier'))
    expect(first!.sectorId).toBe(immobilier!.id)
    // The categories' ids as an array of numbers (ADR 036).
    expect(first!.categoryIds.length).toBeGreaterThan(0)
    expect(first!.categoryIds.every((id: number) => Number.isInteger(id))).toBe(true)
    expect(first!.preview).toMatchObject({ title: 'Un article', description: null })
    expect(first!.author).toMatchObject({ firstName: 'Inès', lastName: 'Moreau' })
    // The left joins that found nothing are null objects, not objects of nulls.
    expect(second!.sectorId).toBeNull()
    expect(second!.preview).toBeNull()
  })

  it('keeps an object whose columns come from two tables, as Drizzle does', async () => {
    const author = await createProfile(db, { firstName: 'Paul', lastName: 'Girard' })
    await createPosts(db, [{ authorId: author.id, title: 'Sans secteur', sector: null }])

    const { drizzle, compiled } = await bothMappings(
      db
        .select({
          post: { title: posts.title, sectorName: sectors.name },
          mixed: { sectorName: sectors.name, firstName: profiles.firstName },
          count: sql<number>`1 + 1`.mapWith(Number),
        })
        .from(posts)
        .innerJoin(profiles, eq(profiles.id, posts.authorId))
        .leftJoin(sectors, eq(sectors.id, posts.sectorId))
        .where(eq(posts.authorId, author.id))
        .prepare('row_mapper_mixed_objects'),
    )

    expect(compiled).toStrictEqual(drizzle)
    expect(compiled).toStrictEqual([
      {
        post: { title: 'Sans secteur', sectorName: null },
        mixed: { sectorName: null, firstName: 'Paul' },
        count: 2,
      },
    ])
  })
})
