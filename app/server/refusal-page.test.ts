import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { refusalPage, wantsPage } from './refusal-page.server'

describe('a refusal before the app', () => {
  it('is a page for a browser’s navigation, text for any other client', () => {
    expect(wantsPage('text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8')).toBe(true)
    expect(wantsPage('*/*')).toBe(false)
    expect(wantsPage('application/json')).toBe(false)
    expect(wantsPage(undefined)).toBe(false)
  })

  it('tells a body too large in French, with what to do next and a way home', () => {
    const { headers, body } = refusalPage({
      status: 413,
      message: 'Requête refusée : son contenu dépasse 12 Mo.',
    })
    expect(headers['Content-Type']).toBe('text/html; charset=utf-8')
    expect(headers['Cache-Control']).toBe('no-store')
    expect(body).toMatch(/^<!doctype html><html lang="fr">/)
    expect(body).toContain('<title>Envoi trop volumineux · Tremplin</title>')
    expect(body).toContain('<h1>Envoi trop volumineux</h1>')
    expect(body).toContain('<p>Requête refusée : son contenu dépasse 12 Mo.</p>')
    expect(body).toContain('Une image ne doit pas dépasser 5 Mo : revenez')
    expect(body).toContain('bouton Retour de votre navigateur')
    expect(body).toContain('<a href="/">Revenir à l’accueil de Tremplin</a>')
  })

  it('allows its own style and nothing else: no script, no other source', () => {
    const { headers, body } = refusalPage({ status: 403, message: 'Requête refusée.' })
    const style = /<style>(.*?)<\/style>/.exec(body)?.[1] ?? ''
    const hash = createHash('sha256').update(style).digest('base64')
    expect(headers['Content-Security-Policy']).toBe(
      `default-src 'none'; style-src 'sha256-${hash}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    )
    expect(body).not.toContain('<script')
    expect(body).toContain('<h1>Envoi refusé</h1>')
    expect(body).not.toContain('bouton Retour')
  })
})
