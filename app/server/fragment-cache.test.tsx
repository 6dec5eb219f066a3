import { Writable } from 'node:stream'
import { Suspense, useId, type ReactNode } from 'react'
import { renderToPipeableStream, renderToString } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { beforeEach, describe, expect, it } from 'vitest'
import { CachedFragment, FragmentCacheContext } from '~/components/cached-fragment'
import { SiteHeader } from '~/components/site-header'
import { FeedHeader } from '~/features/feed/feed-header'
import type { FeedItem } from '~/features/feed/feed-item'
import { PostList } from '~/features/feed/post-list'
import { clearFragmentCache, documentFragments, fragmentCacheMemory } from './fragment-cache.server'

const NOW = '2026-11-22T12:00:00.000Z'

function item(index: number, overrides: Partial<FeedItem> = {}): FeedItem {
  const id = `0b8f3c2e-1d6a-4f57-9a1e-2c3d4e5f6a${String(index).padStart(2, '0')}`
  return {
    id,
    title: `Comment fixer ses prix ? (${index})`,
    content: 'Je lance mon activité de conseil.\nPremier client : une PME lyonnaise.',
    createdAt: `2026-11-2${index % 3}T11:00:00.000Z`,
    imageUrl: null,
    imageAlt: null,
    externalUrl: index % 2 ? 'https://example.fr/article' : null,
    eventDate: null,
    eventLocation: null,
    price: null,
    upvotes: 12 + index,
    downvotes: 2,
    commentsCount: 9,
    viewsCount: 1_530,
    author: {
      id: `p${index}`,
      userId: `u${index}`,
      firstName: 'Manon',
      lastName: 'Girard',
      avatar: null,
    },
    type: { name: 'post', displayName: 'Post' },
    sector: null,
    categories: [],
    tags: [],
    url: `/post/manon-girard/comment-fixer-ses-prix-${index}`,
    viewerVote: null,
    viewerSaved: false,
    ...overrides,
  }
}

interface Viewer {
  signedIn: boolean
  viewerId: string | null
}

const member: Viewer = { signedIn: true, viewerId: 'u-member' }

/**
 * What entry.server.tsx sends for `Component` rendered at `url`: the render, then cached
 * fragments put in and markers removed (`rendered` is the render alone).
 */
function renderAt(url: string, Component: () => ReactNode, { cache = true } = {}) {
  const Stub = createRoutesStub([{ path: '*', Component }])
  const fragments = documentFragments()
  const rendered = renderToString(
    <FragmentCacheContext value={cache ? fragments.renderer : null}>
      <Stub initialEntries={[url]} />
    </FragmentCacheContext>,
  )
  return { rendered, sent: fragments.splice(Buffer.from(rendered)).toString() }
}

function renderFeed(
  posts: FeedItem[],
  viewer: Viewer,
  { cache = true, url = '/feed', now = NOW }: { cache?: boolean; url?: string; now?: string } = {},
) {
  return renderAt(
    url,
    () => (
      <PostList
        posts={posts}
        nextCursor={null}
        now={now}
        {...viewer}
        pageUrl={(cursor) => `/feed?cursor=${cursor}`}
        apiUrl={(cursor) => `/api/feed?cursor=${cursor}`}
      />
    ),
    { cache },
  )
}

const posts = Array.from({ length: 6 }, (_, index) => item(index))

beforeEach(() => clearFragmentCache())

