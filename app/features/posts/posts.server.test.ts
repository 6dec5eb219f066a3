import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { db } from '~/server/db/db.server'
import { refusedBy } from '~/server/db/errors.server'
import { profiles, uploads } from '~/server/db/schema'
import { HttpError } from '~/server/errors.server'
import { getStorage } from '~/server/storage.server'
import {
  castDemoVote,
  createComment,
  createPost,
  createProfile,
  savePost,
} from '../../../tests/factories'
import { createPost as createPost_, deletePostOrThrow, getPostOrThrow } from './posts.server'

async function count(table: string, postId: string): Promise<number> {
  const result = await db.execute<{ count: number }>(
    sql`select count(*)::int as count from ${sql.identifier(table)} where post_id = ${postId}`,
  )
  return result.rows[0]!.count
}

describe('deletePostOrThrow', () => {
  it('lets the author delete, erasing votes, saves, comments, category links and the image', async () => {
    const author = await createProfile(db)
    const reader = await createProfile(db)
    const imageUrl = await getStorage().put(
      'posts/test-suppression.webp',
      new Uint8Array([1, 2, 3]),
    )
    const post = await createPost(db, {
      authorId: author.id,
      categories: ['marketing', 'rh'],
      imageUrl,
    })
    await castDemoVote(db, { postId: post.id, userId: reader.userId, voteType: 'up' })
    await savePost(db, { postId: post.id, userId: reader.userId })
    await createComment(db, { postId: post.id, authorId: reader.id, content: 'Merci !' })

    await deletePostOrThrow({ postId: post.id, userId: author.userId })

    const tables = ['post_votes', 'saved_posts', 'comments', 'post_categories']
    const remaining = Object.fromEntries(
      await Promise.all(tables.map(async (table) => [table, await count(table, post.id)])),
    )
    expect(remaining).toEqual({ post_votes: 0, saved_posts: 0, comments: 0, post_categories: 0 })
    expect(await getStorage().get('posts/test-suppression.webp')).toBeUndefined()
  })

  it('refuses anyone but the author with 403 "Accès non autorisé", and keeps the post', async () => {
    const author = await createProfile(db)
    const intruder = await createProfile(db)
    const post = await createPost(db, { authorId: author.id })
    const error = await deletePostOrThrow({ postId: post.id, userId: intruder.userId }).catch(
      (caught: unknown) => caught,
    )
    expect(error).toBeInstanceOf(HttpError)
    expect(error).toMatchObject({ status: 403, message: 'Accès non autorisé' })
    const rows = await db.execute(sql`select id from posts where id = ${post.id}`)
    expect(rows.rows).toHaveLength(1)
  })

  it('answers 404 "Post non trouvé" for a post that does not exist', async () => {
    const member = await createProfile(db)
    await expect(
      deletePostOrThrow({ postId: '00000000-0000-4000-8000-000000000000', userId: member.userId }),
    ).rejects.toMatchObject({ status: 404, message: 'Post non trouvé' })
  })
})

