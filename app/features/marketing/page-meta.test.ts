import { describe, expect, it } from 'vitest'
import { pageMeta } from './page-meta'

const matches = [{ id: 'root', loaderData: { user: null, origin: 'https://tremplin.fr' } }]

describe('pageMeta', () => {
  it('gives a page its canonical address: its path on the public origin, without the query', () => {
    const meta = pageMeta('À propos', 'L’histoire de Tremplin.', {
      location: { pathname: '/about' },
      matches,
    })
    expect(meta).toContainEqual({
      tagName: 'link',
      rel: 'canonical',
      href: 'https://tremplin.fr/about',
    })
    expect(meta).toContainEqual({ property: 'og:url', content: 'https://tremplin.fr/about' })
    expect(meta).toContainEqual({ title: 'À propos · Tremplin' })
  })

  it('names the one address of a page reached with other letter cases or a last slash', () => {
    const canonicalOf = (pathname: string) => {
      const meta = pageMeta('Blog', 'Le blog.', { location: { pathname }, matches })
      return (meta.find((tag) => 'rel' in tag) as { href?: string } | undefined)?.href
    }
    expect(canonicalOf('/Blog/Choisir-Son-Statut-Juridique/')).toBe(
      'https://tremplin.fr/blog/choisir-son-statut-juridique',
    )
    expect(canonicalOf('/')).toBe('https://tremplin.fr/')
  })

  it('gives none to a page that does not exist, nor without the root’s origin', () => {
    const missing = pageMeta('Article introuvable', 'Cet article n’existe pas.')
    const noOrigin = pageMeta('Contact', 'Écrivez-nous.', {
      location: { pathname: '/contact' },
      matches: [{ id: 'root', loaderData: undefined }],
    })
    for (const meta of [missing, noOrigin]) {
      expect(
        meta.some((tag) => 'rel' in tag || ('property' in tag && tag.property === 'og:url')),
      ).toBe(false)
    }
  })
})
