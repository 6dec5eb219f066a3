// Bad input, generated: every action and JSON route answers whatever it is sent with a 4xx and
// a French message, or with a success that writes only what the member may write; never a 5xx,
// never a stack trace, a raw error or a file path. Overlong strings, NUL and other control
// characters, bidirectional overrides, lone surrogates, markup and `javascript:` links, files
// where text is expected, repeated fields, extra fields (authorId, upvotes, userId, __proto__,
// constructor…), unknown intents and ids of every shape. Each property runs RUNS times.
//
// The per-member write limits (one post per 10 s, one comment per 5 s…) would answer 429 to
// nearly every run after the first and hide what lies behind them, so the limiter's table is
// emptied before each run of a write: every input goes as far as it can. (The settings actions
// keep their limit: past it, their password check costs a hash per run for nothing.)
import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import sharp from 'sharp'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { useLinkPreviewFetcher } from '../../app/features/link-preview/link-preview.server'
import { getAuth } from '../../app/server/auth/auth.server'
import { db } from '../../app/server/db/db.server'
import { getStorage } from '../../app/server/storage.server'
import { createComment, createPost, createProfile } from '../factories'
import {
  callRoute,
  databaseState,
  flashedToast,
  removeStoredImages,
  type Answer,
  type Call,
} from '../setup/route-harness'
import { sessionCookie } from '../setup/session-cookie'

const RUNS = 200

// ---------------------------------------------------------------------------------------------
// What an answer may look like

/** Lines and prefixes that betray a stack trace, a raw error or where the code lives. */
const LEAKS = [
  /^\s*at .+[:(]\d+/m,
  /\b[A-Z][A-Za-z]*Error: /,
  /\/work\/|\/home\/|\/app\/(routes|features|server)\/|node_modules/,
  /\.(?:server\.)?tsx?:\d+/,
]

/** A few words every French sentence of the app contains one of; English ones have none. */
const FRENCH =
  /[àâçéèêëîïôûùœ’«]|\b(le|la|les|l|d|de|des|du|un|une|est|sont|au|aux|en|ou|plus|pas|ne|non|vous|votre|veuillez|invalide|inconnue?|introuvable|trop|lien|titre|nom|fichier|image|adresse)\b/i

function messagesIn(value: unknown, key = ''): string[] {
  if (typeof value === 'string') {
    return ['error', 'message', 'formError', ''].includes(key) ? [value] : []
  }
  if (Array.isArray(value)) return value.flatMap((item) => messagesIn(item, key))
  if (value && typeof value === 'object') {
    return (
      Object.entries(value)
        // What the member typed comes back in a Conform reply: not a message of ours.
        .filter(([name]) => name !== 'initialValue')
        // Conform's reply keeps its messages under `error`, keyed by field.
        .flatMap(([name, item]) => messagesIn(item, key === 'error' ? 'error' : name))
    )
  }
  return []
}

/** The messages of a body: its JSON fields, or its text. */
function bodyMessages(answer: Answer): string[] {
  try {
    return messagesIn(JSON.parse(answer.text))
  } catch {
    return answer.text.trim() ? [answer.text.trim()] : []
  }
}

/** The messages of the flash toast an answer sets, if any. */
function toastMessages(answer: Answer): string[] {
  const toast = flashedToast(answer)
  return toast ? [toast.message, ...(toast.description ? [toast.description] : [])] : []
}

/**
 * What every answer must be: no 5xx; no leak in the body or headers; a refusal (4xx) says why
 * in French, and so does any toast (a plain form's refusal is a redirect with one).
 */
function expectSafe(answer: Answer) {
  // What the member typed comes back in a form's reply; only the rest could leak.
  const text = answer.text.replaceAll(/"initialValue":\{.*?\},"(error|fields)"/gs, '"$1"')
  const leaked = LEAKS.find((pattern) => pattern.test(text) || pattern.test(answer.location ?? ''))
  const refused = answer.status >= 400
  const messages = [...(refused ? bodyMessages(answer) : []), ...toastMessages(answer)]
  const mustSay = refused || messages.length > 0
  expect({
    status: answer.status < 500 ? 'not 5xx' : answer.status,
    leak: leaked ? answer.text.slice(0, 500) : null,
    message: mustSay
      ? messages.length > 0 && messages.every((message) => FRENCH.test(message))
        ? 'French'
        : { messages, body: answer.text.slice(0, 300) }
      : 'n/a',
  }).toEqual({
    status: 'not 5xx',
    leak: null,
    message: mustSay ? 'French' : 'n/a',
  })
}

// ---------------------------------------------------------------------------------------------
// Generators

const NASTY = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  'x'.repeat(10) + '\u0000',
  '\u202Egpj.exe',
  '\u200F\u200E',
  '\u200B\uFEFF',
  '\u2066isolé\u2069',
  '\uD800',
  'a\uDFFFb',
  '\r\n\r\n',
  '\t\v\f',
  '\u0085\u2028\u2029',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '<svg/onload=alert(1)>',
  'javascript:alert(1)',
  ' JaVaScRiPt:alert(document.cookie)',
  'jav&#x09;ascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  "{{constructor.constructor('alert(1)')()}}",
  '__proto__',
  'constructor',
  'prototype',
  '[object Object]',
  "'; drop table posts; --",
  '%00',
  '%',
  '../../../../etc/passwd',
  'file:///etc/passwd',
  'http://127.0.0.1:5432/',
  'https://exemple.fr',
  'exemple.fr',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '1e308',
  '0x7fffffff',
  'true',
  '[]',
  '{}',
  '𝕏🚀👩‍👩‍👧',
  'ﷺ',
  'Ａ',
]

