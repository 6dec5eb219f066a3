import { describe, expect, it } from 'vitest'
import { parseForm } from '~/utils/parse-form'
import { sanitizeText } from '~/utils/sanitize-text'
import { LinksSchema, ProfileSchema, validationSummary } from './profile.schema'

const base = { intent: 'profile', firstName: 'Awa', lastName: 'Diallo' }

describe('sanitizeText', () => {
  it.each([
    ['  Awa  ', 'Awa'],
    ['Fondatrice\u0000 de\u0007 Kinésens', 'Fondatrice de Kinésens'],
    ['Start\u200Bup', 'Startup'],
    ['Paris\u202E\u2066siraP', 'ParissiraP'],
    ['ligne 1\r\nligne 2', 'ligne 1 ligne 2'],
    ['\uFEFFBOM', 'BOM'],
    ['a\u0085b\u009Fc', 'abc'],
  ])('%j → %j on one line', (value, expected) => {
    expect(sanitizeText(value)).toBe(expected)
  })

  it('keeps line breaks where the field is multi-line, at most one blank line', () => {
    expect(sanitizeText('Un\r\n\r\n\r\n\r\nDeux  \nTrois\u0000', { multiline: true })).toBe(
      'Un\n\nDeux\nTrois',
    )
  })
})

describe('ProfileSchema', () => {
  it('sanitises every text field and normalises the links', () => {
    const result = ProfileSchema.parse({
      ...base,
      firstName: ' Awa\u200B ',
      job: ' CEO \u0007',
      company: 'Kinésens',
      description: 'Rééducation connectée',
      bio: 'Kiné.\r\n\r\nFondatrice.',
      linkedin: 'linkedin.com/in/awa-diallo',
      website: ' https://kinesens.fr ',
    })
    expect(result).toEqual({
      intent: 'profile',
      firstName: 'Awa',
      lastName: 'Diallo',
      job: 'CEO',
      company: 'Kinésens',
      city: null,
      country: null,
      description: 'Rééducation connectée',
      bio: 'Kiné.\n\nFondatrice.',
      linkedin: 'https://linkedin.com/in/awa-diallo',
      website: 'https://kinesens.fr/',
    })
  })

  it('counts a name in characters (code points), as PostgreSQL does, not in UTF-16 units', () => {
    // 30 letters outside the Basic Multilingual Plane: 60 units, 30 characters.
    const astral = '𝕏'.repeat(30)
    expect(ProfileSchema.safeParse({ ...base, firstName: astral }).success).toBe(true)
    const result = ProfileSchema.safeParse({ ...base, firstName: '𝕏'.repeat(51) })
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Le prénom contient au plus 50 caractères.',
    ])
    const both = ProfileSchema.safeParse({
      ...base,
      firstName: 'x'.repeat(51),
      lastName: 'y'.repeat(51),
    })
    expect(both.error?.issues.map((issue) => issue.message)).toEqual([
      'Le prénom contient au plus 50 caractères.',
      'Le nom contient au plus 50 caractères.',
    ])
  })

  it.each([
    [{ firstName: '  ' }, 'firstName', 'Le prénom est obligatoire'],
    [{ firstName: '\u200B' }, 'firstName', 'Le prénom est obligatoire'],
    [{ lastName: undefined }, 'lastName', 'Le nom est obligatoire'],
    [{ job: 'x'.repeat(101) }, 'job', 'Le poste contient au plus 100 caractères.'],
    [{ bio: 'x'.repeat(2001) }, 'bio', 'La bio contient au plus 2\u202F000 caractères.'],
    [
      { website: 'javascript:alert(1)' },
      'website',
      'Site web : Veuillez entrer un lien valide, par exemple https://exemple.fr.',
    ],
    [
      { linkedin: 'ftp://linkedin.com' },
      'linkedin',
      'LinkedIn : Veuillez entrer un lien valide, par exemple https://exemple.fr.',
    ],
    [
      { website: 'localhost' },
      'website',
      'Site web : Veuillez entrer un lien valide, par exemple https://exemple.fr.',
    ],
  ])('refuses %j', (change, field, message) => {
    const result = ProfileSchema.safeParse({ ...base, ...change })
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      [field, message],
    ])
  })
})

