import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { FieldErrors } from './forms'

describe('FieldErrors', () => {
  // A live region inserted together with its text is not announced by most screen readers:
  // it must be in the page, empty, before the first error comes (a field checked on blur
  // shows it while the focus is already on the next field).
  it('keeps an empty live region in the page while the field has no error', () => {
    const html = renderToStaticMarkup(<FieldErrors id="email-error" />)
    expect(html).toMatch(/^<div id="email-error"[^>]* aria-live="polite"[^>]*><\/div>$/)
  })

  it('takes no room while it is empty, and lists the errors once they come', () => {
    const empty = renderToStaticMarkup(<FieldErrors id="e" errors={[]} />)
    expect(empty).toContain('empty:absolute')
    const html = renderToStaticMarkup(
      <FieldErrors id="e" errors={['Adresse e-mail invalide', 'Requis']} />,
    )
    expect(html).toContain('<ul><li>Adresse e-mail invalide</li><li>Requis</li></ul>')
  })
})
