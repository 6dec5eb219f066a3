import { renderToStaticMarkup } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { CommentItem, CommentsPage, RefusedComment } from './comment-item'
import { CommentsPanel } from './comments-panel'

const POST_ID = '0b8f3c2e-1d6a-4f57-9a1e-2c3d4e5f6a7b'

function comment(overrides: Partial<CommentItem> = {}): CommentItem {
  return {
    id: 'c0a8f3c2-1d6a-4f57-9a1e-2c3d4e5f6a7b',
    postId: POST_ID,
    content: 'Merci pour le partage !',
    createdAt: '2020-01-01T10:00:00.000Z',
    author: { id: 'p1', userId: 'u1', firstName: 'Manon', lastName: 'Girard', avatar: null },
    ...overrides,
  }
}

/** The opening tag of the 'Commenter' button. */
function commentButton(html: string): string {
  const match = /<button[^>]*type="submit"[^>]*>(?:(?!<\/button>).)*Commenter<\/button>/.exec(html)
  expect(match).not.toBeNull()
  return match![0].slice(0, match![0].indexOf('>') + 1)
}

function render(
  props: {
    signedIn?: boolean
    viewerId?: string | null
    initialComments?: CommentsPage
    /** The page's address. */
    url?: string
    closable?: boolean
    postPage?: boolean
    refused?: RefusedComment
  } = {},
) {
  const Stub = createRoutesStub([
    {
      path: '*',
      Component: () => (
        <CommentsPanel
          postId={POST_ID}
          signedIn={props.signedIn ?? true}
          viewerId={props.viewerId ?? null}
          onClose={props.closable === false ? undefined : () => {}}
          initialComments={props.initialComments}
          postPage={props.postPage}
          refused={props.refused}
        />
      ),
    },
  ])
  return renderToStaticMarkup(<Stub initialEntries={[props.url ?? '/feed?sector=sante']} />)
}