describe('ProfileSchema as the form and the action read it (parseForm, FormData)', () => {
  function submit(fields: Record<string, string>) {
    const formData = new FormData()
    for (const [name, value] of Object.entries({ ...base, ...fields })) formData.set(name, value)
    return parseForm(formData, { schema: ProfileSchema })
  }

  it('clears an optional field of spaces, tabs or line breaks rather than refusing the form', () => {
    const submission = submit({
      job: '   ',
      company: '\t',
      city: ' \u200B ',
      description: '  ',
      bio: ' \n \n ',
      linkedin: '   ',
      website: ' ',
    })
    expect(submission.status).toBe('success')
    expect(submission.status === 'success' && submission.value).toMatchObject({
      job: null,
      company: null,
      city: null,
      description: null,
      bio: null,
      linkedin: null,
      website: null,
    })
  })

  it.each([
    ['firstName', '   ', 'Le prénom est obligatoire'],
    ['lastName', ' \u200B ', 'Le nom est obligatoire'],
    ['firstName', '', 'Le prénom est obligatoire'],
  ])('refuses %s %j with its French message', (field, value, message) => {
    const submission = submit({ [field]: value })
    expect(submission.status === 'error' && submission.error).toEqual({ [field]: [message] })
  })
})

describe('LinksSchema', () => {
  const INVALID_LINK = 'Veuillez entrer un lien valide, par exemple https://exemple.fr.'

  it.each([
    ['exemple.fr', 'https://exemple.fr/'],
    ['www.exemple.fr/page?a=1', 'https://www.exemple.fr/page?a=1'],
    ['http://exemple.fr', 'http://exemple.fr/'],
    ['HTTPS://Exemple.FR/Chemin', 'https://exemple.fr/Chemin'],
    [' exemple.fr/a b ', 'https://exemple.fr/ab'],
    // A host and its port are not a scheme (the URL standard would read 'monsite.fr:' as one).
    ['monsite.fr:8080/page', 'https://monsite.fr:8080/page'],
    ['www.exemple.fr:443', 'https://www.exemple.fr/'],
    ['http://monsite.fr:8080', 'http://monsite.fr:8080/'],
  ])('%j becomes %j', (url, expected) => {
    const result = LinksSchema.parse({ intent: 'links', links: [{ title: 'Site', url }] })
    expect(result.links).toEqual([{ title: 'Site', url: expected }])
  })

  it('drops blank rows and keeps the order', () => {
    const result = LinksSchema.parse({
      intent: 'links',
      links: [
        { title: 'A', url: 'a.fr' },
        {},
        { title: ' ', url: ' ' },
        { title: 'B', url: 'b.fr' },
      ],
    })
    expect(result.links.map((link) => link.title)).toEqual(['A', 'B'])
  })

  it.each<[Record<string, string>, string, string]>([
    [{ title: 'Site' }, 'links.0.url', 'L’adresse du lien est obligatoire.'],
    [{ url: 'exemple.fr' }, 'links.0.title', 'Le titre du lien est obligatoire.'],
    // Any scheme but http(s), a host and its port aside.
    ...[
      'javascript:alert(1)',
      'data:text/html,<script>',
      'mailto:awa@exemple.fr',
      'tel:0612345678',
    ].map((url): [Record<string, string>, string, string] => [
      { title: 'X', url },
      'links.0.url',
      INVALID_LINK,
    ]),
    // 71 characters as typed, 371 as stored (each « é » written %C3%A9), where 300 are allowed.
    [
      { title: 'X', url: `exemple.fr/${'é'.repeat(60)}` },
      'links.0.url',
      'Le lien contient au plus 300 caractères une fois encodé (une lettre accentuée en compte 6).',
    ],
  ])('refuses %j on its own field', (row, path, message) => {
    const result = LinksSchema.safeParse({ intent: 'links', links: [row] })
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      [path, message],
    ])
  })

  it('refuses more than ten links', () => {
    const links = Array.from({ length: 11 }, (_, index) => ({ title: `L${index}`, url: 'a.fr' }))
    expect(LinksSchema.safeParse({ intent: 'links', links }).success).toBe(false)
  })
})

describe('validationSummary', () => {
  it('lists every message once after the prefix of the specification', () => {
    expect(validationSummary(['A', 'B', 'A'])).toBe('Erreurs de validation: A ; B')
  })
})
