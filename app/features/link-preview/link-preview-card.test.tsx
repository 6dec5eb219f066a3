import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { LinkPreview } from './link-preview'
import { LinkPreviewCard, LinkPreviewSkeleton } from './link-preview-card'

const PAGE_URL = 'https://www.exemple.fr/levee-de-fonds'

function preview(overrides: Partial<LinkPreview> = {}): LinkPreview {
  return {
    url: PAGE_URL,
    title: 'Lever des fonds en 2026',
    description: 'Le guide des premières levées.',
    image: 'https://cdn.exemple.fr/couverture.jpg',
    siteName: 'Le Journal des Fondateurs',
    ...overrides,
  }
}

const render = (props: Parameters<typeof LinkPreviewCard>[0]) =>
  renderToStaticMarkup(<LinkPreviewCard {...props} />)

describe('LinkPreviewCard', () => {
  it('renders nothing on the server until the page can fetch the preview', () => {
    expect(render({ url: PAGE_URL })).toBe('')
  })

  it('shows a given preview as one link to the page, opened in a new tab', () => {
    const html = render({ url: PAGE_URL, initialPreview: preview() })
    expect(html).toMatch(/^<a href="https:\/\/www\.exemple\.fr\/levee-de-fonds" target="_blank"/)
    expect(html).toContain('rel="noopener noreferrer nofollow"')
    expect(html.match(/<a /g)).toHaveLength(1)
    expect(html).toContain('Le Journal des Fondateurs')
    expect(html).toContain('Lever des fonds en 2026')
    expect(html).toContain('Le guide des premières levées.')
    expect(html).toContain('(nouvel onglet)')
  })

  it('loads the image lazily, as decoration, without sending our address as referrer', () => {
    const image =
      /<img [^>]*>/.exec(render({ url: PAGE_URL, initialPreview: preview() }))?.[0] ?? ''
    expect(image).toContain('src="https://cdn.exemple.fr/couverture.jpg"')
    expect(image).toContain('alt=""')
    expect(image).toContain('loading="lazy"')
    expect(image).toContain('referrerPolicy="no-referrer"')
  })

  it('leaves out what the preview lacks, naming the site by its host', () => {
    const html = render({
      url: PAGE_URL,
      initialPreview: preview({ image: null, siteName: null, description: null }),
    })
    expect(html).not.toContain('<img')
    expect(html).toContain('exemple.fr')
    expect(html).toContain('Lever des fonds en 2026')
  })

  it('renders nothing without a preview, or with neither title nor description', () => {
    expect(render({ url: PAGE_URL, initialPreview: null })).toBe('')
    expect(
      render({ url: PAGE_URL, initialPreview: preview({ title: null, description: null }) }),
    ).toBe('')
  })
})

describe('LinkPreviewSkeleton', () => {
  it('is announced as loading', () => {
    const html = renderToStaticMarkup(<LinkPreviewSkeleton />)
    expect(html).toContain('aria-busy="true"')
    expect(html).toContain('Chargement de l’aperçu…')
    expect(html).toContain('class="sr-only"')
  })
})
