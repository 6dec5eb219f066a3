import { eq, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { db } from '~/server/db/db.server'
import { profiles, users } from '~/server/db/schema'
import { getStorage } from '~/server/storage.server'
import { createPost, createProfile, savePost } from '../../../tests/factories'
import {
  getProfileOrThrow,
  listProfilePosts,
  listSavedPosts,
  replaceProfileLinks,
  setProfileImage,
  updateProfile,
} from './profiles.server'

const PRIVATE_FIELDS = ['description', 'linkedin', 'website', 'updatedAt']

/** A profile's fields other than the name, all left empty. */
const NO_DETAILS = {
  job: null,
  company: null,
  city: null,
  country: null,
  description: null,
  bio: null,
  linkedin: null,
  website: null,
}

async function privateProfile() {
  return createProfile(db, {
    firstName: 'Awa',
    lastName: 'Diallo',
    job: 'Fondatrice',
    company: 'Kinésens',
    description: 'accroche-privee',
    linkedin: 'https://linkedin.com/in/prive',
    website: 'https://site-prive.fr/',
    bio: 'Kiné devenue cheffe d’entreprise.',
  })
}

describe('getProfileOrThrow', () => {
  it('gives the owner every field and anyone else only the public ones', async () => {
    const owner = await privateProfile()
    const other = await createProfile(db)
    await replaceProfileLinks({
      userId: owner.userId,
      links: [{ title: 'Portfolio', url: 'https://portfolio.fr/' }],
    })

    const own = await getProfileOrThrow({ userId: owner.userId, viewerId: owner.userId })
    expect(own.isOwner).toBe(true)
    expect(own.profile).toMatchObject({
      description: 'accroche-privee',
      linkedin: 'https://linkedin.com/in/prive',
      links: [{ title: 'Portfolio', url: 'https://portfolio.fr/' }],
    })

    for (const viewerId of [other.userId, null]) {
      const seen = await getProfileOrThrow({ userId: owner.userId, viewerId })
      expect(seen.isOwner).toBe(false)
      expect(Object.keys(seen.profile).toSorted()).toEqual(
        [
          'id',
          'userId',
          'firstName',
          'lastName',
          'job',
          'company',
          'city',
          'country',
          'bio',
          'avatar',
          'bannerImage',
          'createdAt',
          'links',
        ].toSorted(),
      )
      const serialised = JSON.stringify(seen)
      for (const secret of ['accroche-privee', 'linkedin.com/in/prive', 'site-prive.fr']) {
        expect(serialised).not.toContain(secret)
      }
      for (const field of PRIVATE_FIELDS) expect(seen.profile).not.toHaveProperty(field)
    }
  })

  it('shows no one an account never confirmed, as search and the sitemap do not', async () => {
    // Anyone can sign up with any name: until its address is confirmed, it is nobody's profile.
    const begun = await createProfile(db, { firstName: 'Camille', lastName: 'Martin' })
    await db.update(users).set({ emailVerified: false }).where(eq(users.id, begun.userId))
    const error = await getProfileOrThrow({ userId: begun.userId, viewerId: null }).catch(
      (caught: unknown) => caught,
    )
    expect(error).toMatchObject({ status: 404, message: 'Profil non trouvé' })
  })

  it.each(['inconnu', 'a/b', ''])('answers 404 "Profil non trouvé" for %j', async (userId) => {
    const error = await getProfileOrThrow({ userId, viewerId: null }).catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 404, message: 'Profil non trouvé' })
  })
})

