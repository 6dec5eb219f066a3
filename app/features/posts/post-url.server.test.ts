import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { listFeed } from '~/features/feed/feed.server'
import { db } from '~/server/db/db.server'
import { createPost, createProfile } from '../../../tests/factories'
import { parseReadableRoute, postPath } from './post-url'
import { findCurrentAuthorSlug, findPostIdByRoute } from './post-url.server'
import { getPostOrThrow } from './posts.server'

async function slug(value: string): Promise<string> {
  const result = await db.execute<{ slug: string }>(sql`select tremplin_slug(${value}) as slug`)
  return result.rows[0]!.slug
}

/** Resolves a path of the form /post/{author}/{title}[/…] as the route module does. */
async function resolve(path: string): Promise<string | undefined> {
  const [author, title, date, time, number] = path.split('/').slice(2)
  const route = parseReadableRoute({ author, title, date, time, number })
  return route ? findPostIdByRoute(route) : undefined
}

async function urlOf(postId: string): Promise<string> {
  return (await getPostOrThrow({ postId, viewerId: null })).url
}

describe('tremplin_slug', () => {
  it.each([
    ['Élodie Lefèvre', 'elodie-lefevre'],
    ['Œuvre, cœur & Ærø', 'oeuvre-coeur-aero'],
    ['Ça marche ?! 🚀 Lève 1,5 M€', 'ca-marche-leve-1-5-m'],
    ['  --Déjà__vu--  ', 'deja-vu'],
    ["L'été à Noël — ß", 'l-ete-a-noel-ss'],
    ['🚀🔥', ''],
    ['漢字のタイトル', ''],
    ['x'.repeat(120), 'x'.repeat(80)],
    [`${'a'.repeat(79)} b`, 'a'.repeat(79)],
  ])('%j → %j', async (value, expected) => {
    const result = await slug(value)
    expect(result).toBe(expected)
    expect(result).toMatch(/^(?:[a-z0-9]+(?:-[a-z0-9]+)*)?$/)
  })
})

