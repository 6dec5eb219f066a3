import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { boundedForm, MAX_FORM_FIELDS, parseForm } from './parse-form'

const ContactLike = z.object({ name: z.string({ message: 'Le nom est requis.' }) })

function formOf(entries: [string, string][]): FormData {
  const form = new FormData()
  for (const [name, value] of entries) form.append(name, value)
  return form
}

describe('parseForm', () => {
  it('leaves out a field whose list index would make Conform build a huge list', () => {
    const form = formOf([
      ['name', ''],
      ['x[4294967294]', '1'],
      ['links[1].url[9999999]', '1'],
    ])
    expect([...boundedForm(form).keys()]).toEqual(['name'])

    // Past the bound but small enough to run: the form echoed back stays the size it was sent.
    const reply = parseForm(formOf([['x[10000000]', '1']]), { schema: ContactLike }).reply()
    expect(JSON.stringify(reply).length).toBeLessThan(1_000)
  })

  it('leaves out a Conform intent it could not read safely, and keeps those of its buttons', () => {
    const intent = (value: unknown) => JSON.stringify(value)
    const huge = { type: 'update', payload: { name: 'x', index: 4294967294, value: '1' } }
    for (const sent of [
      intent(huge),
      intent({ type: 'update', payload: { name: 'x[4294967294]', value: '1' } }),
      intent({ type: 'reorder', payload: { name: 'links', from: 0, to: 1e9 } }),
      intent({ type: 'insert', payload: { name: 'links', index: -1 } }),
      intent({ type: 'update' }),
      intent(null),
      '{"type":',
    ]) {
      expect([
        ...boundedForm(
          formOf([
            ['name', ''],
            ['__intent__', sent],
          ]),
        ).keys(),
      ]).toEqual(['name'])
    }
    const reply = parseForm(
      formOf([
        ['__intent__', intent({ ...huge, payload: { ...huge.payload, index: 10_000_000 } })],
      ]),
      {
        schema: ContactLike,
      },
    ).reply()
    expect(JSON.stringify(reply).length).toBeLessThan(1_000)

    const button = formOf([
      ['links[0].title', 'Site'],
      ['__intent__', intent({ type: 'insert', payload: { name: 'links' } })],
      ['__intent__', intent({ type: 'remove', payload: { name: 'links', index: 0 } })],
    ])
    expect(boundedForm(button)).toBe(button)
  })

  it('reads the first fields of a form that sends too many', () => {
    const entries = Array.from({ length: MAX_FORM_FIELDS + 50 }, (_, i): [string, string] => [
      `f${i}`,
      'x',
    ])
    const kept = [...boundedForm(formOf(entries)).keys()]
    expect(kept).toHaveLength(MAX_FORM_FIELDS)
    expect(kept.at(-1)).toBe(`f${MAX_FORM_FIELDS - 1}`)
  })

  it("hands the app's own forms over as they are, lists and files included", () => {
    const form = formOf([
      ['links[0].title', 'Site'],
      ['links[0].url', 'https://exemple.fr'],
      [`categories[${MAX_FORM_FIELDS - 1}]`, 'rh'],
    ])
    form.append('image', new File(['x'], 'photo.webp'))
    expect(boundedForm(form)).toBe(form)

    const withExtra = formOf([['name', 'Camille']])
    withExtra.append('image', new File(['x'], 'photo.webp'))
    withExtra.append(`x[${MAX_FORM_FIELDS}]`, '1')
    const kept = boundedForm(withExtra)
    expect([...kept.keys()]).toEqual(['name', 'image'])
    expect(kept.get('image')).toBeInstanceOf(File)
    expect(parseForm(kept, { schema: ContactLike }).status).toBe('success')
  })

  it('bounds query strings alike', () => {
    const query = new URLSearchParams('name=Camille&x[4294967294]=1')
    expect(boundedForm(query).toString()).toBe('name=Camille')
  })
})