describe('updateProfile and replaceProfileLinks', () => {
  it('writes the fields and replaces the links in their order', async () => {
    const owner = await createProfile(db)
    await updateProfile({
      userId: owner.userId,
      values: {
        firstName: 'Léa',
        lastName: 'Martin',
        job: 'CEO',
        company: null,
        city: 'Nantes',
        country: 'France',
        description: null,
        bio: null,
        linkedin: null,
        website: 'https://lea.fr/',
      },
    })
    await replaceProfileLinks({
      userId: owner.userId,
      links: [
        { title: 'A', url: 'https://a.fr/' },
        { title: 'B', url: 'https://b.fr/' },
      ],
    })
    const links = await replaceProfileLinks({
      userId: owner.userId,
      links: [
        { title: 'B', url: 'https://b.fr/' },
        { title: 'C', url: 'https://c.fr/' },
      ],
    })
    expect(links.map((link) => link.title)).toEqual(['B', 'C'])
    const { profile } = await getProfileOrThrow({ userId: owner.userId, viewerId: owner.userId })
    expect(profile).toMatchObject({ firstName: 'Léa', city: 'Nantes', website: 'https://lea.fr/' })
  })

  it('gives a new name to the account too, and moves the readable routes of the posts', async () => {
    const owner = await createProfile(db)
    await createPost(db, { authorId: owner.id, title: 'Mon premier post' })
    const values = { firstName: 'Élise', lastName: 'Nouveau-Nom', ...NO_DETAILS }
    await updateProfile({ userId: owner.userId, values })
    const account = await db.execute<{ name: string; first_name: string; last_name: string }>(
      sql`select name, first_name, last_name from users where id = ${owner.userId}`,
    )
    expect(account.rows[0]).toEqual({
      name: 'Élise Nouveau-Nom',
      first_name: 'Élise',
      last_name: 'Nouveau-Nom',
    })
    const routes = await db.execute<{ author_slug: string }>(
      sql`select author_slug from posts where author_id = ${owner.id}`,
    )
    expect(routes.rows).toEqual([{ author_slug: 'elise-nouveau-nom' }])
    // The same name again changes nothing else on the account.
    await updateProfile({ userId: owner.userId, values: { ...values, city: 'Lyon' } })
    const { profile } = await getProfileOrThrow({ userId: owner.userId, viewerId: owner.userId })
    expect(profile).toMatchObject({ firstName: 'Élise', city: 'Lyon' })
  })

  // Two connections at once: on PostgreSQL only (PGlite runs one transaction at a time).
  it.runIf(process.env.TEST_DATABASE_DRIVER === 'postgres')(
    'two saves at once (two tabs): the account ends with the name the profile ends with',
    async () => {
      const owner = await createProfile(db, { firstName: 'Jean', lastName: 'Dupont' })
      const name = { lastName: 'Dupont', job: null, company: null, city: null, country: null }
      const rest = { description: null, linkedin: null, website: null }
      let second: Promise<void> | undefined
      // The first tab renames Jean to Paul; before it commits, the second tab, opened earlier,
      // saves a new bio with the name it showed, Jean.
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ firstName: 'Paul', name: 'Paul Dupont' })
          .where(eq(users.id, owner.userId))
        await tx.update(profiles).set({ firstName: 'Paul' }).where(eq(profiles.id, owner.id))
        second = updateProfile({
          userId: owner.userId,
          values: { firstName: 'Jean', ...name, ...rest, bio: 'Nouvelle bio' },
        })
        await new Promise((resolve) => setTimeout(resolve, 300))
      })
      await second
      const saved = await db.execute<{ profile: string; account: string; full: string }>(sql`
        select p.first_name as profile, u.first_name as account, u.name as full
        from profiles p join users u on u.id = p.user_id where p.id = ${owner.id}`)
      expect(saved.rows).toEqual([{ profile: 'Jean', account: 'Jean', full: 'Jean Dupont' }])
    },
  )

  // Two connections at once: on PostgreSQL only (PGlite runs one transaction at a time).
  it.runIf(process.env.TEST_DATABASE_DRIVER === 'postgres')(
    'a rename waits for the profile before it takes the account’s row, as the deletion does',
    async () => {
      // No posts: nothing else orders the two (the deletion locks the profile, then the user).
      const owner = await createProfile(db, { firstName: 'Jean', lastName: 'Dupont' })
      let renamed: Promise<unknown> | undefined
      let userRowFree: unknown
      await db.transaction(async (tx) => {
        await tx.execute(sql`select id from profiles where id = ${owner.id} for update`)
        renamed = updateProfile({
          userId: owner.userId,
          values: { firstName: 'Paul', lastName: 'Dupont', ...NO_DETAILS },
        }).catch((caught: unknown) => caught)
        await new Promise((resolve) => setTimeout(resolve, 300))
        // Held by the rename, the account's row would be the deletion's next wait: a deadlock.
        userRowFree = await db
          .execute(sql`select id from users where id = ${owner.userId} for update nowait`)
          .then(
            () => true,
            (caught: { cause?: { code?: string } }) => caught.cause?.code,
          )
      })
      expect(userRowFree).toBe(true)
      expect(await renamed).toBeUndefined()
    },
  )

  it('refuses a link the database would not accept even if a caller skipped the schema', async () => {
    const owner = await createProfile(db)
    await expect(
      replaceProfileLinks({
        userId: owner.userId,
        links: [{ title: 'X', url: 'javascript:alert(1)' }],
      }),
    ).rejects.toThrow(/profile_links_url_http|Failed query/)
    const result = await db.execute(sql`select count(*)::int as n from profile_links`)
    expect(result.rows[0]).toEqual({ n: 0 })
  })
})