describe('readable post routes', () => {
  it('gives a lone post the short form and resolves it back', async () => {
    const author = await createProfile(db, { firstName: 'Élodie', lastName: 'Lefèvre' })
    const post = await createPost(db, { authorId: author.id, title: 'Lever 500 k€ : mon retour !' })
    const url = await urlOf(post.id)
    expect(url).toBe('/post/elodie-lefevre/lever-500-k-mon-retour')
    expect(await resolve(url)).toBe(post.id)
  })

  it('falls back to /post/{id} when the title or the name has no letter or digit', async () => {
    const named = await createProfile(db, { firstName: 'Paul', lastName: 'Martin' })
    const nameless = await createProfile(db, { firstName: '', lastName: '' })
    const emoji = await createPost(db, { authorId: named.id, title: '🚀🚀🚀' })
    const anonymous = await createPost(db, { authorId: nameless.id, title: 'Bonjour' })
    expect(await urlOf(emoji.id)).toBe(`/post/${emoji.id}`)
    expect(await urlOf(anonymous.id)).toBe(`/post/${anonymous.id}`)
  })

  it('adds the date, the time, then the position for identical posts, each resolving back', async () => {
    const author = await createProfile(db, { firstName: 'Jean', lastName: 'Dupont' })
    const title = 'Besoin d’avis ?'
    const at = (iso: string) => ({ authorId: author.id, title, createdAt: new Date(iso) })
    // 2026-06-01 in Paris is UTC+2: 09:15Z is 11h15.
    const first = await createPost(db, at('2026-05-30T08:00:00Z'))
    const sameDay = await createPost(db, at('2026-06-01T09:15:00Z'))
    const laterThatDay = await createPost(db, at('2026-06-01T16:40:00Z'))
    const sameMinute = await createPost(db, at('2026-06-01T16:40:20Z'))
    const sameMinuteAgain = await createPost(db, at('2026-06-01T16:40:45Z'))

    const base = '/post/jean-dupont/besoin-d-avis'
    const expected = new Map([
      [first.id, base],
      [sameDay.id, `${base}/2026-06-01`],
      [laterThatDay.id, `${base}/2026-06-01/18h40`],
      [sameMinute.id, `${base}/2026-06-01/18h40/2`],
      [sameMinuteAgain.id, `${base}/2026-06-01/18h40/3`],
    ])
    for (const [id, url] of expected) {
      expect(await urlOf(id)).toBe(url)
      expect(await resolve(url)).toBe(id)
    }
    // The feed builds the same links in its one query.
    const feed = await listFeed()
    expect(new Map(feed.posts.map((post) => [post.id, post.url]))).toEqual(expected)

    // Every longer form of a route still names the same post.
    expect(await resolve(`${base}/2026-05-30`)).toBe(first.id)
    expect(await resolve(`${base}/2026-05-30/10h00`)).toBe(first.id)
    expect(await resolve(`${base}/2026-05-30/10h00/1`)).toBe(first.id)
    expect(await resolve(`${base}/2026-06-01/11h15`)).toBe(sameDay.id)
    expect(await resolve(`${base}/2026-06-01/11h15/1`)).toBe(sameDay.id)
    expect(await resolve(`${base}/2026-06-01/18h40/1`)).toBe(laterThatDay.id)
    // Routes naming nothing.
    expect(await resolve(`${base}/2026-06-02`)).toBeUndefined()
    expect(await resolve(`${base}/2026-06-01/18h40/4`)).toBeUndefined()
    expect(await resolve('/post/jean-dupont/autre-titre')).toBeUndefined()
  })

  it('keeps every other link when a namesake is deleted: the deleted one’s names nothing', async () => {
    const author = await createProfile(db, { firstName: 'Jean', lastName: 'Dupont' })
    const at = (iso: string) => ({ authorId: author.id, title: 'Bilan', createdAt: new Date(iso) })
    const first = await createPost(db, at('2026-06-01T12:30:05Z'))
    const second = await createPost(db, at('2026-06-01T12:30:20Z'))
    const third = await createPost(db, at('2026-06-01T12:30:40Z'))
    const base = '/post/jean-dupont/bilan'
    expect(await urlOf(second.id)).toBe(`${base}/2026-06-01/14h30/2`)
    expect(await urlOf(third.id)).toBe(`${base}/2026-06-01/14h30/3`)

    await db.execute(sql`delete from posts where id = ${first.id}`)
    expect(await urlOf(second.id)).toBe(`${base}/2026-06-01/14h30/2`)
    expect(await urlOf(third.id)).toBe(`${base}/2026-06-01/14h30/3`)
    expect(await resolve(`${base}/2026-06-01/14h30/2`)).toBe(second.id)
    expect(await resolve(`${base}/2026-06-01/14h30/3`)).toBe(third.id)
    for (const gone of [base, `${base}/2026-06-01`, `${base}/2026-06-01/14h30`]) {
      expect(await resolve(gone)).toBeUndefined()
    }
    const feed = await listFeed()
    expect(feed.posts.map((post) => post.url).toSorted()).toEqual([
      `${base}/2026-06-01/14h30/2`,
      `${base}/2026-06-01/14h30/3`,
    ])
    // A namesake published after the deletion takes the next number, not the freed one.
    const fourth = await createPost(db, at('2026-06-01T12:30:50Z'))
    expect(await urlOf(fourth.id)).toBe(`${base}/2026-06-01/14h30/4`)
    expect(await resolve(base)).toBeUndefined()
  })

  it('numbers the posts of a member without a name, for the day they take one', async () => {
    const nameless = await createProfile(db, { firstName: '', lastName: '' })
    const other = await createProfile(db, { firstName: '', lastName: '' })
    const first = await createPost(db, { authorId: nameless.id, title: 'Bonjour' })
    await createPost(db, { authorId: other.id, title: 'Bonjour' })
    const second = await createPost(db, { authorId: nameless.id, title: 'Bonjour' })
    expect(await urlOf(second.id)).toBe(`/post/${second.id}`)

    await db.execute(sql`update profiles set first_name = 'Nina' where id = ${nameless.id}`)
    expect(await urlOf(first.id)).toBe('/post/nina/bonjour')
    const secondUrl = await urlOf(second.id)
    expect(secondUrl).toMatch(/^\/post\/nina\/bonjour\/\d{4}-\d{2}-\d{2}\/\d{2}h\d{2}(\/2)?$/)
    expect(await resolve('/post/nina/bonjour')).toBe(first.id)
    expect(await resolve(secondUrl)).toBe(second.id)
  })

  it('numbers a post again when its title or author changes, so that no two share a link', async () => {
    const jean = await createProfile(db, { firstName: 'Jean', lastName: 'Dupont' })
    const paul = await createProfile(db, { firstName: 'Paul', lastName: 'Durand' })
    const pauls = await createPost(db, { authorId: paul.id, title: 'Bilan' })
    const renamed = await createPost(db, { authorId: paul.id, title: 'Brouillon' })
    const moved = await createPost(db, { authorId: jean.id, title: 'Bilan' })
    await db.execute(sql`update posts set title = 'Bilan' where id = ${renamed.id}`)
    await db.execute(sql`update posts set author_id = ${paul.id} where id = ${moved.id}`)
    const urls = await Promise.all([pauls, renamed, moved].map((post) => urlOf(post.id)))
    expect(urls[0]).toBe('/post/paul-durand/bilan')
    expect(new Set(urls).size).toBe(3)
    for (const [index, post] of [pauls, renamed, moved].entries()) {
      expect(await resolve(urls[index]!)).toBe(post.id)
    }
  })

  it('numbers existing posts as the routes counted them (the migration’s numbering)', async () => {
    const author = await createProfile(db, { firstName: 'Anne', lastName: 'Roy' })
    const other = await createProfile(db, { firstName: 'Léa', lastName: 'Roy' })
    const at = (authorId: string, title: string, iso: string) =>
      createPost(db, { authorId, title, createdAt: new Date(iso) })
    await at(author.id, 'Point d’étape', '2026-03-01T08:00:00Z')
    await at(author.id, 'Point d’étape', '2026-03-02T08:00:10Z')
    await at(author.id, 'Point d’étape', '2026-03-02T08:00:30Z')
    await at(author.id, 'Point d’étape', '2026-03-02T09:00:00Z')
    await at(other.id, 'Point d’étape', '2026-03-02T08:00:20Z')
    await at(author.id, 'Autre chose', '2026-03-02T08:00:40Z')
    await at(author.id, '🚀', '2026-03-02T08:00:50Z')
    const numbers = async () =>
      (
        await db.execute(sql`
          select id, older_namesakes, older_same_day, older_same_minute from posts order by id`)
      ).rows
    const given = await numbers()
    expect(given.map((row) => Object.values(row).slice(1).join(' ')).toSorted()).toEqual(
      ['0 0 0', '0 0 0', '0 0 0', '0 0 0', '1 0 0', '2 1 1', '3 2 0'].toSorted(),
    )
    // Every post that has a route (not the emoji one) loses its numbers, then gets them back.
    await db.execute(sql`
      update posts set older_namesakes = 9, older_same_day = 9, older_same_minute = 9
      where title_slug <> ''`)
    await db.execute(sql`select number_post_namesakes()`)
    expect(await numbers()).toEqual(given)
  })

  // Two connections at once: on PostgreSQL only (PGlite runs one transaction at a time).
  it.runIf(process.env.TEST_DATABASE_DRIVER === 'postgres')(
    'numbers namesakes published at once one after the other',
    async () => {
      const author = await createProfile(db, { firstName: 'Jean', lastName: 'Dupont' })
      const post = { authorId: author.id, title: 'Double clic' }
      let second: Promise<{ id: string }> | undefined
      const first = await db.transaction(async (tx) => {
        const inserted = await createPost(tx, post)
        second = createPost(db, post)
        await new Promise((done) => setTimeout(done, 300))
        return inserted
      })
      const urls = [await urlOf(first.id), await urlOf((await second!).id)]
      expect(urls[0]).toBe('/post/jean-dupont/double-clic')
      expect(urls[1]).not.toBe(urls[0])
      expect(await resolve(urls[1]!)).toBe((await second!).id)
    },
  )

  /** Two members of the same name, each with a post of the same title, a month apart. */
  async function namesakesPosts(name: { firstName: string; lastName: string }, title: string) {
    const one = await createProfile(db, name)
    const other = await createProfile(db, name)
    const older = await createPost(db, {
      authorId: one.id,
      title,
      createdAt: new Date('2026-01-10T10:00:00Z'),
    })
    const newer = await createPost(db, {
      authorId: other.id,
      title,
      createdAt: new Date('2026-02-10T10:00:00Z'),
    })
    return { one, older, newer }
  }

  it('gives a namesake an author part of their own: the second « -2 », the third « -3 »', async () => {
    const { older, newer } = await namesakesPosts(
      { firstName: 'Marie', lastName: 'Curie' },
      'Radium',
    )
    const third = await createProfile(db, { firstName: 'Marie', lastName: 'CURIE' })
    const thirds = await createPost(db, { authorId: third.id, title: 'Radium' })
    expect(await urlOf(older.id)).toBe('/post/marie-curie/radium')
    expect(await urlOf(newer.id)).toBe('/post/marie-curie-2/radium')
    expect(await urlOf(thirds.id)).toBe('/post/marie-curie-3/radium')
    expect(await resolve('/post/marie-curie/radium')).toBe(older.id)
    expect(await resolve('/post/marie-curie-2/radium')).toBe(newer.id)
    expect(await resolve('/post/marie-curie-3/radium')).toBe(thirds.id)
    // A name that reads like a numbered slug takes the next free one.
    const literal = await createProfile(db, { firstName: 'Marie', lastName: 'Curie 2' })
    const literals = await createPost(db, { authorId: literal.id, title: 'Radium' })
    expect(await urlOf(literals.id)).toBe('/post/marie-curie-2-2/radium')
  })

  it('keeps a member’s links when someone takes their name: the newcomer is numbered', async () => {
    const alice = await createProfile(db, { firstName: 'Alice', lastName: 'Martin' })
    const bob = await createProfile(db, { firstName: 'Bob', lastName: 'Durand' })
    const bobs = await createPost(db, {
      authorId: bob.id,
      title: 'Levée de fonds',
      createdAt: new Date('2026-01-10T10:00:00Z'),
    })
    const alices = await createPost(db, {
      authorId: alice.id,
      title: 'Levée de fonds',
      createdAt: new Date('2026-02-10T10:00:00Z'),
    })
    expect(await urlOf(alices.id)).toBe('/post/alice-martin/levee-de-fonds')

    await db.execute(
      sql`update profiles set first_name = 'Alice', last_name = 'Martin' where id = ${bob.id}`,
    )
    expect(await urlOf(alices.id)).toBe('/post/alice-martin/levee-de-fonds')
    expect(await resolve('/post/alice-martin/levee-de-fonds')).toBe(alices.id)
    expect(await urlOf(bobs.id)).toBe('/post/alice-martin-2/levee-de-fonds')
    // Bob's former links lead on to his posts, never to Alice's.
    expect(await findCurrentAuthorSlug('bob-durand')).toBe('alice-martin-2')
    expect(await findCurrentAuthorSlug('alice-martin')).toBeUndefined()
    expect(await findCurrentAuthorSlug('personne')).toBeUndefined()
  })

  it('gives an account never confirmed no slug: the namesake who confirms keeps the name’s', async () => {
    // Anyone can sign up with any name; until the address is confirmed it holds no slug.
    await db.execute(sql`
      insert into users (id, name, email, email_verified, first_name, last_name)
      values ('jamais-confirme', 'Camille Martin', 'usurpe@example.fr', false, 'Camille', 'Martin')`)
    const real = await createProfile(db, { firstName: 'Camille', lastName: 'Martin' })
    const slugOf = async (userId: string) =>
      (await db.execute<{ slug: string }>(sql`select slug from profiles where user_id = ${userId}`))
        .rows[0]!.slug
    expect(await slugOf(real.userId)).toBe('camille-martin')
    expect(await slugOf('jamais-confirme')).toBe('')
    // Confirmed at last: a slug of its own, after the namesakes before it.
    await db.execute(sql`update users set email_verified = true where id = 'jamais-confirme'`)
    expect(await slugOf('jamais-confirme')).toBe('camille-martin-2')
  })

  it('follows a renamed author, who gets their former slug back with their former name', async () => {
    const { one, older, newer } = await namesakesPosts(
      { firstName: 'Irène', lastName: 'Joliot' },
      'Polonium',
    )
    expect(await urlOf(newer.id)).toBe('/post/irene-joliot-2/polonium')

    await db.execute(sql`update profiles set last_name = 'Joliot-Curie' where id = ${one.id}`)
    expect(await urlOf(older.id)).toBe('/post/irene-joliot-curie/polonium')
    expect(await urlOf(newer.id)).toBe('/post/irene-joliot-2/polonium')
    expect(await resolve('/post/irene-joliot-curie/polonium')).toBe(older.id)
    expect(await resolve('/post/irene-joliot/polonium')).toBeUndefined()
    expect(await findCurrentAuthorSlug('irene-joliot')).toBe('irene-joliot-curie')

    // An edit that keeps the name's slug keeps the member's (accents and case aside).
    await db.execute(
      sql`update profiles set last_name = 'JOLIOT-CURIE', bio = 'Chimiste' where id = ${one.id}`,
    )
    expect(await urlOf(older.id)).toBe('/post/irene-joliot-curie/polonium')

    await db.execute(sql`update profiles set last_name = 'Joliot' where id = ${one.id}`)
    expect(await urlOf(older.id)).toBe('/post/irene-joliot/polonium')
    expect(await findCurrentAuthorSlug('irene-joliot-curie')).toBe('irene-joliot')

    // The copy is the database's: a writer cannot set another slug on a post or a profile.
    await db.execute(sql`update posts set author_slug = 'quelqu-un' where id = ${newer.id}`)
    await db.execute(sql`update profiles set slug = 'irene-joliot-2' where id = ${one.id}`)
    expect(await urlOf(newer.id)).toBe('/post/irene-joliot-2/polonium')
    expect(await urlOf(older.id)).toBe('/post/irene-joliot/polonium')
  })

  it('frees no slug while its member exists, and erases them with the account', async () => {
    const member = await createProfile(db, { firstName: 'Jeanne', lastName: 'Barret' })
    await db.execute(sql`update profiles set first_name = 'Jean' where id = ${member.id}`)
    const slugs = async () =>
      (
        await db.execute<{ slug: string }>(
          sql`select slug from member_slugs where user_id = ${member.userId} order by slug`,
        )
      ).rows.map((row) => row.slug)
    expect(await slugs()).toEqual(['jean-barret', 'jeanne-barret'])
    await db.execute(sql`delete from users where id = ${member.userId}`)
    expect(await slugs()).toEqual([])
  })

  it('uses Paris time across daylight saving changes', async () => {
    const author = await createProfile(db, { firstName: 'Luc', lastName: 'Bernard' })
    const title = 'Heure d’hiver'
    // 2026-10-25: 00:30Z is 02h30 summer time and 01:30Z is 02h30 winter time.
    const summer = await createPost(db, {
      authorId: author.id,
      title,
      createdAt: new Date('2026-10-25T00:30:00Z'),
    })
    const winter = await createPost(db, {
      authorId: author.id,
      title,
      createdAt: new Date('2026-10-25T01:30:00Z'),
    })
    expect(await urlOf(winter.id)).toBe('/post/luc-bernard/heure-d-hiver/2026-10-25/02h30/2')
    expect(await resolve(await urlOf(winter.id))).toBe(winter.id)
    expect(await resolve(await urlOf(summer.id))).toBe(summer.id)
  })
})