describe('createPost', () => {
  const valid = {
    title: '  Comment fixer ses prix ?  ',
    content: 'Je lance une activité de conseil et j’hésite entre forfait et taux horaire.',
    type: 'discussion',
    categories: ['commercial', 'feedback', 'commercial'],
    sectors: ['consulting', 'artisanat'],
    tags: '#Prix, tarification, prix',
  }

  async function links(table: 'post_categories' | 'post_sectors', postId: string) {
    const column = table === 'post_categories' ? 'category_id' : 'sector_id'
    const reference = table === 'post_categories' ? 'categories' : 'sectors'
    const result = await db.execute<{ name: string }>(
      sql`select r.name from ${sql.identifier(table)} l join ${sql.identifier(reference)} r on r.id = l.${sql.identifier(column)} where l.post_id = ${postId} order by r.name`,
    )
    return result.rows.map((row) => row.name)
  }

  it('writes the post with every category and sector, the first ones as main', async () => {
    const author = await createProfile(db, { firstName: 'Inès', lastName: 'Moreau' })
    const created = await createPost_({ userId: author.userId, post: valid })
    expect(created.url).toBe('/post/ines-moreau/comment-fixer-ses-prix')
    const post = await getPostOrThrow({ postId: created.id, viewerId: null })
    expect(post).toMatchObject({
      title: 'Comment fixer ses prix ?',
      type: { name: 'discussion' },
      categories: [{ name: 'commercial' }, { name: 'feedback' }],
      sector: { name: 'consulting' },
      sectors: [{ name: 'consulting' }, { name: 'artisanat' }],
      tags: ['prix', 'tarification'],
      eventDate: null,
      price: null,
      author: { id: author.id },
    })
    expect(await links('post_categories', created.id)).toEqual(['commercial', 'feedback'])
    expect(await links('post_sectors', created.id)).toEqual(['artisanat', 'consulting'])
  })

  // Two connections at once: on PostgreSQL only (PGlite runs one transaction at a time, and
  // there this could not fail).
  it.runIf(process.env.TEST_DATABASE_DRIVER === 'postgres')(
    "gives a post sent during its author's rename the new name in its address",
    async () => {
      const author = await createProfile(db, { firstName: 'Inès', lastName: 'Moreau' })
      let sent: ReturnType<typeof createPost_> | undefined
      await db.transaction(async (tx) => {
        await tx.update(profiles).set({ lastName: 'Martin' }).where(eq(profiles.id, author.id))
        // The post is sent while the rename is not committed yet (another connection).
        sent = createPost_({ userId: author.userId, post: valid })
        await new Promise((resolve) => setTimeout(resolve, 300))
      })
      const created = await sent!
      expect(created.url).toBe('/post/ines-martin/comment-fixer-ses-prix')
    },
  )

  it('takes as main the category and sector ticked first, whatever their order on the form', async () => {
    const author = await createProfile(db)
    const created = await createPost_({
      userId: author.userId,
      // Checkboxes arrive in the page's order; the composer states the order they were ticked.
      post: {
        ...valid,
        categories: ['feedback', 'marketing'],
        categoriesOrder: 'marketing,feedback',
        sectors: ['artisanat', 'consulting'],
        sectorsOrder: 'consulting,inconnu',
      },
    })
    expect(await getPostOrThrow({ postId: created.id, viewerId: null })).toMatchObject({
      categories: [{ name: 'marketing' }, { name: 'feedback' }],
      sector: { name: 'consulting' },
      sectors: [{ name: 'consulting' }, { name: 'artisanat' }],
    })
  })

  it('keeps the date, place and price of an event only', async () => {
    const author = await createProfile(db)
    const event = await createPost_({
      userId: author.userId,
      post: {
        ...valid,
        type: 'evenement',
        eventDate: '2026-12-04T18:30',
        eventLocation: 'Station F, Paris',
        price: '12.5',
      },
    })
    const other = await createPost_({
      userId: author.userId,
      post: { ...valid, title: 'Autre', eventDate: '2026-12-04T18:30', price: '12' },
    })
    expect(await getPostOrThrow({ postId: event.id, viewerId: null })).toMatchObject({
      eventDate: new Date('2026-12-04T17:30:00Z'),
      eventLocation: 'Station F, Paris',
      price: 12.5,
    })
    expect(await getPostOrThrow({ postId: other.id, viewerId: null })).toMatchObject({
      eventDate: null,
      eventLocation: null,
      price: null,
    })
  })

  it.each([
    ['a blank title', { title: '   ' }, 'Le titre est requis'],
    ['no title', { title: undefined }, 'Le titre est requis'],
    [
      '201 characters of title',
      { title: 'a'.repeat(201) },
      'Le titre contient au plus 200 caractères.',
    ],
    ['no category', { categories: [] }, 'Veuillez sélectionner au moins une catégorie.'],
    ['the "tous" category', { categories: ['tous'] }, 'Catégorie inconnue.'],
    ['an unknown type', { type: 'sondage' }, 'Type de publication invalide.'],
    [
      '1 001 characters of content',
      { content: 'a'.repeat(1001) },
      'Le contenu contient au plus 1\u202F000 caractères.',
    ],
    [
      '5 001 characters of an article',
      { content: 'a'.repeat(5001), type: 'article' },
      'Le contenu contient au plus 5\u202F000 caractères pour un article.',
    ],
    ['a negative price', { price: '-3' }, 'Le prix ne peut pas être négatif.'],
    [
      'a javascript: link',
      { externalUrl: 'javascript:alert(1)' },
      'Veuillez entrer un lien valide, par exemple https://exemple.fr.',
    ],
    [
      'an event year typed with two digits',
      { type: 'evenement', eventDate: '0026-12-04T18:30' },
      'Veuillez entrer une date valide.',
    ],
    [
      'an event in the 22nd century',
      { type: 'evenement', eventDate: '2126-12-04T18:30' },
      'Veuillez entrer une date valide.',
    ],
  ])('refuses %s with 400, writing nothing', async (_, change, message) => {
    const author = await createProfile(db)
    const error = await createPost_({
      userId: author.userId,
      post: { ...valid, ...change },
    }).catch((caught: unknown) => caught)
    expect(error).toMatchObject({ status: 400, message })
    const result = await db.execute(sql`select id from posts`)
    expect(result.rows).toHaveLength(0)
  })

  it('accepts an article of 5 000 characters and a link typed without https://', async () => {
    const author = await createProfile(db)
    const created = await createPost_({
      userId: author.userId,
      post: {
        ...valid,
        type: 'article',
        content: 'a'.repeat(5000),
        externalUrl: 'exemple.fr/page',
      },
    })
    const post = await getPostOrThrow({ postId: created.id, viewerId: null })
    expect(post.content).toHaveLength(5000)
    expect(post.externalUrl).toBe('https://exemple.fr/page')
  })

  it('refuses a member without a profile', async () => {
    const author = await createProfile(db)
    await db.execute(sql`delete from profiles where id = ${author.id}`)
    const error = await createPost_({ userId: author.userId, post: valid }).catch(
      (caught: unknown) => caught,
    )
    expect(error).toMatchObject({ status: 404, message: 'Profil non trouvé' })
  })

  it('refuses another post’s image, which its author’s deletion would then take from this one', async () => {
    const author = await createProfile(db)
    const other = await createProfile(db)
    const imageUrl = await getStorage().put('posts/test-une-fois.webp', new Uint8Array([1, 2, 3]))
    const first = await createPost_({ userId: author.userId, post: valid, imageUrl })
    const error = await createPost_({ userId: other.userId, post: valid, imageUrl }).catch(
      (caught: unknown) => caught,
    )
    expect(error).toMatchObject({
      status: 400,
      message: 'Cette image accompagne déjà une publication.',
    })
    const result = await db.execute(sql`select id from posts where image_url = ${imageUrl}`)
    expect(result.rows).toEqual([{ id: first.id }])
    // A post without an image leaves room for any number of others.
    await createPost_({ userId: other.userId, post: valid })
    await createPost_({ userId: other.userId, post: valid })
  })

  it('keeps what the image shows, in the author’s words, only beside an image', async () => {
    const author = await createProfile(db)
    const imageUrl = await getStorage().put('posts/test-decrite.webp', new Uint8Array([1, 2, 3]))
    const imageAlt = '  Graphique :\u200b le chiffre   d’affaires double en 2026  '
    const described = await createPost_({
      userId: author.userId,
      post: { ...valid, imageAlt },
      imageUrl,
    })
    // Typed, then the image removed: it describes nothing, and is not kept.
    const withoutImage = await createPost_({ userId: author.userId, post: { ...valid, imageAlt } })
    const blank = await createPost_({
      userId: author.userId,
      post: { ...valid, imageAlt: '   ' },
      imageUrl: await getStorage().put('posts/test-sans-texte.webp', new Uint8Array([1])),
    })
    const alts = await db.execute<{ id: string; image_alt: string | null }>(
      sql`select id, image_alt from posts where id in (${described.id}, ${withoutImage.id}, ${blank.id})`,
    )
    expect(Object.fromEntries(alts.rows.map((row) => [row.id, row.image_alt]))).toEqual({
      [described.id]: 'Graphique : le chiffre d’affaires double en 2026',
      [withoutImage.id]: null,
      [blank.id]: null,
    })
    const tooLong = await createPost_({
      userId: author.userId,
      post: { ...valid, imageAlt: 'é'.repeat(301) },
      imageUrl: await getStorage().put('posts/test-trop-longue.webp', new Uint8Array([1])),
    }).catch((caught: unknown) => caught)
    expect(tooLong).toMatchObject({
      status: 400,
      message: 'La description de l’image contient au plus 300 caractères.',
    })
    // The database holds the same rules against any other writer.
    const refused = (statement: Promise<unknown>) =>
      statement.then(
        () => false,
        (error: unknown) => refusedBy(error, '23514', 'posts_image_alt_with_image'),
      )
    expect(
      await refused(
        db.execute(sql`update posts set image_alt = 'Un graphique' where id = ${withoutImage.id}`),
      ),
    ).toBe(true)
    expect(
      await refused(db.execute(sql`update posts set image_alt = '' where id = ${described.id}`)),
    ).toBe(true)
  })

  it('takes an image sent from the composer only from its author', async () => {
    const author = await createProfile(db)
    const other = await createProfile(db)
    const key = 'posts/test-envoyee.webp'
    const imageUrl = await getStorage().put(key, new Uint8Array([1, 2, 3]))
    await db.insert(uploads).values({ key, url: imageUrl, userId: author.userId })
    // Another member who learnt its address cannot publish it as theirs.
    const error = await createPost_({
      userId: other.userId,
      post: valid,
      imageUrl,
      uploadKey: key,
    }).catch((caught: unknown) => caught)
    expect(error).toMatchObject({
      status: 400,
      message: 'Cette image n’est plus disponible : ajoutez-la de nouveau.',
    })
    // Nor an upload the week's sweep removed (no row left).
    const gone = await createPost_({
      userId: author.userId,
      post: valid,
      imageUrl: '/uploads/posts/balayee.webp',
      uploadKey: 'posts/balayee.webp',
    }).catch((caught: unknown) => caught)
    expect(gone).toMatchObject({ status: 400 })
    const created = await createPost_({
      userId: author.userId,
      post: valid,
      imageUrl,
      uploadKey: key,
    })
    const result = await db.execute(sql`select id from posts where image_url = ${imageUrl}`)
    expect(result.rows).toEqual([{ id: created.id }])
  })

  it('takes no more an image sent from the composer once the post that carried it is deleted', async () => {
    const author = await createProfile(db)
    const key = 'posts/test-supprimee.webp'
    const imageUrl = await getStorage().put(key, new Uint8Array([1, 2, 3]))
    await db.insert(uploads).values({ key, url: imageUrl, userId: author.userId })
    const published = { userId: author.userId, post: valid, imageUrl, uploadKey: key }
    const first = await createPost_(published)
    await deletePostOrThrow({ postId: first.id, userId: author.userId })
    // The same draft, still open in another tab: its image's file is gone.
    const again = await createPost_(published).catch((caught: unknown) => caught)
    expect(again).toMatchObject({
      status: 400,
      message: 'Cette image n’est plus disponible : ajoutez-la de nouveau.',
    })
    expect(await db.select().from(uploads).where(eq(uploads.key, key))).toEqual([])
  })

  // Two connections at once: on PostgreSQL only (PGlite runs one transaction at a time).
  it.runIf(process.env.TEST_DATABASE_DRIVER === 'postgres')(
    'deletes a post while a draft publishes its image again, without a deadlock',
    async () => {
      const author = await createProfile(db)
      const key = 'posts/test-course.webp'
      const imageUrl = await getStorage().put(key, new Uint8Array([1, 2, 3]))
      await db.insert(uploads).values({ key, url: imageUrl, userId: author.userId })
      const first = await createPost_({
        userId: author.userId,
        post: valid,
        imageUrl,
        uploadKey: key,
      })
      let deleted: Promise<unknown> | undefined
      // Publishing takes the upload's row, then inserts its post; the deletion starts between.
      const published = await db
        .transaction(async (tx) => {
          await tx
            .update(uploads)
            .set({ createdAt: sql`now()` })
            .where(eq(uploads.key, key))
          deleted = deletePostOrThrow({ postId: first.id, userId: author.userId }).catch(
            (caught: unknown) => caught,
          )
          await new Promise((resolve) => setTimeout(resolve, 300))
          await createPost(tx, { authorId: author.id, imageUrl })
        })
        .then(
          () => null,
          (caught: unknown) => caught,
        )
      expect(await deleted).toBeUndefined()
      // The draft's post refused for the image the other post still held, not a deadlock.
      expect((published as { cause?: { code?: string } } | null)?.cause?.code).not.toBe('40P01')
      expect(await db.select().from(uploads).where(eq(uploads.key, key))).toEqual([])
    },
  )

  it('writes nothing when a link cannot be written (one transaction)', async () => {
    const author = await createProfile(db)
    // A sector removed between validation and insert makes its link fail.
    await db.execute(sql`delete from sectors where name = 'artisanat'`)
    const error = await createPost_({ userId: author.userId, post: valid }).catch(
      (caught: unknown) => caught,
    )
    expect(error).toMatchObject({ status: 400, message: 'Secteur inconnu.' })
    const result = await db.execute(sql`select id from posts`)
    expect(result.rows).toHaveLength(0)
  })
})

describe('getPostOrThrow', () => {
  it.each(['not-a-uuid', '00000000-0000-4000-8000-000000000000'])(
    'answers 404 "Post non trouvé" for %s',
    async (postId) => {
      const error = await getPostOrThrow({ postId, viewerId: null }).catch((e: unknown) => e)
      expect(error).toMatchObject({ status: 404, message: 'Post non trouvé' })
    },
  )
})