describe('the fragment cache of feed cards (ADR 022)', () => {
  it('sends a page of cached cards byte for byte as the page rendered without the cache', () => {
    const uncached = renderFeed(posts, member, { cache: false }).sent
    const first = renderFeed(posts, member)
    const second = renderFeed(posts, member)

    expect(first.rendered).toContain('data-f="s0"')
    expect(first.sent).toBe(uncached)
    // The second document renders no card: each is a marker the cached HTML replaces.
    expect(second.rendered).not.toContain('<article')
    expect(second.rendered.match(/data-f="h\d+"/g)).toHaveLength(posts.length)
    expect(second.sent).toBe(uncached)
    expect(second.sent).not.toContain('tremplin-fragment')
  })

  it('holds no more memory than the HTML it keeps', () => {
    renderFeed(posts, member)
    const memory = fragmentCacheMemory()
    expect(memory.html).toBeGreaterThan(posts.length * 1_000)
    // Not a 64 KB slice of Node's buffer pool per card, nor the whole document.
    expect(memory.held).toBe(memory.html)
  })

  it('keeps one page’s cards apart from another viewer’s, vote, save, author and address', () => {
    renderFeed(posts, member)
    const variants: { posts: FeedItem[]; viewer: Viewer; url?: string }[] = [
      { posts: [item(1, { viewerVote: 'up', upvotes: 14 })], viewer: member },
      { posts: [item(1, { viewerSaved: true })], viewer: member },
      { posts: [item(1)], viewer: { signedIn: true, viewerId: 'u1' } },
      { posts: [item(1)], viewer: { signedIn: false, viewerId: null } },
      { posts: [item(1)], viewer: member, url: '/feed?category=marketing' },
      { posts: [item(1, { title: 'Un autre titre' })], viewer: member },
    ]
    for (const variant of variants) {
      const options = { url: variant.url ?? '/feed' }
      const expected = renderFeed(variant.posts, variant.viewer, { ...options, cache: false }).sent
      expect(renderFeed(variant.posts, variant.viewer, options).sent).toBe(expected)
      expect(renderFeed(variant.posts, variant.viewer, options).sent).toBe(expected)
    }
    expect(renderFeed([item(1, { viewerVote: 'up' })], member).sent).toContain(
      'aria-pressed="true"',
    )
    expect(renderFeed([item(1)], member).sent).not.toContain('aria-pressed="true"')
    expect(renderFeed([item(1)], { signedIn: true, viewerId: 'u1' }).sent).toContain(
      'delete-post-fallback',
    )
  })

  it('keeps the last version of each card only: new counts replace the card kept (ADR 034)', () => {
    const before = item(3)
    const after = item(3, { upvotes: 99, commentsCount: 10 })
    expect(renderFeed([before], member).rendered).toContain('data-f="s0"')
    expect(renderFeed([before], member).rendered).toContain('data-f="h0"')
    expect(renderFeed([after], member).rendered).toContain('data-f="s0"')
    expect(renderFeed([after], member).rendered).toContain('data-f="h0"')
    // The first version is no longer kept: rendered again, and kept again.
    const again = renderFeed([before], member)
    expect(again.rendered).toContain('data-f="s0"')
    expect(again.sent).toBe(renderFeed([before], member, { cache: false }).sent)
  })

  it('shows the age a card has now, not the age it had when cached', () => {
    const post = item(2, { createdAt: '2026-11-22T11:00:00.000Z' })
    expect(renderFeed([post], member).sent).toContain('il y a 1 h')
    const later = { now: '2026-11-22T14:00:00.000Z' }
    const expected = renderFeed([post], member, { ...later, cache: false }).sent
    expect(expected).toContain('il y a 3 h')
    expect(renderFeed([post], member, later).sent).toBe(expected)
  })

  it('leaves text that looks like a marker as the text it is', () => {
    const trap = item(2, {
      title: '<tremplin-fragment data-f="h0"></tremplin-fragment> et <b>gras</b>',
      content: '"></tremplin-fragment><tremplin-fragment data-f="s0">',
    })
    const expected = renderFeed([trap], member, { cache: false }).sent
    expect(renderFeed([trap], member).sent).toBe(expected)
    expect(renderFeed([trap], member).sent).toBe(expected)
    expect(expected).toContain('&lt;tremplin-fragment')
  })

  it('gives children that render useId values the ids of the place where they are', () => {
    function Field() {
      const id = useId()
      return (
        <p>
          <label htmlFor={id}>Rechercher une communauté</label>
          <input id={id} />
        </p>
      )
    }
    // The fragment is the n-th child of a list: its ids follow that place.
    const page = (place: number, cache: boolean) => {
      const fragments = documentFragments()
      const rendered = renderToString(
        <FragmentCacheContext value={cache ? fragments.renderer : null}>
          <div>
            {[
              ...Array.from({ length: place }, (_, index) => <hr key={index} />),
              <CachedFragment key="field" cacheKey={() => 'champ'} rendersIds>
                <Field />
              </CachedFragment>,
            ]}
          </div>
        </FragmentCacheContext>,
      )
      return fragments.splice(Buffer.from(rendered)).toString()
    }
    expect(page(0, false)).not.toBe(page(3, false))
    for (const place of [0, 3, 0, 3]) expect(page(place, true)).toBe(page(place, false))
  })

  it('does not keep a fragment whose Suspense boundary React writes apart', async () => {
    // Past the first 12 KB or so of a document, React writes a Suspense boundary of over 500
    // bytes after the rest (« outlined ») and moves it in with a script: its content is then
    // outside the fragment's markers, which hold its fallback.
    const page = (cache: boolean) =>
      new Promise<{ rendered: string; sent: string }>((done, fail) => {
        const fragments = documentFragments()
        const { pipe } = renderToPipeableStream(
          <FragmentCacheContext value={cache ? fragments.renderer : null}>
            <div>
              <p>{'Le début de la page. '.repeat(1_000)}</p>
              <CachedFragment cacheKey={() => 'à-part'}>
                <Suspense fallback={<span>…</span>}>
                  <span>{'Prêt'.repeat(200)}</span>
                </Suspense>
              </CachedFragment>
            </div>
          </FragmentCacheContext>,
          {
            onAllReady() {
              const chunks: Buffer[] = []
              pipe(
                new Writable({
                  write(chunk: Buffer, _encoding, callback) {
                    chunks.push(chunk)
                    callback()
                  },
                  final(callback) {
                    const rendered = Buffer.concat(chunks)
                    done({
                      rendered: rendered.toString(),
                      sent: fragments.splice(rendered).toString(),
                    })
                    callback()
                  },
                }),
              )
            },
            onShellError: fail,
          },
        )
      })
    const { rendered, sent } = await page(true)
    expect(rendered).toContain('<!--$?-->')
    expect(sent).toBe((await page(false)).sent)
    // Not kept: the next document renders it again instead of half of it from the cache.
    const again = await page(true)
    expect(again.rendered).toContain('data-f="s0"')
    expect(again.sent).toBe(sent)
  })

  it('keeps each member’s feed header apart, and reuses it for the same member and term', () => {
    const header = (user: { firstName: string; lastName: string } | null, search = '') =>
      renderAt('/feed', () => (
        <FeedHeader user={user && { ...user, avatar: null }} search={search} />
      ))
    const manon = { firstName: 'Manon', lastName: 'Girard' }
    const first = header(manon)
    expect(first.rendered).toContain('data-f="s0"')
    const again = header(manon)
    expect(again.rendered).toContain('data-f="h0"')
    expect(again.sent).toBe(first.sent)
    expect(again.sent).toContain('Menu du compte de <!-- -->Manon Girard')

    const other = header({ firstName: 'Hugo', lastName: 'Faure' })
    expect(other.sent).toContain('Menu du compte de <!-- -->Hugo Faure')
    expect(other.sent).not.toContain('Manon')
    expect(header(manon, 'trésorerie').sent).toContain('value="trésorerie"')
    expect(header(null).sent).toContain('Se connecter')
  })

  it('keeps the site header per member and current site link, as rendered without the cache', () => {
    const header = (
      user: { firstName: string; lastName: string } | null,
      url: string,
      cache = true,
    ) => renderAt(url, () => <SiteHeader user={user && { ...user, avatar: null }} />, { cache })
    const manon = { firstName: 'Manon', lastName: 'Girard' }
    const current = (html: string) => html.match(/aria-current="page"[^>]*>([^<]+)</)?.[1] ?? null

    const onPost = header(manon, '/post/manon-girard/comment-fixer-ses-prix')
    expect(onPost.rendered).toContain('data-f="s0"')
    // Another page outside the site links: the same header, from the cache.
    const onProfile = header(manon, '/profile/u-manon')
    expect(onProfile.rendered).toContain('data-f="h0"')
    expect(onProfile.sent).toBe(onPost.sent)
    expect(onPost.sent).toBe(header(manon, '/profile/u-manon', false).rendered)
    expect(current(onPost.sent)).toBeNull()

    const onArticle = header(manon, '/Blog/lever-des-fonds')
    expect(current(onArticle.sent)).toBe('Blog')
    expect(onArticle.sent).toBe(header(manon, '/Blog/lever-des-fonds', false).rendered)
    expect(current(header(manon, '/faq').sent)).toBe('FAQ')
    expect(current(header(manon, '/blogueurs').sent)).toBeNull()

    const hugo = header({ firstName: 'Hugo', lastName: 'Faure' }, '/profile/u-manon')
    expect(hugo.sent).toContain('Menu du compte de <!-- -->Hugo Faure')
    expect(hugo.sent).not.toContain('Manon')
    expect(header(null, '/profile/u-manon').sent).toContain('Se connecter')
  })

  it('renders its children as they are where no cache is given, as in the browser', () => {
    const children: ReactNode = <p>Bonjour</p>
    expect(renderToString(<CachedFragment cacheKey="inutile">{children}</CachedFragment>)).toBe(
      '<p>Bonjour</p>',
    )
  })
})
