import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  useForm,
  type SubmissionResult,
} from '@conform-to/react'
import { LoaderCircle, Plus, Trash2 } from 'lucide-react'
import { Form } from 'react-router'
import { Field, FieldErrors, FormErrors, SubmitButton } from '~/components/forms'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { Textarea } from '~/components/ui/textarea'
import { parseForm } from '~/utils/parse-form'
import { ProfileImageUpload } from './profile-image-upload'
import { LinksSchema, PROFILE_LINKS_MAX, ProfileSchema, validationSummary } from './profile.schema'
import { useIntentBusy } from '~/utils/use-intent-busy'

export interface EditableProfile {
  firstName: string
  lastName: string
  job: string | null
  company: string | null
  city: string | null
  country: string | null
  description: string | null
  bio: string | null
  linkedin: string | null
  website: string | null
  links: { title: string; url: string }[]
}

export interface ProfileEditActionData {
  intent: 'profile' | 'links'
  result: SubmissionResult<string[]>
}

/** Every error of a form once, under the spec's 'Erreurs de validation: …' heading. */
function summaryOf(allErrors: Record<string, string[]>, formErrors?: string[]): string[] {
  const fieldMessages = Object.entries(allErrors)
    .filter(([name]) => name !== '')
    .flatMap(([, messages]) => messages)
  const others = (formErrors ?? []).filter((message) => !fieldMessages.includes(message))
  return fieldMessages.length ? [validationSummary(fieldMessages), ...others] : others
}

// The text areas grow with what is typed (and by hand), from about four lines.
const textareaClass = 'field-sizing-content min-h-28 resize-y'