/** Text as an attacker or a broken client sends it. */
const nastyText = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  {
    weight: 2,
    arbitrary: fc.array(fc.constantFrom(...NASTY), { maxLength: 6 }).map((parts) => parts.join('')),
  },
  // Overlong: past every limit of the forms (2 000 for a comment, 5 000 for an article).
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 200, max: 12_000 })
      .map((length) => 'é\u0000x'.repeat(length).slice(0, length)),
  },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.boolean()).map(String) },
)

/**
 * A text's length as the forms' limits count it: zod measures strings in code points, as
 * PostgreSQL's char_length does, so that « 𝕏 » is one character of a name, not two UTF-16 units.
 */
const characters = (text: string) => [...text].length

/** A URL component; a lone surrogate is sent as U+FFFD, as a browser would. */
const enc = (value: string) => encodeURIComponent(value.toWellFormed())

/** Percent sequences that decode to nothing valid (overlong, surrogate, truncated). */
const RAW_PERCENT = ['%', '%%41', '%FF', '%C0%AF', '%ED%A0%80', '%E0%A4%A', '%2e%2e%2f', '%00']

/** Ids: real ones of other people, UUIDs, UUID-ish and anything else. */
const idLike = (real: readonly string[]) =>
  fc.oneof(
    fc.constantFrom(...real),
    fc.uuid(),
    fc.uuid().map((id) => id.toUpperCase()),
    fc.uuid().map((id) => `{${id}}`),
    fc.uuid().map((id) => id.replaceAll('-', '')),
    fc.uuid().map((id) => `${id}0`),
    fc.constantFrom('00000000-0000-0000-0000-000000000000', 'ffffffff-ffff-ffff-ffff-ffffffffffff'),
    nastyText,
  )

/** A form value: text, or a file where text is expected. */
const fieldValue: fc.Arbitrary<string | File> = fc.oneof(
  { weight: 6, arbitrary: nastyText },
  {
    weight: 1,
    arbitrary: fc.uint8Array({ maxLength: 64 }).map((bytes) => new File([bytes], 'x.bin')),
  },
)

/** A file sent as an image: a real PNG, random bytes, SVG with a script, or an empty file. */
const imageLike = fc.oneof(
  fc.constant(null).map(() => new File([png], 'ok.png', { type: 'image/png' })),
  fc
    .uint8Array({ maxLength: 256 })
    .map((bytes) => new File([bytes], 'x.png', { type: 'image/png' })),
  fc.constant(null).map(
    () =>
      new File(['<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'], 'x.svg', {
        type: 'image/svg+xml',
      }),
  ),
  fc.constant(null).map(() => new File([], 'vide.jpg', { type: 'image/jpeg' })),
)

/** Fields nobody may set through a form, and names that break naive object code. */
const EXTRA_FIELDS = [
  'authorId',
  'author_id',
  'userId',
  'user_id',
  'profileId',
  'upvotes',
  'downvotes',
  'commentsCount',
  'viewsCount',
  'id',
  'postId',
  'createdAt',
  'emailVerified',
  'isOwner',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'redirectTo',
]

/** Form fields: the real names, extra ones and random ones, each maybe repeated. */
function fields(names: readonly string[]) {
  return fc.array(
    fc.tuple(
      fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...names) },
        { weight: 2, arbitrary: fc.constantFrom(...EXTRA_FIELDS) },
        { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
      ),
      fieldValue,
    ),
    { maxLength: 10 },
  )
}

/** An intent: a real one most of the time, else anything. */
const intentOf = (intents: readonly string[]) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...intents) },
    { weight: 1, arbitrary: nastyText },
  )

type Entries = [string, string | File][]

/** A multipart body: maybe a valid form first (so some runs succeed), then the generated fields. */
function formOf(entries: Entries, valid?: Record<string, string | string[]>): FormData {
  const body = new FormData()
  for (const [name, value] of Object.entries(valid ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) body.append(name, item)
  }
  for (const [name, value] of entries) body.append(name, value)
  return body
}

const withValid = <T>(valid: fc.Arbitrary<T>) => fc.option(valid, { freq: 2, nil: undefined })

/** A valid value (or an empty one, or one with a NUL) most of the time, else a nasty one. */
const orValid = (value: string) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(value, '', `${value}\u0000`) },
    { weight: 1, arbitrary: nastyText },
  )

// ---------------------------------------------------------------------------------------------
// Fixtures: an owner whose things the members must not touch, and two members who try.

interface Member {
  userId: string
  profileId: string
  cookie: string
}

let owner: Member
let members: Member[]
let ownerPost: string
let memberPost: string
let ownerComment: string
let memberComment: string
let png: Uint8Array<ArrayBuffer>
const uploaded: string[] = []

