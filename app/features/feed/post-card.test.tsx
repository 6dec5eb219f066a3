import { renderToStaticMarkup } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { FeedItem } from './feed-item'
import { PostCard } from './post-card'

const NOW = '2026-11-22T12:00:00.000Z'

function item(overrides: Partial<FeedItem> = {}): FeedItem {
  return {
    id: '0b8f3c2e-1d6a-4f57-9a1e-2c3d4e5f6a7b',
    title: 'Comment fixer ses prix ?',
    content: 'Je lance mon activité de conseil.',
    createdAt: '2026-11-22T11:00:00.000Z',
    imageUrl: null,
    imageAlt: null,
    externalUrl: null,
    eventDate: null,
    eventLocation: null,
    price: null,
    upvotes: 1234,
    downvotes: 2,
    commentsCount: 999,
    viewsCount: 15_300,
    author: { id: 'p1', userId: 'u1', firstName: 'Manon', lastName: 'Girard', avatar: null },
    type: { name: 'post', displayName: 'Post' },
    sector: null,
    categories: [],
    tags: [],
    url: '/post/manon-girard/comment-fixer-ses-prix',
    viewerVote: null,
    viewerSaved: false,
    ...overrides,
  }
}

function render(post: FeedItem, props: { signedIn?: boolean; viewerId?: string | null } = {}) {
  const Stub = createRoutesStub([
    { path: '/feed', Component: () => <PostCard post={post} now={NOW} {...props} /> },
  ])
  return renderToStaticMarkup(<Stub initialEntries={['/feed']} />)
}

describe('PostCard', () => {
  it('shows counts in French compact form and the relative time', () => {
    const html = render(item())
    expect(html).toContain('1,2\u00A0k')
    expect(html).toContain('15,3\u00A0k')
    expect(html).toContain('>999<')
    expect(html).toContain('il y a 1 h')
  })

  it("names an author without a name 'Utilisateur' and a post without community 'Général'", () => {
    const html = render(
      item({ author: { id: 'p', userId: 'u', firstName: '', lastName: ' ', avatar: null } }),
    )
    expect(html).toContain('Utilisateur')
    expect(html).toContain('Général ·')
  })

  it('labels the community with the first category, else the sector', () => {
    const sector = { name: 'sante', displayName: 'Santé', icon: 'HeartPulse' }
    expect(render(item({ sector }))).toContain('Santé ·')
    expect(
      render(
        item({
          sector,
          categories: [
            { name: 'rh', displayName: 'RH' },
            { name: 'marque', displayName: 'Marque' },
          ],
        }),
      ),
    ).toContain('RH ·')
  })

  it('truncates the title at 100 and the content at 200 characters with Voir plus', () => {
    const html = render(item({ title: 'T'.repeat(120), content: 'mot '.repeat(80) }))
    expect(html).toContain(`${'T'.repeat(100)}…`)
    expect(html).toContain('Voir plus')
    expect(render(item())).not.toContain('Voir plus')
  })

  it('gives the image the author’s description, or none when it is decoration (ADR 064)', () => {
    const image = (html: string) => /<img [^>]*src="\/uploads\/posts\/[^>]*>/.exec(html)?.[0]
    const described = render(
      item({ imageUrl: '/uploads/posts/a.webp', imageAlt: 'Un graphique des ventes « 2026 »' }),
    )
    expect(image(described)).toContain('alt="Un graphique des ventes « 2026 »"')
    expect(image(render(item({ imageUrl: '/uploads/posts/b.webp' })))).toContain('alt=""')
  })

  it('shows a video link as a thumbnail with a play button, not a player', () => {
    const html = render(item({ externalUrl: 'https://youtu.be/dQw4w9WgXcQ' }))
    expect(html).toContain('https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg')
    expect(html).toMatch(/<button[^>]*class="[^"]*noscript:hidden[^"]*"[^>]*>.*?Lire la vidéo/)
    // A browser that runs no script gets a link to the video instead (ADR 046).
    expect(html).toMatch(
      /<a href="https:\/\/youtu\.be\/dQw4w9WgXcQ"[^>]*rel="noopener noreferrer nofollow ugc"[^>]*class="[^"]*hidden noscript:block[^"]*">.*?Voir la vidéo/,
    )
    expect(html).not.toContain('<iframe')
  })

  it('offers the external link for a video as for any link (spec: the card’s external-link button)', () => {
    const html = render(item({ externalUrl: 'https://youtu.be/dQw4w9WgXcQ' }))
    const link = html.match(/<a href="([^"]*)"[^>]*>(?:(?!<\/a>).)*Ouvrir le lien/)
    expect(link?.[1]).toBe('https://youtu.be/dQw4w9WgXcQ')
  })

  it('offers an external link in a new tab for other links', () => {
    const html = render(item({ externalUrl: 'https://www.bpifrance.fr' }))
    expect(html).toContain('href="https://www.bpifrance.fr"')
    expect(html).toContain('rel="noopener noreferrer nofollow ugc"')
  })

  it('shows an event price only above 0, in euros', () => {
    const event = {
      type: { name: 'evenement', displayName: 'Événement' },
      eventDate: '2026-12-04T17:30:00.000Z',
      eventLocation: 'Lyon, La Cordée',
    }
    expect(render(item({ ...event, price: 15 }))).toContain('15\u00A0€')
    const free = render(item({ ...event, price: 0 }))
    expect(free).not.toContain('€')
    expect(free).toContain('Lyon, La Cordée')
    expect(free).toContain('à 18h30')
  })

  it('gives visitors sign-in links for votes, comments and save; members see their own state', () => {
    const visitor = render(item())
    expect(visitor).toContain('href="/auth?redirectTo=%2Ffeed"')
    expect(visitor).toContain('Sauvegarder')
    const member = render(item({ viewerVote: 'up', viewerSaved: true }), {
      signedIn: true,
      viewerId: 'autre',
    })
    expect(member).not.toContain('/auth?redirectTo')
    expect(member).toContain('Sauvegardé')
  })

  it('names each count with the figure it shows (WCAG 2.5.3: « 1,2 k » is said as shown)', () => {
    const text = (html: string) => html.replaceAll(/<[^>]+>/g, '')
    for (const props of [{}, { signedIn: true, viewerId: 'autre' }]) {
      const shown = text(render(item({ commentsCount: 1500 }), props))
      expect(shown).toContain('J’aime : 1,2\u00A0k')
      expect(shown).toContain('Commentaires : 1,5\u00A0k')
      expect(shown).not.toContain('1234')
    }
  })

  it('shows the delete menu to the author only', () => {
    expect(render(item(), { signedIn: true, viewerId: 'u1' })).toContain('Options du post')
    expect(render(item(), { signedIn: true, viewerId: 'u2' })).not.toContain('Options du post')
    expect(render(item())).not.toContain('Options du post')
  })
})
