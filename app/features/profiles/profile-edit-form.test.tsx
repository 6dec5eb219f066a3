import { renderToStaticMarkup } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { describe, expect, it } from 'vitest'
import { ProfileEditForm, type EditableProfile } from './profile-edit-form'
import { PROFILE_LINKS_MAX } from './profile.schema'

function render(links: EditableProfile['links']) {
  const empty = ['job', 'company', 'city', 'country', 'description', 'bio', 'linkedin', 'website']
  const profile = {
    firstName: 'Chloé',
    lastName: 'Girard',
    ...Object.fromEntries(empty.map((field) => [field, null])),
    links,
  } as EditableProfile
  const Stub = createRoutesStub([
    {
      path: '/profile/edit',
      Component: () => <ProfileEditForm profile={profile} />,
      HydrateFallback: () => null,
    },
  ])
  return renderToStaticMarkup(<Stub initialEntries={['/profile/edit']} />)
}

const rowsIn = (html: string) => html.match(/>Titre du lien \d+</g)?.length ?? 0
const link = (index: number) => ({ title: `Lien ${index}`, url: `https://exemple.fr/${index}` })

describe('ProfileEditForm', () => {
  it('adds one empty row to fill, unless the profile has as many links as it may', () => {
    expect(rowsIn(render([]))).toBe(1)
    expect(rowsIn(render([link(1), link(2)]))).toBe(3)
    const full = Array.from({ length: PROFILE_LINKS_MAX }, (_, index) => link(index + 1))
    expect(rowsIn(render(full))).toBe(PROFILE_LINKS_MAX)
  })

  it('makes Enter in a link field save the links, never remove the first one', () => {
    const html = render([link(1)])
    const form = html.slice(html.indexOf('id="liens"'))
    // The form's first submit button (a button without a type is one) is the one the browser
    // presses for Enter.
    const firstSubmit = [...form.matchAll(/<button([^>]*)>(.*?)<\/button>/g)].find(
      ([, attributes]) => !/type="(?:button|reset)"/.test(attributes!),
    )
    expect(firstSubmit?.[2]).toBe('Enregistrer les liens')
  })
})