function ProfileFieldsForm({
  profile,
  lastResult,
}: {
  profile: EditableProfile
  lastResult?: SubmissionResult<string[]>
}) {
  const submitting = useIntentBusy('profile')
  const [form, fields] = useForm({
    id: 'profil',
    lastResult,
    defaultValue: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      job: profile.job ?? '',
      company: profile.company ?? '',
      city: profile.city ?? '',
      country: profile.country ?? '',
      description: profile.description ?? '',
      bio: profile.bio ?? '',
      linkedin: profile.linkedin ?? '',
      website: profile.website ?? '',
    },
    onValidate: ({ formData }) => parseForm(formData, { schema: ProfileSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  const { key: bioKey, ...bioProps } = getTextareaProps(fields.bio)
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="profile" />
      <FormErrors id={form.errorId} errors={summaryOf(form.allErrors, form.errors)} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Prénom" field={fields.firstName} autoComplete="given-name" required />
        <Field label="Nom" field={fields.lastName} autoComplete="family-name" required />
        <Field label="Poste" field={fields.job} autoComplete="organization-title" />
        <Field label="Entreprise" field={fields.company} autoComplete="organization" />
        <Field label="Ville" field={fields.city} autoComplete="address-level2" />
        <Field label="Pays" field={fields.country} autoComplete="country-name" />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={fields.bio.id}>Bio</Label>
        <Textarea
          key={bioKey}
          {...bioProps}
          rows={5}
          placeholder="Votre parcours, votre projet, ce que vous cherchez…"
          className={textareaClass}
          aria-describedby={fields.bio.errors?.length ? fields.bio.errorId : undefined}
        />
        <FieldErrors id={fields.bio.errorId} errors={fields.bio.errors} />
      </div>
      <fieldset className="flex flex-col gap-4 rounded-lg border border-dashed p-4">
        <legend className="px-1 text-sm font-medium">Visible par vous seul</legend>
        <Field
          label="Accroche"
          field={fields.description}
          hint="Une phrase qui résume votre activité."
        />
        <Field label="LinkedIn" field={fields.linkedin} inputMode="url" autoComplete="url" />
        <Field label="Site web" field={fields.website} inputMode="url" autoComplete="url" />
      </fieldset>
      <SubmitButton busy={submitting} className="self-start">
        {submitting ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
        {submitting ? 'Enregistrement...' : 'Enregistrer le profil'}
      </SubmitButton>
    </Form>
  )
}

function LinksForm({
  links,
  lastResult,
}: {
  links: EditableProfile['links']
  lastResult?: SubmissionResult<string[]>
}) {
  const submitting = useIntentBusy('links')
  const [form, fields] = useForm({
    id: 'liens',
    lastResult,
    // One empty row to fill, so that a link can be added without JavaScript, unless the
    // profile has as many as it may.
    defaultValue: {
      links: links.length < PROFILE_LINKS_MAX ? [...links, { title: '', url: '' }] : links,
    },
    onValidate: ({ formData }) => parseForm(formData, { schema: LinksSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  const rows = fields.links.getFieldList()
  return (
    <Form method="post" {...getFormProps(form)} className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="links" />
      {/* Enter in a field presses the form's first submit button: this one, which saves, rather
          than the first row's « Retirer ». Out of sight and of the keyboard's way. */}
      <button type="submit" tabIndex={-1} aria-hidden="true" className="sr-only">
        Enregistrer les liens
      </button>
      <FormErrors id={form.errorId} errors={summaryOf(form.allErrors, form.errors)} />
      <ol className="flex flex-col gap-3">
        {rows.map((row, index) => {
          const link = row.getFieldset()
          const { key: titleKey, ...titleProps } = getInputProps(link.title, { type: 'text' })
          const { key: urlKey, ...urlProps } = getInputProps(link.url, { type: 'text' })
          return (
            <li
              key={row.key}
              className="grid gap-2 rounded-lg border p-3 sm:grid-cols-[1fr_1.5fr_auto] sm:items-end"
            >
              <div className="flex flex-col gap-2">
                <Label htmlFor={link.title.id}>Titre du lien {index + 1}</Label>
                <Input
                  key={titleKey}
                  {...titleProps}
                  placeholder="Ex. : Portfolio"
                  aria-describedby={link.title.errors?.length ? link.title.errorId : undefined}
                />
                <FieldErrors id={link.title.errorId} errors={link.title.errors} />
              </div>
              <div className="flex flex-col gap-2">
                <Label htmlFor={link.url.id}>Adresse du lien {index + 1}</Label>
                <Input
                  key={urlKey}
                  {...urlProps}
                  inputMode="url"
                  placeholder="Ex. : exemple.fr"
                  aria-describedby={link.url.errors?.length ? link.url.errorId : undefined}
                />
                <FieldErrors id={link.url.errorId} errors={link.url.errors} />
              </div>
              <Button
                variant="quiet"
                {...form.remove.getButtonProps({ name: fields.links.name, index })}
                onClick={(event) => {
                  // The row goes with the button: the keyboard goes to the link now in its
                  // place, else the one before, else « Ajouter un lien ».
                  const list = event.currentTarget.closest('ol')
                  requestAnimationFrame(() => {
                    const rowsLeft = list?.querySelectorAll('li') ?? []
                    const inPlace = rowsLeft[Math.min(index, rowsLeft.length - 1)]
                    const target = inPlace
                      ? inPlace.querySelector('input')
                      : list?.parentElement?.querySelector<HTMLElement>('[data-add-link]')
                    target?.focus()
                  })
                }}
              >
                <Trash2 aria-hidden="true" />
                Retirer<span className="sr-only"> le lien {index + 1}</span>
              </Button>
            </li>
          )
        })}
      </ol>
      <div className="flex flex-wrap gap-2">
        {rows.length < PROFILE_LINKS_MAX ? (
          <Button
            variant="outline"
            data-add-link
            {...form.insert.getButtonProps({
              name: fields.links.name,
              defaultValue: { title: '', url: '' },
            })}
            onClick={(event) => {
              // The keyboard goes to the new row, to be filled in; the tenth row also takes
              // this button away, with the focus it had.
              const list = event.currentTarget.parentElement?.previousElementSibling
              requestAnimationFrame(() => {
                list?.querySelector<HTMLInputElement>('li:last-child input')?.focus()
              })
            }}
          >
            <Plus aria-hidden="true" /> Ajouter un lien
          </Button>
        ) : null}
        <SubmitButton busy={submitting}>
          {submitting ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
          {submitting ? 'Enregistrement...' : 'Enregistrer les liens'}
        </SubmitButton>
      </div>
    </Form>
  )
}

/** The owner's profile edit page (spec §2 'Profile edit'). */
export function ProfileEditForm({
  profile,
  actionData,
}: {
  profile: EditableProfile
  actionData?: ProfileEditActionData
}) {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-6 sm:py-10">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">Modifier mon profil</h1>
        <p className="text-muted-foreground">
          Vos nom, poste, entreprise, ville, pays, bio, photos et liens sont publics : visibles par
          tous, y compris sans compte et par les moteurs de recherche.
        </p>
      </header>
      <section
        aria-labelledby="edition-images"
        className="flex flex-col gap-3 rounded-xl border bg-card p-4 text-card-foreground shadow-xs sm:p-6"
      >
        <h2 id="edition-images" className="text-lg font-semibold">
          Photos
        </h2>
        <p className="text-sm text-muted-foreground">
          Avatar carré de 512 px, bannière de 1500 × 500 px ; JPEG, PNG, WebP, GIF ou AVIF de 5 Mo
          au plus.
        </p>
        <div className="flex flex-wrap gap-2">
          <ProfileImageUpload kind="avatar" label="Changer l’avatar" />
          <ProfileImageUpload kind="banner" label="Changer la bannière" />
        </div>
      </section>
      <section
        aria-labelledby="edition-infos"
        className="flex flex-col gap-4 rounded-xl border bg-card p-4 text-card-foreground shadow-xs sm:p-6"
      >
        <h2 id="edition-infos" className="text-lg font-semibold">
          Informations
        </h2>
        <ProfileFieldsForm
          profile={profile}
          lastResult={actionData?.intent === 'profile' ? actionData.result : undefined}
        />
      </section>
      <section
        aria-labelledby="edition-liens"
        className="flex flex-col gap-4 rounded-xl border bg-card p-4 text-card-foreground shadow-xs sm:p-6"
      >
        <h2 id="edition-liens" className="text-lg font-semibold">
          Liens personnalisés
        </h2>
        <LinksForm
          links={profile.links}
          lastResult={actionData?.intent === 'links' ? actionData.result : undefined}
        />
      </section>
    </div>
  )
}
