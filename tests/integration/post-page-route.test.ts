import { RouterContextProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { postPageMeta, type PostPageData } from '../../app/features/posts/post-page'
import { loader as readableLoader } from '../../app/routes/post.$author.$title'
import { loader as idLoader } from '../../app/routes/post.$postId'
import { sessionMiddleware } from '../../app/server/auth/session.server'
import { db } from '../../app/server/db/db.server'
import { createComment, createPost, createProfile } from '../factories'

type Loader = (args: never) => Promise<unknown>

/** Runs a page loader through the session middleware, as React Router does, for a visitor. */
async function load(loader: Loader, path: string, params: Record<string, string | undefined>) {
  const request = new Request(`http://localhost:3000${path}`)
  const context = new RouterContextProvider()
  let result: unknown
  await sessionMiddleware({ request, context, params: {} } as never, async () => {
    result = await loader({ request, context, params } as never).catch((error: unknown) => error)
    return new Response(null)
  })
  return result
}

function metaOf(data: PostPageData) {
  const meta = postPageMeta(data)
  const byKey = (key: string, value: string) =>
    meta.find((item) => (item as Record<string, unknown>)[key] === value) as
      Record<string, string> | undefined
  const jsonLd = meta.find((item) => 'script:ld+json' in item) as
    { 'script:ld+json': Record<string, unknown> } | undefined
  return { meta, byKey, jsonLd: jsonLd?.['script:ld+json'] }
}

describe('the post pages', () => {
  it('load a post by id and by its readable route, with its comments', async () => {
    const author = await createProfile(db, { firstName: 'Nadia', lastName: 'Benali' })
    const reader = await createProfile(db)
    const post = await createPost(db, {
      authorId: author.id,
      title: 'Quel statut pour démarrer ?',
      content: 'Micro-entreprise ou SASU, vos retours sont bienvenus.',
    })
    await createComment(db, { postId: post.id, authorId: reader.id, content: 'SASU !' })

    const byId = (await load(idLoader, `/post/${post.id}`, { postId: post.id })) as PostPageData
    expect(byId.post).toMatchObject({
      id: post.id,
      url: '/post/nadia-benali/quel-statut-pour-demarrer',
    })
    expect(byId.comments.comments.map((comment) => comment.content)).toEqual(['SASU !'])

    const byRoute = (await load(readableLoader, byId.post.url, {
      author: 'nadia-benali',
      title: 'quel-statut-pour-demarrer',
    })) as PostPageData
    expect(byRoute.post.id).toBe(post.id)

    const { byKey, jsonLd } = metaOf(byRoute)
    expect(byKey('title', 'Quel statut pour démarrer ? · Tremplin')).toBeDefined()
    expect(byKey('rel', 'canonical')?.href).toBe(
      'http://localhost:3000/post/nadia-benali/quel-statut-pour-demarrer',
    )
    expect(byKey('property', 'og:description')?.content).toBe(
      'Micro-entreprise ou SASU, vos retours sont bienvenus.',
    )
    expect(byKey('name', 'twitter:card')?.content).toBe('summary')
    expect(jsonLd).toMatchObject({
      '@type': 'DiscussionForumPosting',
      headline: 'Quel statut pour démarrer ?',
      author: { '@type': 'Person', name: 'Nadia Benali' },
      commentCount: 1,
    })
  })

  it('describe a dated event as an Event with its place and price', async () => {
    const author = await createProfile(db)
    const post = await createPost(db, {
      authorId: author.id,
      type: 'evenement',
      title: 'Apéro des fondateurs',
      eventDate: new Date('2026-12-04T17:30:00Z'),
      eventLocation: 'Lyon',
      price: 10,
      imageUrl: '/uploads/posts/00000000-0000-4000-8000-000000000000.webp',
    })
    const data = (await load(idLoader, `/post/${post.id}`, { postId: post.id })) as PostPageData
    const { byKey, jsonLd } = metaOf(data)
    expect(jsonLd).toMatchObject({
      '@type': 'Event',
      name: 'Apéro des fondateurs',
      startDate: '2026-12-04T17:30:00.000Z',
      location: { '@type': 'Place', name: 'Lyon' },
      offers: { price: 10, priceCurrency: 'EUR' },
    })
    expect(byKey('property', 'og:image')?.content).toBe(
      'http://localhost:3000/uploads/posts/00000000-0000-4000-8000-000000000000.webp',
    )
    expect(byKey('name', 'twitter:card')?.content).toBe('summary_large_image')
  })

  it.each([
    ['a blank id', idLoader, { postId: ' ' }, 400, 'ID du post manquant'],
    ['a malformed id', idLoader, { postId: 'abc' }, 404, 'Post non trouvé'],
    [
      'an unknown id',
      idLoader,
      { postId: '00000000-0000-4000-8000-000000000000' },
      404,
      'Post non trouvé',
    ],
    [
      'an unknown route',
      readableLoader,
      { author: 'personne', title: 'rien' },
      404,
      'Post non trouvé',
    ],
    [
      'a malformed route',
      readableLoader,
      { author: 'Personne', title: 'rien' },
      404,
      'Post non trouvé',
    ],
  ] as const)(
    'answer %s with an error status and its French message',
    async (_, loader, params, status, message) => {
      // React Router turns the thrown data() into the error response the boundary receives.
      const error = await load(loader as Loader, '/post/x', params)
      expect(error).toMatchObject({ type: 'DataWithResponseInit', data: message, init: { status } })
    },
  )
})
