import { RouterContextProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { action, loader } from '../../app/routes/feed'
import { sessionMiddleware } from '../../app/server/auth/session.server'
import { db } from '../../app/server/db/db.server'
import { parseJsonText } from '../../app/utils/json-text'
import { createPost, createProfile } from '../factories'

type LoaderData = Awaited<ReturnType<typeof loader>>

/** Runs the feed loader as React Router would: through the session middleware. */
async function loadFeed(path: string): Promise<LoaderData> {
  const request = new Request(`http://localhost:3000${path}`)
  const context = new RouterContextProvider()
  let result: LoaderData | undefined
  await sessionMiddleware(
    { request, context, params: {}, unstable_pattern: '' } as never,
    async () => {
      result = await loader({ request, context, params: {} } as never)
      return new Response(null)
    },
  )
  return result!
}

describe('the feed route', () => {
  it('shows the three sample articles while the database holds no post, and stores none', async () => {
    const empty = await loadFeed('/feed')
    expect(parseJsonText(empty.posts)).toEqual([])
    expect(empty.samples.map((article) => article.title)).toHaveLength(3)
    const dates = empty.samples.map((article) => article.publishedAt)
    expect(dates).toEqual(dates.toSorted().toReversed())

    // A filtered empty feed is an empty state, not an invitation to samples.
    expect((await loadFeed('/feed?category=marketing')).samples).toEqual([])

    const author = await createProfile(db)
    await createPost(db, { authorId: author.id, title: 'Premier vrai post' })
    const real = await loadFeed('/feed')
    expect(real.samples).toEqual([])
    expect(parseJsonText(real.posts).map((post) => post.title)).toEqual(['Premier vrai post'])
  })

  it('ignores malformed filters instead of failing', async () => {
    const result = await loadFeed(
      '/feed?category=%3Cscript%3E&sector=&q=%20%20&cursor=nimportequoi',
    )
    expect(result.selection).toMatchObject({ category: null, sector: null, q: null })
  })

  it('sends a visitor who stars a community to sign in', async () => {
    const form = new FormData()
    form.set('intent', 'favorite')
    form.set('itemType', 'category')
    form.set('name', 'marketing')
    form.set('redirectTo', '/feed')
    const request = new Request('http://localhost:3000/feed', { method: 'POST', body: form })
    const context = new RouterContextProvider()
    let thrown: unknown
    await sessionMiddleware(
      { request, context, params: {}, unstable_pattern: '' } as never,
      async () => {
        try {
          await action({ request, context, params: {} } as never)
        } catch (error) {
          thrown = error
        }
        return new Response(null)
      },
    )
    expect(thrown).toBeInstanceOf(Response)
    expect((thrown as Response).headers.get('location')).toBe('/auth?redirectTo=%2Ffeed')
  })
})