async function member(firstName: string): Promise<Member> {
  const profile = await createProfile(db, { firstName, lastName: 'Test' })
  return {
    userId: profile.userId,
    profileId: profile.id,
    cookie: await sessionCookie(profile.userId),
  }
}

const anyMember = () => fc.constantFrom(...members)
const resetLimits = () => db.execute(sql`delete from rate_limits`)
const rows = <T>(query: ReturnType<typeof sql>) =>
  db.execute<T & Record<string, unknown>>(query).then((result) => result.rows)

/** The owner's rows, which no member's request may change. */
async function ownersRows() {
  return {
    profile: await rows(sql`select * from profiles where user_id = ${owner.userId}`),
    links: await rows(
      sql`select title, url from profile_links l join profiles p on p.id = l.profile_id where p.user_id = ${owner.userId}`,
    ),
    post: await rows(
      sql`select id, title, content, author_id, tags, image_url, external_url from posts where id = ${ownerPost}`,
    ),
    comment: await rows(
      sql`select id, content, author_id from comments where id = ${ownerComment}`,
    ),
    account: await rows(
      sql`select name, first_name, last_name from users where id = ${owner.userId}`,
    ),
    sessions: await rows(sql`select id from sessions where user_id = ${owner.userId} order by id`),
    votes: await rows(
      sql`select post_id, vote_type from post_votes where user_id = ${owner.userId}`,
    ),
    saves: await rows(sql`select post_id from saved_posts where user_id = ${owner.userId}`),
    slugs: await rows(
      sql`select slug from member_slugs where user_id = ${owner.userId} order by slug`,
    ),
  }
}

/**
 * Runs a property; afterwards the owner's rows and every table outside `mayWrite` are as
 * before. Returns the statuses answered, in order.
 */
async function check<T>(
  arbitrary: fc.Arbitrary<T>,
  request: (input: T) => Call,
  options: {
    mayWrite: readonly string[]
    resetLimits?: boolean
    /** Inputs tried first, besides the RUNS generated ones: a success the route must allow. */
    examples?: T[]
    /** Sees every answer, for checks of a route's own. */
    onAnswer?: (input: T, answer: Answer) => void
  },
) {
  const examples = (options.examples ?? []).map((example): [T] => [example])
  const before = { tables: await databaseState(options.mayWrite), owner: await ownersRows() }
  const statuses = new Set<number>()
  await fc.assert(
    fc.asyncProperty(arbitrary, async (input) => {
      if (options.resetLimits !== false) await resetLimits()
      const answer = await callRoute(request(input))
      statuses.add(answer.status)
      expectSafe(answer)
      options.onAnswer?.(input, answer)
      const url = /"url":"([^"]+)"/.exec(answer.text)?.[1]
      if (answer.status === 201 && url) uploaded.push(url)
    }),
    { numRuns: RUNS + examples.length, examples },
  )
  expect({ tables: await databaseState(options.mayWrite), owner: await ownersRows() }).toEqual(
    before,
  )
  return [...statuses].toSorted((left, right) => left - right)
}

beforeAll(async () => {
  png = new Uint8Array(
    await sharp({ create: { width: 8, height: 8, channels: 3, background: '#e4572e' } })
      .png()
      .toBuffer(),
  )
  useLinkPreviewFetcher(async (url) => {
    if (url.includes('panne')) throw new Error('connect ECONNREFUSED 10.0.0.1:80')
    return {
      finalUrl: url,
      status: 200,
      contentType: 'text/html',
      body: `<title>${url}</title><meta property="og:image" content="javascript:alert(1)">`,
    }
  })
})

afterAll(() => useLinkPreviewFetcher(null))

beforeEach(async () => {
  owner = await member('Awa')
  members = [await member('Paul'), await member('Inès')]
  ownerPost = (await createPost(db, { authorId: owner.profileId, title: 'Le post d’Awa' })).id
  memberPost = (await createPost(db, { authorId: members[0]!.profileId, title: 'Le post de Paul' }))
    .id
  ownerComment = (await createComment(db, { postId: ownerPost, authorId: owner.profileId })).id
  memberComment = (await createComment(db, { postId: ownerPost, authorId: members[0]!.profileId }))
    .id
})

afterEach(() => removeStoredImages(uploaded.splice(0)))

// ---------------------------------------------------------------------------------------------

