// Who may call what: every loader and action of app/routes.ts, called as a visitor, as a member
// who owns nothing involved, and as the owner (the author of the post and comment, the holder
// of the profile and sessions). A refusal must look like the route's documented refusal and
// leave the whole database as it was; a success of a write must change what it writes. The
// table below is keyed by route file: a route added to app/routes.ts without an entry, or a
// route that gains a loader or an action without a probe for it, fails this file.
import { isDeepStrictEqual } from 'node:util'
import { eq, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { useLinkPreviewFetcher } from '../../app/features/link-preview/link-preview.server'
import { postPath } from '../../app/features/posts/post-url'
import { readableRouteParts } from '../../app/features/posts/post-url.server'
import { getAuth } from '../../app/server/auth/auth.server'
import { db } from '../../app/server/db/db.server'
import { posts } from '../../app/server/db/schema'
import { createComment, createPost, createProfile, savePost } from '../factories'
import {
  appRoutes,
  callRoute,
  databaseState,
  flashedToast,
  form,
  removeStoredImages,
  ORIGIN,
  resolveUrl,
  routeModule,
  type Answer,
} from '../setup/route-harness'
import { sessionCookie } from '../setup/session-cookie'

type Role = 'visitor' | 'member' | 'owner'

interface Member {
  userId: string
  profileId: string
  cookie: string
}

interface Fixtures {
  /** Owns the post, the comment, the saved post and a second session. */
  owner: Member
  /** Signed in, owns nothing the probes touch. */
  member: Member
  post: { id: string; readableUrl: string }
  commentId: string
  savedTitle: string
  /** Another session of the owner's (not the one in the cookie). */
  spareSessionId: string
}

/** What a refused caller gets. */
interface Refusal {
  status: number
  location?: string
  /** An error toast comes with it (the profile editor's 'Accès non autorisé'). */
  toast?: true
}

interface Probe {
  /** Says what the call does, for the test's name. */
  label: string
  url: (fx: Fixtures) => string
  /** Who succeeds: anyone, any signed-in member, or only the owner. */
  who: 'anyone' | 'members' | 'owner'
  /** How a visitor (who ≠ anyone) and a member who is not the owner (who = owner) are refused. */
  refuses?: { visitor?: Refusal | SignIn; member?: Refusal }
  body?: (fx: Fixtures) => BodyInit
  headers?: Record<string, string>
  /** The rows the action writes: unchanged after a refusal, changed after a success. */
  effect?: (fx: Fixtures) => Promise<unknown>
  /** The owner's rows, which a member's successful call must leave alone. */
  others?: (fx: Fixtures) => Promise<unknown>
  /** The status of a success when it is not 2xx/3xx (a public 404, say). */
  successStatus?: number
  /** Extra assertions on a successful answer. */
  check?: (answer: Answer, role: Role, fx: Fixtures) => void
}

type Access = { loader?: Probe[]; action?: Probe[] }

const PASSWORD = 'Verger-Normand-2026'

/** Sent to /auth, and back to `back` afterwards (the path of the request by default). */
interface SignIn {
  kind: 'sign-in'
  back?: string
}
const signIn = (back?: string): SignIn => ({ kind: 'sign-in', back })

/** Another member's profile editor sends back to one's own profile with 'Accès non autorisé'. */
const OWN_PROFILE_ONLY: Refusal = { status: 302, location: '/profile', toast: true }

const rows = (query: ReturnType<typeof sql>) => db.execute(query).then((result) => result.rows)
const count = (query: ReturnType<typeof sql>) =>
  db.execute<{ n: number }>(query).then((result) => result.rows[0]?.n)

let png: Uint8Array<ArrayBuffer>
const uploadedUrls: string[] = []

/**
 * The table: for each route file of app/routes.ts, a probe per kind of call its loader and
 * action answer. Pages without a loader or an action have an empty entry.
 */
const ACCESS: Record<string, Access> = {
  'routes/_marketing/index.tsx': {
    loader: [{ label: 'landing page', url: () => '/', who: 'anyone' }],
    action: [
      {
        label: 'password reset request from the landing block',
        url: () => '/',
        who: 'anyone',
        body: () => form({ intent: 'forgot-password', email: 'inconnu@example.fr' }),
      },
    ],
  },
  'routes/feed.tsx': {
    loader: [{ label: 'feed', url: () => '/feed?category=financement', who: 'anyone' }],
    action: [
      {
        label: 'star a community',
        url: () => '/feed',
        who: 'members',
        refuses: { visitor: signIn() },
        body: () =>
          form({ intent: 'favorite', itemType: 'category', name: 'financement', favorite: 'true' }),
        effect: () => count(sql`select count(*)::int as n from favorite_communities`),
      },
    ],
  },
  'routes/notifications.tsx': {
    loader: [
      {
        label: 'notifications',
        url: () => '/notifications',
        who: 'members',
        refuses: { visitor: signIn() },
      },
    ],
  },
  'routes/messages.tsx': {},
  'routes/auth.tsx': {
    loader: [{ label: 'sign-in page', url: () => '/auth', who: 'anyone' }],
    action: [
      {
        label: 'password reset request',
        url: () => '/auth',
        who: 'anyone',
        body: () => form({ intent: 'forgot-password', email: 'inconnu@example.fr' }),
      },
    ],
  },
  'routes/auth.sign-out.ts': {
    // A GET never signs out (a link or an image could trigger it): it only redirects.
    loader: [{ label: 'GET sign-out', url: () => '/auth/sign-out', who: 'anyone' }],
    action: [
      {
        label: 'sign out everywhere',
        url: () => '/auth/sign-out',
        who: 'members',
        refuses: { visitor: { status: 302, location: '/' } },
        body: () => form({}),
        effect: () => count(sql`select count(*)::int as n from sessions`),
        others: (fx) =>
          count(sql`select count(*)::int as n from sessions where user_id = ${fx.owner.userId}`),
      },
    ],
  },
  'routes/settings.tsx': {
    loader: [
      { label: 'settings', url: () => '/settings', who: 'members', refuses: { visitor: signIn() } },
    ],
    action: [
      {
        label: 'close one of the owner’s sessions by its id',
        url: () => '/settings',
        who: 'owner',
        refuses: { visitor: signIn(), member: { status: 404 } },
        body: (fx) => form({ intent: 'revoke-session', sessionId: fx.spareSessionId }),
        effect: (fx) =>
          count(sql`select count(*)::int as n from sessions where id = ${fx.spareSessionId}`),
      },
      {
        label: 'delete one’s own account',
        url: () => '/settings',
        who: 'members',
        refuses: { visitor: signIn() },
        body: () => form({ intent: 'delete-account', password: PASSWORD }),
        effect: () => count(sql`select count(*)::int as n from users`),
        others: (fx) => rows(sql`select id, email from users where id = ${fx.owner.userId}`),
      },
    ],
  },
  'routes/settings.export.ts': {
    loader: [
      {
        label: 'data export',
        url: () => '/settings/export',
        who: 'members',
        refuses: { visitor: signIn() },
        check: (answer, role, fx) => {
          // The caller's own data, never someone else's.
          const other = role === 'owner' ? fx.member : fx.owner
          expect(answer.text).toContain(fx[role === 'owner' ? 'owner' : 'member'].userId)
          expect(answer.text).not.toContain(other.userId)
        },
      },
    ],
  },
  'routes/profile.tsx': {
    loader: [
      {
        label: 'own profile',
        url: () => '/profile',
        who: 'members',
        refuses: { visitor: signIn() },
      },
      {
        label: 'a member’s public profile',
        url: (fx) => `/profile/${fx.owner.userId}`,
        who: 'anyone',
      },
      {
        label: 'saved posts tab (the owner’s only; others get the publications)',
        url: (fx) => `/profile/${fx.owner.userId}?onglet=sauvegardes`,
        who: 'anyone',
        check: (answer, role, fx) =>
          expect(answer.text.includes(fx.savedTitle)).toBe(role === 'owner'),
      },
    ],
  },
  'routes/profile.edit.tsx': {
    loader: [
      {
        label: 'edit one’s own profile',
        url: () => '/profile/edit',
        who: 'members',
        refuses: { visitor: signIn() },
      },
      {
        label: 'edit page of the owner’s profile',
        url: (fx) => `/profile/edit/${fx.owner.userId}`,
        who: 'owner',
        refuses: { visitor: signIn(), member: OWN_PROFILE_ONLY },
      },
    ],
    action: [
      {
        label: 'profile fields of the owner',
        url: (fx) => `/profile/edit/${fx.owner.userId}`,
        who: 'owner',
        refuses: { visitor: signIn(), member: OWN_PROFILE_ONLY },
        body: () =>
          form({ intent: 'profile', firstName: 'Pirate', lastName: 'Détourné', job: 'Imposteur' }),
        effect: (fx) =>
          rows(
            sql`select first_name, last_name, job from profiles where id = ${fx.owner.profileId}`,
          ),
      },
      {
        label: 'custom links of the owner',
        url: (fx) => `/profile/edit/${fx.owner.userId}`,
        who: 'owner',
        refuses: { visitor: signIn(), member: OWN_PROFILE_ONLY },
        body: () =>
          form({
            intent: 'links',
            'links[0].title': 'Piège',
            'links[0].url': 'https://piege.example',
          }),
        effect: () => rows(sql`select profile_id, title, url from profile_links order by 1, 2`),
      },
      {
        label: 'avatar of the owner',
        url: (fx) => `/profile/edit/${fx.owner.userId}`,
        who: 'owner',
        refuses: { visitor: signIn(), member: OWN_PROFILE_ONLY },
        body: () =>
          form({ intent: 'avatar', file: new File([png], 'a.png', { type: 'image/png' }) }),
        effect: (fx) => rows(sql`select avatar from profiles where id = ${fx.owner.profileId}`),
      },
      {
        label: 'one’s own profile fields',
        url: () => '/profile/edit',
        who: 'members',
        refuses: { visitor: signIn() },
        body: () => form({ intent: 'profile', firstName: 'Nouveau', lastName: 'Nom' }),
        effect: () => rows(sql`select id, first_name, last_name from profiles order by id`),
        others: (fx) => rows(sql`select * from profiles where id = ${fx.owner.profileId}`),
      },
    ],
  },
  'routes/post.create.tsx': {
    loader: [
      {
        label: 'composer',
        url: () => '/post/create',
        who: 'members',
        refuses: { visitor: signIn() },
      },
    ],
    action: [
      {
        label: 'publish',
        url: () => '/post/create',
        who: 'members',
        refuses: { visitor: signIn() },
        body: () =>
          form({
            title: 'Comment trouver ses premiers clients ?',
            categories: 'feedback',
            content: 'Vos conseils ?',
          }),
        effect: () => count(sql`select count(*)::int as n from posts`),
      },
    ],
  },
  'routes/post.$postId.tsx': {
    loader: [{ label: 'post page by id', url: (fx) => `/post/${fx.post.id}`, who: 'anyone' }],
    action: [
      {
        // A post page's form sent without a script (ADR 066): a visitor signs in, back there.
        label: 'comment from the post page',
        url: (fx) => `/post/${fx.post.id}`,
        who: 'members',
        refuses: { visitor: signIn() },
        body: () => form({ intent: 'comment', content: 'Merci, très clair.' }),
        effect: () => count(sql`select count(*)::int as n from comments`),
      },
    ],
  },
  'routes/post.$author.$title.tsx': {
    loader: [
      { label: 'post page by readable URL', url: (fx) => fx.post.readableUrl, who: 'anyone' },
    ],
  },
  'routes/_marketing/pricing.tsx': {},
  'routes/_marketing/moderation.tsx': {},
  'routes/_marketing/terms.tsx': {},
  'routes/_marketing/careers.tsx': {},
  'routes/_marketing/privacy.tsx': {},
  'routes/_marketing/about.tsx': {},
  'routes/_marketing/blog.tsx': {},
  'routes/_marketing/faq.tsx': {},
  'routes/_marketing/contact.tsx': {
    loader: [{ label: 'contact page', url: () => '/contact', who: 'anyone' }],
    action: [
      {
        label: 'send a message',
        url: () => '/contact',
        who: 'anyone',
        body: () =>
          form({
            name: 'Camille Martin',
            email: 'camille@example.fr',
            subject: 'Une question',
            message: 'Bonjour, comment supprimer mon compte ?',
          }),
        effect: () => count(sql`select count(*)::int as n from contact_messages`),
      },
    ],
  },
  'routes/_marketing/blog.$slug.tsx': {
    // Public; an unknown article is a 404, which is not a refusal.
    loader: [
      {
        label: 'blog article',
        url: () => '/blog/article-inconnu',
        who: 'anyone',
        successStatus: 404,
      },
    ],
  },
  'routes/_marketing/mentions-legales.tsx': {
    loader: [{ label: 'legal notice', url: () => '/mentions-legales', who: 'anyone' }],
  },
  'routes/_marketing/accessibilite.tsx': {
    loader: [{ label: 'accessibility statement', url: () => '/accessibilite', who: 'anyone' }],
  },
  'routes/api/sitemap.ts': {
    loader: [{ label: 'sitemap', url: () => '/sitemap.xml', who: 'anyone' }],
  },
  'routes/api/robots.ts': {
    loader: [{ label: 'robots.txt', url: () => '/robots.txt', who: 'anyone' }],
  },
  'routes/api/manifest.ts': {
    loader: [{ label: 'web app manifest', url: () => '/manifest.webmanifest', who: 'anyone' }],
  },
  'routes/api/healthz.ts': {
    loader: [{ label: 'health check', url: () => '/healthz', who: 'anyone' }],
  },
  'routes/api/uploads.create.ts': {
    action: [
      {
        label: 'upload an image',
        url: () => '/api/uploads',
        who: 'members',
        refuses: { visitor: { status: 401 } },
        body: () =>
          form({ file: new File([png], 'photo.png', { type: 'image/png' }), folder: 'posts' }),
        check: (answer) => {
          expect(answer.status).toBe(201)
          uploadedUrls.push((JSON.parse(answer.text) as { url: string }).url)
        },
      },
    ],
  },
  'routes/api/uploads.ts': {
    loader: [
      {
        label: 'stored image',
        url: () => '/uploads/posts/inconnu.webp',
        who: 'anyone',
        successStatus: 404,
      },
    ],
  },
  'routes/api/auth.ts': {
    // Better Auth's own endpoints: only its mail links answer; the rest goes through the app's
    // forms, whose limits and clean-up the endpoints would skip (ADR 005).
    loader: [
      {
        label: 'Better Auth email confirmation link',
        url: () => '/api/auth/verify-email?token=inconnu&callbackURL=%2Ffeed',
        who: 'anyone',
        // To the page whose button confirms (ADR 062), never to the link's own callback.
        check: (answer) => expect(answer.location).toBe('/auth?type=confirmation&token=inconnu'),
      },
      {
        label: 'Better Auth session lookup, not served',
        url: () => '/api/auth/get-session',
        who: 'anyone',
        successStatus: 404,
        check: (answer) => expect(answer.text).toBe('Page non trouvée'),
      },
    ],
    action: [
      {
        label: 'Better Auth account deletion, not served',
        url: () => '/api/auth/delete-user',
        who: 'anyone',
        headers: { 'content-type': 'application/json', origin: ORIGIN },
        body: () => JSON.stringify({}),
        successStatus: 404,
      },
      {
        label: 'Better Auth password reset request, not served',
        url: () => '/api/auth/request-password-reset',
        who: 'anyone',
        headers: { 'content-type': 'application/json', origin: ORIGIN },
        body: () => JSON.stringify({ email: 'inconnu@example.fr', redirectTo: '/auth' }),
        successStatus: 404,
      },
    ],
  },
  'routes/api/search-suggestions.ts': {
    loader: [
      { label: 'search suggestions', url: () => '/api/search/suggestions?q=client', who: 'anyone' },
    ],
  },
  'routes/api/feed.ts': {
    loader: [{ label: 'feed page (JSON)', url: () => '/api/feed', who: 'anyone' }],
  },
  'routes/api/profile-posts.ts': {
    loader: [
      {
        label: 'a member’s publications',
        url: (fx) => `/api/profiles/${fx.owner.userId}/posts`,
        who: 'anyone',
      },
      {
        label: 'the owner’s saved posts',
        url: (fx) => `/api/profiles/${fx.owner.userId}/posts?onglet=sauvegardes`,
        who: 'owner',
        refuses: { visitor: { status: 403 }, member: { status: 403 } },
        check: (answer, _role, fx) => expect(answer.text).toContain(fx.savedTitle),
      },
    ],
  },
  'routes/api/link-preview.ts': {
    loader: [
      {
        label: 'link preview',
        url: () => '/api/link-preview?url=https://exemple.fr/guide',
        who: 'anyone',
      },
    ],
  },
  'routes/api/comments.ts': {
    loader: [
      {
        label: 'comments of a post',
        url: (fx) => `/api/posts/${fx.post.id}/comments`,
        who: 'anyone',
      },
    ],
    action: [
      {
        label: 'comment',
        url: (fx) => `/api/posts/${fx.post.id}/comments`,
        who: 'members',
        // A script's fetch: the visitor comes back to the feed after signing in.
        refuses: { visitor: signIn('/feed') },
        body: () => form({ intent: 'comment', content: 'Bravo pour ce post !' }),
        effect: () => count(sql`select count(*)::int as n from comments`),
      },
      {
        label: 'delete the owner’s comment',
        url: (fx) => `/api/posts/${fx.post.id}/comments`,
        who: 'owner',
        refuses: { visitor: signIn('/feed'), member: { status: 403 } },
        body: (fx) => form({ intent: 'delete-comment', commentId: fx.commentId }),
        effect: (fx) =>
          count(sql`select count(*)::int as n from comments where id = ${fx.commentId}`),
      },
    ],
  },
  'routes/api/views.ts': {
    action: [
      {
        // Visitors' views count too (an anonymous cookie id), by design.
        label: 'count a view',
        url: () => '/api/views',
        who: 'anyone',
        headers: { 'content-type': 'application/json', origin: ORIGIN },
        body: (fx) => JSON.stringify({ postIds: [fx.post.id] }),
        effect: () => count(sql`select count(*)::int as n from post_views`),
      },
    ],
  },
  'routes/api/favorites.ts': {
    action: [
      {
        label: 'star a community (a script)',
        url: () => '/api/favorites',
        who: 'members',
        refuses: { visitor: signIn('/feed') },
        body: () =>
          form({ intent: 'favorite', itemType: 'sector', name: 'sante', favorite: 'true' }),
        effect: () => count(sql`select count(*)::int as n from favorite_communities`),
      },
    ],
  },
  'routes/api/profile-images.ts': {
    action: [
      {
        label: 'one’s own avatar (a script)',
        url: () => '/api/profile/images/avatar',
        who: 'members',
        refuses: { visitor: signIn('/profile') },
        body: () => form({ file: new File([png], 'a.png', { type: 'image/png' }) }),
        effect: () => rows(sql`select id, avatar from profiles order by id`),
        others: (fx) => rows(sql`select avatar from profiles where id = ${fx.owner.profileId}`),
      },
    ],
  },
  'routes/api/post-actions.ts': {
    action: [
      {
        label: 'vote',
        url: (fx) => `/api/posts/${fx.post.id}`,
        who: 'members',
        refuses: { visitor: signIn('/feed') },
        body: () => form({ intent: 'vote', type: 'up' }),
        effect: (fx) =>
          rows(sql`select user_id, vote_type from post_votes where post_id = ${fx.post.id}`),
      },
      {
        label: 'save',
        url: (fx) => `/api/posts/${fx.post.id}`,
        who: 'members',
        refuses: { visitor: signIn('/feed') },
        body: () => form({ intent: 'save', saved: 'true' }),
        effect: (fx) =>
          rows(sql`select user_id from saved_posts where post_id = ${fx.post.id} order by 1`),
      },
      {
        label: 'delete the owner’s post',
        url: (fx) => `/api/posts/${fx.post.id}`,
        who: 'owner',
        refuses: { visitor: signIn('/feed'), member: { status: 403 } },
        body: () => form({ intent: 'delete' }),
        effect: (fx) => count(sql`select count(*)::int as n from posts where id = ${fx.post.id}`),
      },
    ],
  },
  'routes/not-found.tsx': {
    loader: [
      { label: 'unknown page', url: () => '/nulle-part/ici', who: 'anyone', successStatus: 404 },
    ],
    action: [
      {
        label: 'form sent to an unknown page',
        url: () => '/nulle-part/ici',
        who: 'anyone',
        body: () => form({ intent: 'delete' }),
        successStatus: 404,
      },
    ],
  },
}

// ---------------------------------------------------------------------------------------------

let passwordHash: string

async function member(firstName: string): Promise<Member> {
  const profile = await createProfile(db, { firstName, lastName: 'Test' })
  // A password, so that the settings actions which ask for it can succeed.
  const auth = await getAuth().$context
  await auth.internalAdapter.linkAccount({
    userId: profile.userId,
    providerId: 'credential',
    accountId: profile.userId,
    password: passwordHash,
  })
  return {
    userId: profile.userId,
    profileId: profile.id,
    cookie: await sessionCookie(profile.userId),
  }
}

async function fixtures(): Promise<Fixtures> {
  const [owner, other] = [await member('Awa'), await member('Paul')]
  const post = await createPost(db, { authorId: owner.profileId, title: 'Le post d’Awa' })
  const comment = await createComment(db, { postId: post.id, authorId: owner.profileId })
  const someone = await createProfile(db)
  const savedTitle = 'Sauvegardé par Awa seulement'
  const saved = await createPost(db, { authorId: someone.id, title: savedTitle })
  await savePost(db, { postId: saved.id, userId: owner.userId })
  const spare = await (await getAuth().$context).internalAdapter.createSession(owner.userId)
  const [route] = await db
    .select({ route: readableRouteParts })
    .from(posts)
    .where(eq(posts.id, post.id))
  return {
    owner,
    member: other,
    post: { id: post.id, readableUrl: postPath(route!.route) },
    commentId: comment.id,
    savedTitle,
    spareSessionId: spare.id,
  }
}

/** Fixture values for reading the table's URLs without a database. */
const PLACEHOLDERS: Fixtures = {
  owner: { userId: 'demo-owner', profileId: '', cookie: '' },
  member: { userId: 'demo-member', profileId: '', cookie: '' },
  post: { id: '00000000-0000-4000-8000-000000000001', readableUrl: '/post/awa-test/le-post-d-awa' },
  commentId: '00000000-0000-4000-8000-000000000002',
  savedTitle: '',
  spareSessionId: '',
}

function cookieOf(role: Role, fx: Fixtures): string | null {
  return role === 'visitor' ? null : fx[role].cookie
}

/** The refusal a role meets for a probe, or null when it may succeed. */
function refusalFor(probe: Probe, role: Role, url: string, method: string): Refusal | null {
  if (probe.who === 'anyone' || role === 'owner') return null
  if (probe.who === 'members' && role === 'member') return null
  const declared = role === 'visitor' ? probe.refuses?.visitor : probe.refuses?.member
  if (!declared) throw new Error(`${probe.label}: no refusal declared for a ${role}`)
  if ('kind' in declared) {
    const parsed = new URL(url, 'http://localhost')
    const back =
      declared.back ?? (method === 'GET' ? parsed.pathname + parsed.search : parsed.pathname)
    return { status: 302, location: `/auth?redirectTo=${encodeURIComponent(back)}` }
  }
  return declared
}

beforeAll(async () => {
  passwordHash = await (await getAuth().$context).password.hash(PASSWORD)
  png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#3b3fd8' } })
    .png()
    .toBuffer()
    .then((buffer) => new Uint8Array(buffer))
  // No network: a member's preview fetch reads this page instead.
  useLinkPreviewFetcher(async (url) => ({
    finalUrl: url,
    status: 200,
    contentType: 'text/html',
    body: '<title>Guide</title><meta name="description" content="Un guide.">',
  }))
})

afterAll(() => useLinkPreviewFetcher(null))

// Files written by successful uploads, removed before the next test empties the tables.
afterEach(() => removeStoredImages(uploadedUrls.splice(0)))

describe('the access table', () => {
  it('has an entry for every route file, and probes for exactly the handlers each exports', async () => {
    const routes = appRoutes()
    expect(routes.length).toBeGreaterThan(30)
    const problems: string[] = []
    for (const route of routes) {
      const access = ACCESS[route.file]
      if (!access) {
        problems.push(`${route.file} (${route.path}) has no entry in ACCESS`)
        continue
      }
      const module = await routeModule(route.file)
      for (const kind of ['loader', 'action'] as const) {
        const probes = access[kind] ?? []
        if (!module[kind]) {
          if (probes.length > 0) problems.push(`${route.file} exports no ${kind} to probe`)
          continue
        }
        // Some probe's URL must reach this very route (a file may serve several routes).
        const reaching = probes.filter(
          (probe) => resolveUrl(probe.url(PLACEHOLDERS))?.route.id === route.id,
        )
        if (reaching.length === 0) problems.push(`no ${kind} probe reaches ${route.path}`)
      }
    }
    expect(problems).toEqual([])
  })
})

/** In this order: the owner comes last, after the others' attempts. */
const ROLES: Role[] = ['visitor', 'member', 'owner']

/**
 * What a GET may write, whoever asks. Both are bookkeeping of /api/link-preview, the only
 * loader that may fetch: `rate_limits` counts the fetch it allows (a limit has to count the
 * attempts it limits), and `link_previews` caches what the fetch read (ADR 010), keyed by URL;
 * neither holds anything a member wrote or sees about another. Sessions and verifications are
 * not excepted: a GET (of /auth/sign-out, say) must not end or create a session. And
 * post_views must not change: views are counted only by POST /api/views.
 */
const GET_MAY_WRITE = ['rate_limits', 'link_previews']

function without(state: Record<string, string>, tables: readonly string[]) {
  return Object.fromEntries(Object.entries(state).filter(([name]) => !tables.includes(name)))
}

function describeAnswer(answer: Answer): Refusal {
  const toast = flashedToast(answer)
  return {
    status: answer.status,
    ...(answer.location ? { location: answer.location } : {}),
    ...(toast?.type === 'error' ? { toast: true } : {}),
  }
}

/**
 * The answer as the table describes answers: the refusal expected when it is that refusal,
 * 'allowed' for a success, else what it looks like (a 5xx with its body).
 */
function outcome(
  answer: Answer,
  probe: Probe,
  refusal: Refusal | null,
): 'allowed' | Refusal | { status: number; body: string } {
  if (answer.status >= 500) return { status: answer.status, body: answer.text.slice(0, 500) }
  const described = describeAnswer(answer)
  if (refusal && isDeepStrictEqual(described, refusal)) return refusal
  const looksRefused =
    answer.status === 401 ||
    answer.status === 403 ||
    // Sent to sign in; not a mail link's own page (`/auth?type=…`), where it leads anyone.
    ((answer.location?.startsWith('/auth?') ?? false) &&
      !answer.location!.startsWith('/auth?type=')) ||
    described.toast === true
  const succeeded = probe.successStatus
    ? answer.status === probe.successStatus
    : answer.status < 400
  return !looksRefused && succeeded ? 'allowed' : described
}

describe.each(Object.entries(ACCESS).filter(([, access]) => access.loader || access.action))(
  '%s',
  (file, access) => {
    const probes = (['loader', 'action'] as const).flatMap((kind) =>
      (access[kind] ?? []).map((probe) => [`${kind} · ${probe.label}`, { kind, probe }] as const),
    )
    // The three roles in turn on the same fixtures: a refusal changes nothing (asserted), so
    // the visitor's and the member's attempts leave the owner's turn as it would be alone.
    it.each(probes)('%s', async (_name, { kind, probe }) => {
      // A file of the table that app/routes.ts no longer lists has nothing to test.
      if (!appRoutes().some((route) => route.file === file)) return
      const fx = await fixtures()
      const url = probe.url(fx)
      const method = kind === 'loader' ? 'GET' : 'POST'
      const observed: unknown[] = []
      const expected: unknown[] = []
      for (const role of ROLES) {
        const refusal = refusalFor(probe, role, url, method)
        const before = await databaseState()
        const effectBefore = await probe.effect?.(fx)
        const othersBefore = await probe.others?.(fx)

        const answer = await callRoute({
          url,
          method,
          cookie: cookieOf(role, fx),
          headers: probe.headers,
          body: kind === 'action' ? probe.body?.(fx) : undefined,
        })

        const after = await databaseState()
        // A refusal writes nothing at all; a GET writes nothing but bookkeeping.
        const mayWrite = refusal ? [] : GET_MAY_WRITE
        const checked = Boolean(refusal) || kind === 'loader'
        observed.push({
          role,
          route: answer.route.file,
          answer: outcome(answer, probe, refusal),
          writes: !checked
            ? 'any'
            : isDeepStrictEqual(without(after, mayWrite), without(before, mayWrite))
              ? 'none'
              : changedTables(before, after),
          effect: probe.effect
            ? isDeepStrictEqual(await probe.effect(fx), effectBefore)
              ? 'unchanged'
              : 'changed'
            : 'n/a',
          // A member's success never touches the owner's rows.
          others:
            role === 'member' && probe.others
              ? isDeepStrictEqual(await probe.others(fx), othersBefore)
                ? 'untouched'
                : 'changed'
              : 'n/a',
        })
        expected.push({
          role,
          route: file,
          answer: refusal ?? 'allowed',
          writes: checked ? 'none' : 'any',
          effect: probe.effect ? (refusal ? 'unchanged' : 'changed') : 'n/a',
          others: role === 'member' && probe.others ? 'untouched' : 'n/a',
        })
        if (!refusal) probe.check?.(answer, role, fx)
      }
      expect(observed).toEqual(expected)
    })
  },
)

/** The tables whose rows differ, for a readable failure. */
function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys({ ...before, ...after }).filter((name) => before[name] !== after[name])
}