describe('CommentsPanel', () => {
  it('shows loading placeholders until the comments arrive', () => {
    const html = render()
    expect(html).toContain('Chargement des commentaires…')
    expect(html.match(/class="size-8 shrink-0 rounded-full bg-muted"/g)).toHaveLength(3)
    expect(html).not.toContain('Aucun commentaire')
  })

  it('says when there is no comment yet, with the spec’s words', () => {
    const html = render({ initialComments: { comments: [], commentsCount: 0, olderCursor: null } })
    expect(html).toContain('Aucun commentaire pour l&#x27;instant. Soyez le premier !')
  })

  it('lists comments with name (or “Utilisateur”), initials, relative time and kept line breaks', () => {
    const html = render({
      initialComments: {
        comments: [
          comment(),
          comment({
            id: 'd1',
            content: 'Ligne 1\nLigne 2',
            author: { id: 'p2', userId: 'u2', firstName: '', lastName: '', avatar: '/a.webp' },
          }),
        ],
        commentsCount: 2,
        olderCursor: null,
      },
    })
    expect(html).toContain('>Manon Girard</a>')
    expect(html).toContain('>MG</span>')
    expect(html).toContain('>Utilisateur</a>')
    expect(html).toContain('src="/a.webp"')
    expect(html).toMatch(/il y a \d+ ans?</)
    expect(html).toContain('Ligne 1\nLigne 2')
    expect(html).toContain('whitespace-pre-wrap')
    expect(html.indexOf('Manon Girard')).toBeLessThan(html.indexOf('Utilisateur'))
  })

  it('gives only the author of a comment a “Supprimer” button', () => {
    const initialComments = {
      comments: [comment(), comment({ id: 'd2', author: { ...comment().author, userId: 'u9' } })],
      commentsCount: 2,
      olderCursor: null,
    }
    expect(render({ viewerId: 'u1', initialComments }).match(/>Supprimer</g)).toHaveLength(1)
    expect(render({ viewerId: 'u5', initialComments })).not.toContain('>Supprimer<')
  })

  it('is a real form posting to the comments route, back to the current page', () => {
    const html = render({ initialComments: { comments: [], commentsCount: 0, olderCursor: null } })
    expect(html).toContain(`action="/api/posts/${POST_ID}/comments"`)
    expect(html).toContain('method="post"')
    expect(html).toContain('name="intent" value="comment"')
    expect(html).toContain(`name="redirectTo" value="/feed?sector=sante#post-${POST_ID}-comments"`)
    expect(html).toMatch(
      /<label for="([^"]+)"[^>]*>Votre commentaire<\/label><textarea[^>]*id="\1"/,
    )
    expect(html).toContain('maxLength="2000"')
    // Closing takes JavaScript: a browser without it does not show 'Fermer'.
    expect(html).toMatch(/<button[^>]*class="[^"]*noscript:hidden[^"]*"[^>]*>.*?Fermer<\/button>/)
    // Without JavaScript the server validates: the button is not disabled for an empty box.
    expect(commentButton(html)).not.toContain(' disabled=""')
  })

  it('offers no « Fermer » where it could not be opened again (a visitor on a post page)', () => {
    const html = render({
      signedIn: false,
      closable: false,
      initialComments: { comments: [], commentsCount: 0, olderCursor: null },
    })
    expect(html).toContain('Commentaires')
    expect(html).not.toContain('Fermer')
  })

  it('links to the older comments beyond the most recent page, with their number', () => {
    const html = render({
      url: '/post/manon-girard/un-titre',
      initialComments: {
        comments: [comment()],
        commentsCount: 101,
        olderCursor: '2026-11-20 10:00:00.123456+00_00000000-0000-4000-8000-000000000001',
      },
    })
    const link = html.match(
      /<a[^>]*href="([^"]*)"[^>]*>Afficher les commentaires précédents \(100\)<\/a>/,
    )
    expect(link?.[1]).toBe(
      `/post/manon-girard/un-titre?avant=2026-11-20+10%3A00%3A00.123456%2B00_00000000-0000-4000-8000-000000000001#post-${POST_ID}-comments`,
    )
    expect(html).not.toContain('les plus récents')
    expect(
      render({ initialComments: { comments: [comment()], commentsCount: 1, olderCursor: null } }),
    ).not.toContain('commentaires précédents')
  })

  it('in a feed, links to the older comments on the post’s own page', () => {
    const html = render({
      initialComments: { comments: [comment()], commentsCount: 101, olderCursor: 'curseur' },
    })
    expect(html).toContain(`href="/post/${POST_ID}?avant=curseur#post-${POST_ID}-comments"`)
  })

  it('on the post’s page, posts to the page, which gives a refused comment back in its box', () => {
    const initialComments = { comments: [], commentsCount: 0, olderCursor: null }
    const url = '/post/manon-girard/un-titre?avant=2026-11-20+10%3A00%3A00%2B00_x'
    const html = render({ url, postPage: true, initialComments })
    // By id (a rename of the author cannot move it), without a fragment (autofocus).
    expect(html).toContain(`action="/post/${POST_ID}"`)
    expect(html).toContain(
      `name="redirectTo" value="/post/manon-girard/un-titre#post-${POST_ID}-comments"`,
    )
    expect(html).not.toContain('aria-invalid="')
    expect(html).not.toContain('autofocus')

    const refused = render({
      url,
      postPage: true,
      initialComments,
      refused: { message: 'Trop de tentatives.', content: 'Mon avis <b>gardé</b>' },
    })
    const textarea = /<textarea[^>]*>[^<]*<\/textarea>/.exec(refused)?.[0] ?? ''
    expect(textarea).toContain('>Mon avis &lt;b&gt;gardé&lt;/b&gt;</textarea>')
    expect(textarea).toContain('aria-invalid="true"')
    expect(textarea).toContain('autofocus=""')
    const errorId = /<p id="([^"]+)" role="alert"[^>]*>Erreur: Trop de tentatives\.<\/p>/.exec(
      refused,
    )?.[1]
    expect(errorId).toBeDefined()
    expect(textarea).toMatch(new RegExp(`aria-describedby="[^"]*${errorId}"`))
  })

  it('on a page of older comments, links back to the newest and posts back there', () => {
    const html = render({
      url: '/post/manon-girard/un-titre?avant=2026-11-20+10%3A00%3A00%2B00_00000000-0000-4000-8000-000000000001',
      initialComments: {
        comments: [comment()],
        commentsCount: 301,
        olderCursor: 'curseur',
        olderPage: true,
      },
    })
    // Older than these: how many is not known (the newer ones are not listed here).
    expect(html).toMatch(/>Afficher les commentaires précédents<\/a>/)
    expect(html).toMatch(
      new RegExp(
        `href="/post/manon-girard/un-titre#post-${POST_ID}-comments"[^>]*>Voir les commentaires les plus récents<`,
      ),
    )
    expect(html).toContain(
      `name="redirectTo" value="/post/manon-girard/un-titre#post-${POST_ID}-comments"`,
    )
  })

  it('on a page with nothing older (a stale link), says so and links back to the newest', () => {
    const html = render({
      url: '/post/manon-girard/un-titre?avant=2026-01-01+00%3A00%3A00%2B00_00000000-0000-4000-8000-000000000001',
      initialComments: { comments: [], commentsCount: 3, olderCursor: null, olderPage: true },
    })
    expect(html).toContain('Aucun commentaire plus ancien.')
    expect(html).not.toContain('Soyez le premier')
    expect(html).toContain(`href="/post/manon-girard/un-titre#post-${POST_ID}-comments"`)
  })

  it('shows visitors a link to sign in, back to this page, and a disabled form', () => {
    const html = render({
      signedIn: false,
      initialComments: { comments: [], commentsCount: 0, olderCursor: null },
    })
    expect(html).toContain('href="/auth?redirectTo=%2Ffeed%3Fsector%3Dsante"')
    expect(html).toContain('Connectez-vous pour commenter')
    expect(html).toMatch(/<textarea[^>]*disabled=""/)
    expect(commentButton(html)).toContain(' disabled=""')
  })
})