describe('setProfileImage', () => {
  it('stores a 512 px avatar, then deletes it when replaced', async () => {
    const owner = await createProfile(db)
    const image = await sharp({
      create: { width: 800, height: 600, channels: 3, background: '#3366cc' },
    })
      .png()
      .toBuffer()
    const first = await setProfileImage({ userId: owner.userId, kind: 'avatar', file: image })
    const firstKey = getStorage().keyFromUrl(first.url)!
    expect(firstKey).toMatch(/^profile_avatars\/.+\.webp$/)
    expect(await sharp((await getStorage().get(firstKey))!).metadata()).toMatchObject({
      width: 512,
      height: 512,
    })
    const second = await setProfileImage({ userId: owner.userId, kind: 'avatar', file: image })
    expect(await getStorage().get(firstKey)).toBeUndefined()
    const { profile } = await getProfileOrThrow({ userId: owner.userId, viewerId: null })
    expect(profile.avatar).toBe(second.url)

    const banner = await setProfileImage({ userId: owner.userId, kind: 'banner', file: image })
    const bannerKey = getStorage().keyFromUrl(banner.url)!
    expect(await sharp((await getStorage().get(bannerKey))!).metadata()).toMatchObject({
      width: 1500,
      height: 500,
    })
  })

  it('keeps the current image when the upload is refused', async () => {
    const owner = await createProfile(db, { avatar: null })
    const error = await setProfileImage({
      userId: owner.userId,
      kind: 'banner',
      file: new TextEncoder().encode('<svg onload="alert(1)"/>'),
    }).catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 415, message: 'Seuls les fichiers image sont acceptés.' })
    const { profile } = await getProfileOrThrow({ userId: owner.userId, viewerId: null })
    expect(profile.bannerImage).toBeNull()
  })
})

describe('listProfilePosts and listSavedPosts', () => {
  it('pages a member’s publications newest first, with nothing repeated or skipped', async () => {
    const author = await createProfile(db)
    const other = await createProfile(db)
    const base = Date.parse('2026-05-01T10:00:00Z')
    for (let index = 0; index < 25; index += 1) {
      await createPost(db, {
        authorId: author.id,
        title: `Post ${index}`,
        createdAt: new Date(base + index * 60_000),
      })
    }
    await createPost(db, { authorId: other.id, title: 'Pas à moi' })
    const first = await listProfilePosts({ userId: author.userId, viewerId: null, cursor: null })
    expect(first.posts).toHaveLength(20)
    expect(first.posts[0]?.title).toBe('Post 24')
    const second = await listProfilePosts({
      userId: author.userId,
      viewerId: null,
      cursor: first.nextCursor,
    })
    expect(second.posts.map((post) => post.title)).toEqual([
      'Post 4',
      'Post 3',
      'Post 2',
      'Post 1',
      'Post 0',
    ])
    expect(second.nextCursor).toBeNull()
  })

  it('lists saved posts, the latest saved first, in keyset pages', async () => {
    const member = await createProfile(db)
    const author = await createProfile(db)
    const base = Date.parse('2026-05-01T10:00:00Z')
    for (let index = 0; index < 23; index += 1) {
      const post = await createPost(db, { authorId: author.id, title: `Sauvé ${index}` })
      await savePost(db, {
        postId: post.id,
        userId: member.userId,
        createdAt: new Date(base + index * 1000),
      })
    }
    const first = await listSavedPosts({ userId: member.userId, cursor: null })
    expect(first.posts).toHaveLength(20)
    expect(first.posts[0]).toMatchObject({ title: 'Sauvé 22', viewerSaved: true })
    expect(first.posts[0]).not.toHaveProperty('savedAt')
    const second = await listSavedPosts({ userId: member.userId, cursor: first.nextCursor })
    expect(second.posts.map((post) => post.title)).toEqual(['Sauvé 2', 'Sauvé 1', 'Sauvé 0'])
    expect(second.nextCursor).toBeNull()
    expect((await listSavedPosts({ userId: author.userId, cursor: null })).posts).toEqual([])
  })
})