describe('comments: POST /api/posts/:postId/comments', () => {
  it('adds only the member’s own, valid comments, whatever the form holds', async () => {
    const input = fc.record({
      who: anyMember(),
      postId: fc.oneof(fc.constant('owner'), idLike([ownerPost, memberPost])),
      intent: intentOf(['comment']),
      content: orValid('Bravo pour ce retour d’expérience !'),
      extra: fields(['content', 'intent', 'redirectTo']),
      plainForm: fc.boolean(),
    })
    await check(
      input,
      ({ who, postId, intent, content, extra, plainForm }) => ({
        url: `/api/posts/${enc(postId === 'owner' ? ownerPost : postId)}/comments`,
        cookie: who.cookie,
        body: formOf(extra, {
          intent,
          content,
          ...(plainForm ? { redirectTo: '/feed' } : {}),
        }),
      }),
      {
        mayWrite: ['comments', 'posts', 'rate_limits'],
        examples: [
          {
            who: members[0]!,
            postId: 'owner',
            intent: 'comment',
            content: ' Merci\u0000 ! ',
            extra: [['authorId', owner.profileId]],
            plainForm: false,
          },
        ],
      },
    )
    // Whatever was added is the members' own, trimmed, within the limits; counters are exact.
    const added = await rows<{ author_id: string; content: string }>(
      sql`select author_id, content from comments where id not in (${ownerComment}, ${memberComment})`,
    )
    expect(added.length).toBeGreaterThan(0)
    for (const comment of added) {
      expect(members.map((who) => who.profileId)).toContain(comment.author_id)
      expect(comment.content.length).toBeGreaterThan(0)
      expect(characters(comment.content)).toBeLessThanOrEqual(2000)
      expect(comment.content).toBe(comment.content.trim())
    }
    expect(await countersMismatch()).toEqual([])
  })

  it('deletes only the member’s own comments', async () => {
    const input = fc.record({
      who: anyMember(),
      postId: fc.oneof(fc.constant(ownerPost), idLike([ownerPost, memberPost])),
      intent: intentOf(['delete-comment']),
      commentId: idLike([ownerComment, memberComment]),
      extra: fields(['commentId', 'intent', 'redirectTo']),
    })
    await check(
      input,
      ({ who, postId, intent, commentId, extra }) => ({
        url: `/api/posts/${enc(postId)}/comments`,
        cookie: who.cookie,
        body: formOf(extra, { intent, commentId }),
      }),
      { mayWrite: ['comments', 'posts', 'rate_limits'] },
    )
    expect(await countersMismatch()).toEqual([])
  })
})

describe('votes, saves and deletion: POST /api/posts/:postId', () => {
  it('changes only the member’s own votes, saves and posts', async () => {
    const input = fc.record({
      who: anyMember(),
      postId: idLike([ownerPost, memberPost]),
      intent: intentOf(['vote', 'save', 'delete']),
      type: fc.oneof(fc.constantFrom('up', 'down'), nastyText),
      saved: fc.oneof(fc.constantFrom('true', 'false'), nastyText),
      extra: fields(['intent', 'type', 'saved', 'redirectTo']),
    })
    await check(
      input,
      ({ who, postId, intent, type, saved, extra }) => ({
        url: `/api/posts/${enc(postId)}`,
        cookie: who.cookie,
        body: formOf(extra, { intent, type, saved }),
      }),
      {
        mayWrite: [
          'post_votes',
          'saved_posts',
          'posts',
          'comments',
          'post_categories',
          'post_sectors',
          'rate_limits',
        ],
      },
    )
    expect(await countersMismatch()).toEqual([])
  })
})