describe('parseReadableRoute', () => {
  it.each([
    [{ author: 'Jean', title: 'x' }],
    [{ author: 'jean', title: 'x--y' }],
    [{ author: 'jean', title: '-x' }],
    [{ author: 'jean', title: 'é' }],
    [{ author: 'jean', title: 'x', date: '2026-6-1' }],
    [{ author: 'jean', title: 'x', date: '2026-06-01', time: '18:40' }],
    [{ author: 'jean', title: 'x', date: '2026-06-01', time: '24h00' }],
    [{ author: 'jean', title: 'x', date: '2026-06-01', time: '18h40', number: '0' }],
    [{ author: 'jean', title: 'x', date: '2026-06-01', time: '18h40', number: '01' }],
    [{ author: 'jean', title: 'x', time: '18h40' }],
  ])('refuses %j', (params) => {
    expect(parseReadableRoute(params)).toBeUndefined()
  })

  it('reads every form', () => {
    expect(parseReadableRoute({ author: 'a', title: 'b' })).toEqual({
      authorSlug: 'a',
      titleSlug: 'b',
      position: 1,
    })
    expect(
      parseReadableRoute({
        author: 'a',
        title: 'b',
        date: '2026-06-01',
        time: '08h05',
        number: '2',
      }),
    ).toEqual({ authorSlug: 'a', titleSlug: 'b', date: '2026-06-01', time: '08h05', position: 2 })
  })
})

describe('postPath', () => {
  it('never builds a route with an empty part', () => {
    const parts = {
      id: 'abc',
      older: {
        date: '2026-06-01',
        time: '08h05',
        olderSameDay: 0,
        olderSameMinute: 0,
      },
    }
    expect(postPath({ ...parts, authorSlug: '', titleSlug: 'x' })).toBe('/post/abc')
    expect(postPath({ ...parts, authorSlug: 'x', titleSlug: '' })).toBe('/post/abc')
  })
})