describe('publishing: POST /post/create (multipart)', () => {
  it('publishes only valid posts, as the member, with fresh counters', async () => {
    const input = fc.record({
      who: anyMember(),
      extra: fields([
        'title',
        'content',
        'type',
        'categories',
        'sectors',
        'tags',
        'externalUrl',
        'eventDate',
        'eventLocation',
        'price',
        'imageUrl',
        'image',
      ]),
      valid: withValid(
        fc.record({
          title: orValid('Quel statut pour démarrer en freelance ?'),
          content: orValid(''),
          type: fc.constantFrom('post', 'discussion', 'evenement', 'article', 'ressource'),
          categories: fc.constantFrom('feedback', 'financement'),
          tags: orValid('statut, micro-entreprise'),
          externalUrl: orValid('exemple.fr/guide'),
          eventLocation: orValid('Lyon'),
          eventDate: orValid('2027-03-14T18:30'),
          price: orValid('25'),
        }),
      ),
      image: fc.option(
        fc.oneof(
          fc.constant('png').map(() => new File([png], 'image.png', { type: 'image/png' })),
          fc
            .uint8Array({ maxLength: 256 })
            .map((bytes) => new File([bytes], 'faux.png', { type: 'image/png' })),
        ),
        { nil: undefined },
      ),
    })
    await check(
      input,
      ({ who, extra, valid, image }) => {
        const body = formOf(extra, valid)
        if (image) body.append('image', image)
        return { url: '/post/create', cookie: who.cookie, body }
      },
      {
        mayWrite: ['posts', 'post_categories', 'post_sectors', 'rate_limits'],
        examples: [
          {
            who: members[1]!,
            extra: [
              ['upvotes', '9999'],
              ['authorId', owner.profileId],
            ],
            valid: {
              title: 'Quel statut\u0000 pour démarrer ?',
              content: 'Micro-entreprise ou SASU ?',
              type: 'discussion',
              categories: 'feedback',
              tags: 'statut',
              externalUrl: '',
              eventLocation: '',
              eventDate: '',
              price: '',
            },
            image: undefined,
          },
        ],
      },
    )
    const created = await rows<{
      author_id: string
      upvotes: number
      downvotes: number
      comments_count: number
      views_count: number
      external_url: string | null
      image_url: string | null
    }>(
      sql`select author_id, upvotes, downvotes, comments_count, views_count, external_url, image_url from posts where id not in (${ownerPost}, ${memberPost})`,
    )
    expect(created.length).toBeGreaterThan(0)
    for (const post of created) {
      expect(members.map((who) => who.profileId)).toContain(post.author_id)
      expect([post.upvotes, post.downvotes, post.comments_count, post.views_count]).toEqual([
        0, 0, 0, 0,
      ])
      expect(post.external_url ?? 'https://').toMatch(/^https?:\/\//)
      expect(
        post.image_url === null || getStorage().keyFromUrl(post.image_url)?.startsWith('posts/'),
      ).toBe(true)
    }
  })
})

describe('profile edit: POST /profile/edit[/:userId]', () => {
  it('changes only the member’s own profile and links, sanitised', async () => {
    const input = fc.record({
      who: anyMember(),
      target: fc.oneof(
        { weight: 4, arbitrary: fc.constant('') },
        { weight: 1, arbitrary: fc.constant('owner') },
        // Not '.' or '..': the URL would then name another route.
        {
          weight: 1,
          arbitrary: nastyText.filter((value) => !['', '.', '..'].includes(value.trim())),
        },
      ),
      intent: intentOf(['profile', 'links', 'avatar', 'banner']),
      file: fc.option(imageLike, { nil: undefined }),
      extra: fields([
        'firstName',
        'lastName',
        'job',
        'company',
        'city',
        'country',
        'description',
        'bio',
        'linkedin',
        'website',
        'links[0].title',
        'links[0].url',
        'links[1].url',
        'links[10].url',
        'links',
        'links[-1].url',
        'links[__proto__].url',
        'links[0][__proto__]',
      ]),
      valid: withValid(
        fc.record({
          firstName: fc.oneof(nastyText, fc.constant('Camille')),
          lastName: fc.oneof(nastyText, fc.constant('Dupont')),
          job: nastyText,
          bio: nastyText,
          website: nastyText,
          'links[0].title': nastyText,
          'links[0].url': fc.oneof(nastyText, fc.constant('https://exemple.fr/portfolio')),
        }),
      ),
    })
    const example = {
      who: members[0]!,
      target: '',
      intent: 'profile',
      file: undefined,
      extra: [['userId', owner.userId]] as Entries,
      valid: {
        firstName: '\u202ECamille\u0000',
        lastName: 'Dupont',
        job: 'Fondatrice',
        bio: '',
        website: 'exemple.fr',
        'links[0].title': '',
        'links[0].url': '',
      },
    }
    await check(
      input,
      ({ who, target, intent, file, extra, valid }) => ({
        url: `/profile/edit${target === 'owner' ? `/${owner.userId}` : target ? `/${enc(target)}` : ''}`,
        cookie: who.cookie,
        body: formOf([...extra, ...(file ? ([['file', file]] as Entries) : [])], {
          intent,
          ...valid,
        }),
      }),
      {
        // A renamed member's posts take their new slug (ADR 038's trigger), kept as theirs
        // (ADR 053), their account the new name (ADR 012).
        mayWrite: ['profiles', 'member_slugs', 'profile_links', 'posts', 'rate_limits', 'users'],
        // A profile saved with its name cleaned, and the same with a javascript: link refused.
        examples: [
          example,
          { ...example, valid: { ...example.valid, website: 'javascript:alert(1)' } },
          // 60 UTF-16 units, 30 characters: a name within the limit (zod counts code points).
          { ...example, valid: { ...example.valid, firstName: '𝕏'.repeat(30) } },
        ],
      },
    )
    // What the members' profiles and accounts now hold is clean: names present and short, links
    // http(s).
    const profiles = await rows<{
      first_name: string
      last_name: string
      website: string | null
      linkedin: string | null
    }>(
      sql`select first_name, last_name, website, linkedin from profiles where user_id in (${members[0]!.userId}, ${members[1]!.userId})
          union all
          select first_name, last_name, null, null from users where id in (${members[0]!.userId}, ${members[1]!.userId})`,
    )
    const links = await rows<{ url: string }>(sql`select url from profile_links`)
    for (const profile of profiles) {
      for (const name of [profile.first_name, profile.last_name]) {
        expect(name.length).toBeGreaterThan(0)
        expect(characters(name)).toBeLessThanOrEqual(50)
        // oxlint-disable-next-line no-control-regex -- control characters are what is looked for
        expect(name).not.toMatch(/[\u0000-\u001F\u202A-\u202E]/)
      }
    }
    for (const url of [
      ...profiles.flatMap((profile) => [profile.website, profile.linkedin]),
      ...links.map((link) => link.url),
    ]) {
      expect(url ?? 'https://').toMatch(/^https?:\/\//)
    }
  })
})

describe('communities: POST /feed (favourite)', () => {
  it('stars only real communities, for the member', async () => {
    // Each valid request stars or unstars as asked: what shows the property ran real writes is
    // the answers, not the rows left.
    let toggles = 0
    await check(
      fc.record({
        who: anyMember(),
        intent: intentOf(['favorite']),
        itemType: fc.oneof(fc.constantFrom('category', 'sector'), nastyText),
        name: fc.oneof(fc.constantFrom('financement', 'sante', 'tous'), nastyText),
        favorite: fc.oneof(fc.constantFrom('true', 'false'), nastyText),
        redirectTo: fc.oneof(
          fc.constantFrom('/feed?category=sante', '//evil.example', 'https://evil.example/'),
          nastyText,
        ),
        extra: fields(['intent', 'itemType', 'name', 'favorite', 'redirectTo']),
      }),
      ({ who, extra, ...valid }) => ({
        url: '/feed',
        cookie: who.cookie,
        body: formOf(extra, valid),
      }),
      {
        mayWrite: ['favorite_communities', 'rate_limits'],
        examples: [
          {
            who: members[0]!,
            intent: 'favorite',
            itemType: 'category',
            name: 'financement',
            favorite: 'true',
            redirectTo: '//evil.example',
            extra: [['userId', owner.userId]],
          },
        ],
        onAnswer: (_input, answer) => {
          const toast = toastMessages(answer)
          if (toast.includes('Ajouté aux favoris') || toast.includes('Retiré des favoris')) {
            toggles += 1
          }
        },
      },
    )
    expect(toggles).toBeGreaterThan(0)
    const favourites = await rows<{ user_id: string }>(
      sql`select user_id from favorite_communities`,
    )
    for (const favourite of favourites) {
      expect(members.map((who) => who.userId)).toContain(favourite.user_id)
    }
  })
})

describe('oversized multipart requests', () => {
  it('are refused with 413 before their body is read, on the composer and the routes that answer scripts', async () => {
    const statuses = await check(
      fc.record({
        who: anyMember(),
        // The profile editor's form (no scripts) is sent back to its page with why:
        // profile-routes.test.ts.
        // The composer reads up to twice its largest form (12 Mo, server.ts's bound), so that
        // an image too large is refused in its field with what was typed kept.
        target: fc.constantFrom(
          { url: '/post/create', min: 12 * 1024 * 1024 + 1 },
          { url: '/api/uploads', min: 6 * 1024 * 1024 + 1 },
          { url: '/api/profile/images/avatar', min: 6 * 1024 * 1024 + 1 },
        ),
        excess: fc.integer({ min: 0, max: 2 ** 45 }),
      }),
      ({ who, target: { url, min }, excess }) => ({
        url,
        cookie: who.cookie,
        headers: {
          origin: 'http://localhost:3000',
          'content-type': 'multipart/form-data; boundary=x',
          'content-length': String(min + excess),
        },
        body: new Uint8Array(16),
      }),
      { mayWrite: [] },
    )
    expect(statuses).toEqual([413])
  })
})

describe('settings: POST /settings', () => {
  it('never reaches another member’s sessions or account', async () => {
    // Another session of each account, to aim at.
    const context = await getAuth().$context
    const spare = await context.internalAdapter.createSession(owner.userId)
    const input = fc.record({
      who: anyMember(),
      intent: intentOf([
        'change-password',
        'revoke-session',
        'enable-two-factor',
        'disable-two-factor',
        'delete-account',
        'confirm-two-factor',
      ]),
      sessionId: fc.oneof(fc.constant(spare.id), idLike([spare.id])),
      extra: fields([
        'password',
        'currentPassword',
        'newPassword',
        'confirmPassword',
        'code',
        'sessionId',
      ]),
    })
    const statuses = await check(
      input,
      ({ who, intent, sessionId, extra }) => ({
        url: '/settings',
        cookie: who.cookie,
        body: formOf(extra, { intent, sessionId }),
      }),
      { mayWrite: ['sessions', 'rate_limits', 'verifications'], resetLimits: false },
    )
    // Refused (400), another's or no session (404), past the password checks' limit (429).
    expect(statuses.filter((status) => ![400, 401, 404, 429].includes(status))).toEqual([])
    expect(statuses).toContain(404)
  })
})

describe('bodies that are not forms', () => {
  it('are refused with a French 4xx by every action that reads a form', async () => {
    const bodies = [
      { type: 'text/plain', body: 'intent=comment&content=Bonjour' },
      { type: 'application/json', body: '{"intent":"vote","voteType":"up"}' },
      { type: 'multipart/form-data; boundary=x', body: '--x\r\nContent-Disposition: form' },
    ]
    const statuses = await check(
      fc.record({
        who: anyMember(),
        url: fc.constantFrom(
          '/',
          '/auth',
          '/contact',
          '/feed',
          '/settings',
          '/post/create',
          '/profile/edit',
          '/api/favorites',
          `/api/posts/${memberPost}`,
          `/api/posts/${memberPost}/comments`,
        ),
        body: fc.constantFrom(...bodies),
      }),
      ({ who, url, body }) => ({
        url,
        cookie: who.cookie,
        headers: { origin: 'http://localhost:3000', 'content-type': body.type },
        body: body.body,
      }),
      { mayWrite: ['rate_limits'] },
    )
    expect(statuses).toContain(400)
    expect(statuses.filter((status) => status >= 500)).toEqual([])
  })
})

describe('uploads: POST /api/uploads', () => {
  it('refuses garbage bodies and files that are not images with a French 4xx', async () => {
    // Header values are bytes: printable ASCII, since nothing else can be sent at all.
    const printable = nastyText.filter((value) => /^[\u0020-\u007E]*$/.test(value))
    const boundary = fc.oneof(fc.constant('----tremplin'), printable)
    const input = fc.oneof(
      // A body that is not the multipart it claims to be.
      fc.record({
        kind: fc.constant('garbage' as const),
        contentType: fc.oneof(
          boundary.map((value) => `multipart/form-data; boundary=${value}`),
          fc.constantFrom('multipart/form-data', 'application/json', 'text/plain', 'image/png', ''),
          printable,
        ),
        bytes: fc.oneof(
          fc.uint8Array({ maxLength: 512 }),
          fc
            .string({ maxLength: 200 })
            .map((text) =>
              new TextEncoder().encode(
                `------tremplin\r\nContent-Disposition: form-data; name="file"\r\n\r\n${text}`,
              ),
            ),
        ),
      }),
      // A well-formed form with a file that is not an image, a bad folder or no file.
      fc.record({
        kind: fc.constant('form' as const),
        extra: fields(['file', 'folder']),
        file: imageLike,
        folder: fc.oneof(
          fc.constantFrom(
            'posts',
            'profile_avatars',
            'profile_banners',
            '../posts',
            'posts/../../etc',
          ),
          nastyText,
        ),
      }),
    )
    const statuses = await check(
      fc.tuple(anyMember(), input),
      ([who, request]): Call => {
        if (request.kind === 'garbage') {
          return {
            url: '/api/uploads',
            cookie: who.cookie,
            headers: {
              origin: 'http://localhost:3000',
              ...(request.contentType ? { 'content-type': request.contentType } : {}),
            },
            body: request.bytes,
          }
        }
        const body = formOf(request.extra, { folder: request.folder })
        body.append('file', request.file)
        return { url: '/api/uploads', cookie: who.cookie, body }
      },
      {
        // A real image is stored, and recorded as its member's.
        mayWrite: ['rate_limits', 'uploads'],
        examples: [
          [
            members[0]!,
            { kind: 'form', extra: [], file: new File([png], 'ok.png'), folder: 'posts' },
          ],
        ],
      },
    )
    // Stored (the real PNG), malformed (400), not an image (415). Too large: see below.
    expect(statuses).toEqual([201, 400, 415])
  })
})

describe('field names with list indexes past any form', () => {
  // Conform builds a list up to the index a name gives and walks it to echo the form back: a
  // name such as x[4294967294] would hold the process for minutes. Ten million still runs in a
  // second without the bound, so a regression fails here rather than hanging the suite.
  const HUGE = 'x[10000000]'
  it.each([
    ['/contact', null, { name: '', email: 'a@exemple.fr', subject: 'Bonjour', message: 'Salut' }],
    ['/auth', null, { intent: 'signin', email: 'personne@exemple.fr', password: '' }],
    ['/post/create', 0, { title: '', content: '', type: 'post', 'categories[10000000]': 'rh' }],
    ['/profile/edit', 0, { intent: 'links', 'links[10000000].title': 'Site' }],
    ['/feed', 0, { intent: 'favorite', itemType: 'category', 'name[10000000]': 'rh' }],
    // The same list, asked for by a Conform intent rather than a name; and one that is not JSON.
    [
      '/auth',
      null,
      {
        intent: 'signin',
        __intent__: '{"type":"update","payload":{"name":"x","index":10000000,"value":"1"}}',
      },
    ],
    ['/contact', null, { name: '', __intent__: '{"type":' }],
  ] as const)('%s answers at its usual size', async (url, who, sent) => {
    const body = new FormData()
    for (const [name, value] of Object.entries(sent)) body.append(name, value)
    body.append(HUGE, '1')
    const answer = await callRoute({
      url,
      cookie: who === null ? null : members[who]!.cookie,
      body,
    })
    expectSafe(answer)
    expect(answer.text.length).toBeLessThan(100_000)
  })
})

describe('JSON and GET routes', () => {
  it('GET /api/link-preview?url=… answers 200 or 400, whatever the URL', async () => {
    const statuses = await check(
      fc.record({
        who: fc.option(anyMember(), { nil: undefined }),
        url: fc.oneof(
          nastyText,
          fc.webUrl().map((url) => `${url}#frag`),
          fc.constantFrom(
            'https://panne.example/',
            'https://exemple.fr/guide',
            'http://[::1]:80/',
            'http://169.254.169.254/latest/meta-data/',
          ),
        ),
      }),
      ({ who, url }) => ({
        url: `/api/link-preview?url=${enc(url)}`,
        cookie: who?.cookie,
      }),
      { mayWrite: ['link_previews', 'rate_limits'] },
    )
    expect(statuses).toEqual([200, 400])
  })

  it('GET /api/search/suggestions?q=… always answers a list', async () => {
    const statuses = await check(
      fc.record({ who: fc.option(anyMember(), { nil: undefined }), q: nastyText }),
      ({ who, q }) => ({
        url: `/api/search/suggestions?q=${enc(q)}`,
        cookie: who?.cookie,
      }),
      { mayWrite: [] },
    )
    expect(statuses).toEqual([200])
  })

  it('GET /api/feed?cursor=…&category=…&sector=…&q=… always answers a page', async () => {
    const cursor = fc.oneof(
      nastyText,
      fc
        .tuple(fc.date({ noInvalidDate: false }), fc.uuid())
        .map(([date, id]) => `${Number.isNaN(date.getTime()) ? 'x' : date.toISOString()}_${id}`),
      fc.tuple(nastyText, fc.uuid()).map(([date, id]) => `${date}_${id}`),
    )
    const statuses = await check(
      fc.record({
        who: fc.option(anyMember(), { nil: undefined }),
        cursor,
        category: fc.oneof(fc.constantFrom('financement', 'tous', 'inconnue'), nastyText),
        sector: fc.oneof(fc.constantFrom('sante', 'tous'), nastyText),
        q: nastyText,
      }),
      ({ who, ...params }) => ({
        url: `/api/feed?${new URLSearchParams(params)}`,
        cookie: who?.cookie,
      }),
      { mayWrite: [] },
    )
    expect(statuses).toEqual([200])
  })

  it('GET of pages with ids and queries of every shape: the page or a 404', async () => {
    const statuses = await check(
      fc.record({
        who: fc.option(anyMember(), { nil: undefined }),
        path: fc.oneof(
          nastyText.map((q) => `/feed?q=${enc(q)}&cursor=${enc(q)}`),
          idLike([ownerPost]).map((id) => `/post/${enc(id)}`),
          idLike([ownerPost]).map((id) => `/api/posts/${enc(id)}/comments`),
          idLike([owner.userId]).map(
            (id) => `/profile/${enc(id)}?onglet=sauvegardes&cursor=${enc(id)}`,
          ),
          idLike([owner.userId]).map((id) => `/api/profiles/${enc(id)}/posts?cursor=${enc(id)}`),
          fc
            .tuple(nastyText, nastyText, nastyText)
            .map((parts) => `/post/${parts.map((part) => enc(part) || 'x').join('/')}`),
          // Raw, undecodable percent sequences in paths and queries.
          fc
            .tuple(
              fc.constantFrom(
                '/post/',
                '/profile/',
                '/feed?q=',
                '/api/feed?cursor=',
                '/api/search/suggestions?q=',
              ),
              fc.constantFrom(...RAW_PERCENT),
            )
            .map(([prefix, raw]) => `${prefix}${raw}`),
        ),
      }),
      ({ who, path }) => ({ url: path, cookie: who?.cookie }),
      {
        mayWrite: [],
        // An empty id makes '/profile/?…' a visitor's own profile: the only redirect, to sign in.
        onAnswer: ({ who }, answer) => {
          if (answer.status !== 302) return
          expect({ who, location: answer.location?.split('?')[0] }).toEqual({
            who: undefined,
            location: '/auth',
          })
        },
      },
    )
    // The page, a French 400 for what cannot be decoded, a 404 for what does not exist.
    expect(statuses).toEqual(expect.arrayContaining([200, 404]))
    expect(statuses.filter((status) => ![200, 302, 400, 404].includes(status))).toEqual([])
  })

  it('POST /api/views with any body counts only real posts, once per viewer and day', async () => {
    const bodies = fc.oneof(
      fc
        .record({ postIds: fc.array(idLike([ownerPost, memberPost]), { maxLength: 60 }) })
        .map((value) => JSON.stringify(value)),
      fc.jsonValue().map((value) => JSON.stringify(value)),
      // An own "__proto__" key, as JSON.parse makes it: no prototype may be polluted.
      fc
        .jsonValue()
        .map(
          (value) =>
            `{"__proto__":{"postIds":["${ownerPost}"]},"postIds":${JSON.stringify(value)}}`,
        ),
      nastyText,
    )
    await check(
      fc.record({
        who: fc.option(anyMember(), { nil: undefined }),
        body: bodies,
        json: fc.boolean(),
      }),
      ({ who, body, json }) => ({
        url: '/api/views',
        cookie: who?.cookie,
        headers: {
          origin: 'http://localhost:3000',
          ...(json ? { 'content-type': 'application/json' } : {}),
        },
        body,
      }),
      // A visitor without the viewer cookie counts against newViewerPerIp: the run's last call
      // may leave that row.
      { mayWrite: ['post_views', 'posts', 'rate_limits'] },
    )
    expect(
      await rows(
        sql`select post_id from post_views where post_id not in (${ownerPost}, ${memberPost})`,
      ),
    ).toEqual([])
    // No "__proto__" key reached a prototype.
    expect(({} as { postIds?: unknown }).postIds).toBeUndefined()
  })
})

/** Posts whose counters disagree with their rows. */
async function countersMismatch() {
  return rows(sql`
    select p.id from posts p
    where p.comments_count <> (select count(*) from comments c where c.post_id = p.id)
       or p.upvotes <> (select count(*) from post_votes v where v.post_id = p.id and v.vote_type = 'up')
       or p.downvotes <> (select count(*) from post_votes v where v.post_id = p.id and v.vote_type = 'down')`)
}
