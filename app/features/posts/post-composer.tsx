import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { formatNumber } from '~/utils/format-count'
import { Check, ImagePlus, LoaderCircle, Send, X } from 'lucide-react'
import { useEffect, useEffectEvent, useId, useRef, useState } from 'react'
import { Form, useNavigation } from 'react-router'
import { toast } from '~/components/toaster'
import { FieldErrors, FormErrors, SubmitButton } from '~/components/forms'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { Textarea } from '~/components/ui/textarea'
import { LinkPreviewCard } from '~/features/link-preview/link-preview-card'
import { CATEGORIES, POST_TYPES, SECTORS } from '~/server/db/seed/reference-data'
import { cn } from '~/utils/cn'
import { parseForm } from '~/utils/parse-form'
import { useHydrated } from '~/utils/use-hydrated'
import { useFocusBackAfter } from '~/utils/use-focus-back'
import { withScheme } from '~/utils/web-link'
import {
  engagementScore,
  PUBLISH_MIN_SCORE,
  SCORE_BAND_LABELS,
  type ScoreBand,
} from './engagement-score'
import {
  contentMaxLength,
  DRAFT_RESTORED_MESSAGE,
  EVENT_YEARS,
  IMAGE_ALT_MAX_LENGTH,
  IMAGE_MAX_BYTES,
  IMAGE_TOO_LARGE_MESSAGE,
  IMAGE_ONLY_MESSAGE,
  IMAGE_UPLOAD_FAILED_MESSAGE,
  PostSchema,
  TITLE_MAX_LENGTH,
} from './post.schema'

export interface ComposerActionData {
  result?: SubmissionResult<string[]>
  formError?: string
}

/** The saved draft (spec §3 'Post draft'), plus the image already uploaded. */
interface Draft {
  title: string
  content: string
  type: string
  categories: string[]
  sectors: string[]
  tags: string
  external_url: string
  event_date: string
  event_location: string
  price: string
  image_url: string
  /** What the image shows, for those who cannot see it (ADR 064). */
  image_alt: string
}

const EMPTY_DRAFT: Draft = {
  title: '',
  content: '',
  type: 'post',
  categories: [],
  sectors: [],
  tags: '',
  external_url: '',
  event_date: '',
  event_location: '',
  price: '',
  image_url: '',
  image_alt: '',
}

/**
 * Where a member's draft is kept in the browser: one per member, so that on a shared computer
 * another account signed in later never gets it back (nor its uploaded image).
 */
export const draftStorageKey = (userId: string) => `tremplin:brouillon-post:${userId}`
// Before drafts were kept per member: whose it is cannot be known, so it is no one's.
const UNOWNED_DRAFT_KEY = 'tremplin:brouillon-post'

function isEmptyDraft(draft: Draft): boolean {
  return JSON.stringify(draft) === JSON.stringify({ ...EMPTY_DRAFT, type: draft.type })
}

/** The form's names of the draft's fields that the form names otherwise (the spec's are kept). */
const FORM_NAMES: Partial<Record<keyof Draft, string>> = {
  external_url: 'externalUrl',
  event_date: 'eventDate',
  event_location: 'eventLocation',
  image_url: 'imageUrl',
  image_alt: 'imageAlt',
}

/**
 * A draft from stored values or from a refused form's (a page without JavaScript gets back what
 * it sent): the known fields only, each of its kind.
 */
function toDraft(values: unknown): Draft | null {
  if (typeof values !== 'object' || values === null) return null
  const draft = draftOf(values as Record<string, unknown>)
  return isEmptyDraft(draft) ? null : draft
}

function draftOf(values: Record<string, unknown>): Draft {
  const draft = { ...EMPTY_DRAFT }
  for (const key of DRAFT_KEYS) {
    const formName = FORM_NAMES[key]
    const value = values[key] ?? (formName ? values[formName] : undefined)
    if (key === 'categories' || key === 'sectors') {
      // A form sends one checked box as a single value.
      if (Array.isArray(value)) draft[key] = value.filter((item) => typeof item === 'string')
      else if (typeof value === 'string' && value) draft[key] = [value]
    } else if (typeof value === 'string') {
      draft[key] = value
    }
  }
  return draft
}

const DRAFT_KEYS = Object.keys(EMPTY_DRAFT) as (keyof Draft)[]

/**
 * What the form shows that `draft` (the state) does not: what was typed, ticked or chosen
 * before the page's scripts ran, which the page kept and the state never saw.
 */
function changedInForm(form: HTMLFormElement, draft: Draft): Partial<Draft> {
  const data = new FormData(form)
  const values: Record<string, unknown> = {}
  for (const name of new Set(data.keys())) {
    const all = data.getAll(name).filter((value) => typeof value === 'string')
    values[name] = all.length === 1 ? all[0] : all
  }
  const shown = draftOf(values)
  // Boxes come in the page's order; the draft's (whose first category is the main one) stays.
  for (const key of ['categories', 'sectors'] as const) {
    shown[key] = [
      ...draft[key].filter((name) => shown[key].includes(name)),
      ...shown[key].filter((name) => !draft[key].includes(name)),
    ]
  }
  return Object.fromEntries(
    DRAFT_KEYS.filter((key) => JSON.stringify(shown[key]) !== JSON.stringify(draft[key])).map(
      (key) => [key, shown[key]],
    ),
  )
}

function readDraft(key: string): Draft | null {
  try {
    localStorage.removeItem(UNOWNED_DRAFT_KEY)
    const raw = localStorage.getItem(key)
    return raw ? toDraft(JSON.parse(raw)) : null
  } catch {
    return null
  }
}

/** The address as the server will read it (https:// added), when it looks like one. */
function previewableUrl(value: string): string | null {
  const trimmed = value.trim()
  if (!trimmed) return null
  try {
    const url = new URL(withScheme(trimmed))
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
    return url.hostname.includes('.') ? url.toString() : null
  } catch {
    return null
  }
}

/** The value after it stopped changing for `delay` ms. */
function useSettled<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay)
    return () => clearTimeout(timer)
  }, [value, delay])
  return settled
}

type Upload =
  | { status: 'idle' }
  | { status: 'uploading'; progress: number; name: string }
  | { status: 'error'; message: string }

/** Sends an image to /api/uploads, reporting progress; resolves with its public URL. */
function uploadImage(file: File, onProgress: (percent: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest()
    const body = new FormData()
    body.set('file', file)
    body.set('folder', 'posts')
    request.open('POST', '/api/uploads')
    request.responseType = 'json'
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100))
    })
    request.addEventListener('load', () => {
      const response = request.response as { url?: string; error?: string } | null
      if (request.status === 201 && response?.url) resolve(response.url)
      else reject(new Error(response?.error ?? ''))
    })
    request.addEventListener('error', () => reject(new Error('')))
    request.send(body)
  })
}

const BAND_STYLES: Record<ScoreBand, { bar: string; text: string }> = {
  low: { bar: 'bg-red-600', text: 'text-red-700 dark:text-red-400' },
  fair: { bar: 'bg-orange-500', text: 'text-orange-700 dark:text-orange-400' },
  good: { bar: 'bg-yellow-400', text: 'text-yellow-800 dark:text-yellow-300' },
  excellent: { bar: 'bg-green-600', text: 'text-green-700 dark:text-green-400' },
}

function EngagementMeter({ draft, hasImage }: { draft: Draft; hasImage: boolean }) {
  const id = useId()
  const { score, band, rules } = engagementScore({ ...draft, hasImage })
  const style = BAND_STYLES[band]
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-3 rounded-xl border bg-card p-4 text-card-foreground shadow-xs"
    >
      <div className="flex items-baseline justify-between gap-2">
        <h2 id={`${id}-title`} className="font-semibold">
          Score d’engagement
        </h2>
        <p className={cn('text-sm font-semibold', style.text)}>
          {score} / 100 · {SCORE_BAND_LABELS[band]}
        </p>
      </div>
      <div
        // A native <meter> cannot take the band colours consistently across browsers.
        // oxlint-disable-next-line jsx-a11y/prefer-tag-over-role
        role="meter"
        aria-labelledby={`${id}-title`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={score}
        aria-valuetext={`${score} sur 100, ${SCORE_BAND_LABELS[band]}`}
        className="h-2.5 w-full overflow-hidden rounded-full bg-muted"
      >
        <div
          className={cn('h-full rounded-full transition-[width]', style.bar)}
          style={{ width: `${score}%` }}
        />
      </div>
      <p className="text-sm text-muted-foreground">
        {score < PUBLISH_MIN_SCORE
          ? `Encore ${PUBLISH_MIN_SCORE - score} points pour pouvoir publier.`
          : 'Votre publication peut être publiée.'}
      </p>
      <ul className="flex flex-col gap-1.5 text-sm">
        {rules.map((rule) => {
          const met = rule.earned === rule.max
          return (
            <li key={rule.label} className="flex items-start gap-2">
              <span
                aria-hidden="true"
                className={cn(
                  'mt-0.5 flex size-4 shrink-0 items-center justify-center rounded-full border',
                  met ? 'border-green-600 bg-green-600 text-white' : 'border-muted-foreground/40',
                )}
              >
                {met ? <Check className="size-3" /> : null}
              </span>
              <span className={met ? '' : 'text-muted-foreground'}>
                {rule.label}
                <span className="sr-only">{met ? ' : obtenu' : ' : à compléter'}</span>
              </span>
              <span className="ml-auto shrink-0 text-muted-foreground tabular-nums">
                {rule.earned > 0 && !met ? `${rule.earned} sur ${rule.max}` : `+${rule.max}`}
              </span>
            </li>
          )
        })}
      </ul>
    </section>
  )
}

const describedBy = (...ids: (string | false | 0 | null | undefined)[]) =>
  ids.filter(Boolean).join(' ') || undefined

interface FieldNames {
  id: string
  name: string
  errorId: string
  errors?: string[]
}

/** A labelled, controlled text input with its hint and errors tied to it. */
function TextField({
  label,
  field,
  value,
  onValueChange,
  hint,
  children,
  ...props
}: {
  label: string
  field: FieldNames
  value: string
  onValueChange: (value: string) => void
  hint?: string
  children?: React.ReactNode
} & Omit<React.ComponentProps<'input'>, 'id' | 'name' | 'value' | 'onChange' | 'children'>) {
  const invalid = Boolean(field.errors?.length)
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={field.id}>{label}</Label>
      <Input
        id={field.id}
        name={field.name}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(hint && `${field.id}-hint`, invalid && field.errorId)}
        {...props}
      />
      {hint ? (
        <p id={`${field.id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={field.errorId} errors={field.errors} />
      {children}
    </div>
  )
}

// Ticked shows by a check mark as well as by colour: forced colours (Windows' contrast themes)
// replace the chip's colours with the system's, the same for every chip.
const CHIP =
  'group relative inline-flex min-h-8 cursor-pointer items-center rounded-full border border-input px-3 text-sm select-none has-checked:border-primary has-checked:bg-primary has-checked:text-primary-foreground has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring hover:bg-accent has-checked:hover:bg-primary-hover'

function ChoiceGroup({
  legend,
  name,
  type,
  options,
  selected,
  onChange,
  errors,
  errorId,
  hint,
}: {
  legend: string
  name: string
  type: 'checkbox' | 'radio'
  options: readonly { name: string; displayName: string }[]
  selected: readonly string[]
  onChange: (names: string[]) => void
  errors?: string[]
  errorId: string
  hint?: string
}) {
  const id = useId()
  return (
    <fieldset
      className="flex flex-col gap-2"
      aria-describedby={describedBy(hint && `${id}-hint`, errors?.length && errorId)}
      aria-invalid={errors?.length ? true : undefined}
    >
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      {hint ? (
        <p id={`${id}-hint`} className="-mt-1 text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label key={option.name} className={CHIP}>
            <input
              type={type}
              name={name}
              value={option.name}
              checked={selected.includes(option.name)}
              onChange={(event) =>
                onChange(
                  type === 'radio'
                    ? [option.name]
                    : event.target.checked
                      ? [...selected, option.name]
                      : selected.filter((item) => item !== option.name),
                )
              }
              // Over the whole chip, invisible: the input itself takes the click and the focus.
              className="absolute inset-0 size-full cursor-pointer appearance-none rounded-full opacity-0"
            />
            <Check
              aria-hidden="true"
              data-slot="chip-check"
              className="-ml-1 mr-1 hidden size-3.5 group-has-checked:block"
            />
            {option.displayName}
          </label>
        ))}
      </div>
      <FieldErrors id={errorId} errors={errors} />
    </fieldset>
  )
}

const categoryOptions = CATEGORIES.filter((category) => category.name !== 'tous')
const sectorOptions = SECTORS.filter((sector) => sector.name !== 'tous')

/** The post composer (spec §2 'Post creation'): fields, live score, draft, image upload. */
export function PostComposer({
  draftKey,
  actionData,
}: {
  draftKey: string
  actionData?: ComposerActionData
}) {
  const hydrated = useHydrated()
  const navigation = useNavigation()
  // What the server refused comes back filled in, with or without JavaScript.
  const [draft, setDraft] = useState<Draft>(
    () => toDraft(actionData?.result?.initialValue) ?? EMPTY_DRAFT,
  )
  const [upload, setUpload] = useState<Upload>({ status: 'idle' })
  const restored = useRef(false)
  const published = useRef(false)
  const fileInput = useRef<HTMLInputElement>(null)
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseForm(formData, { schema: PostSchema }),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  })
  const submitting =
    navigation.state !== 'idle' && navigation.formAction?.startsWith('/post/create') === true
  const hasImage = Boolean(draft.image_url)
  const { score } = engagementScore({ ...draft, hasImage })
  const contentMax = contentMaxLength(draft.type)
  const isEvent = draft.type === 'evenement'
  const previewUrl = useSettled(previewableUrl(draft.external_url), 700)
  const formErrors = [
    ...(form.errors ?? []),
    ...(actionData?.formError ? [actionData.formError] : []),
  ]

  // The draft comes back once, after hydration (local storage exists only in the browser), with
  // what the member typed meanwhile over it.
  const refusedByServer = useRef(actionData !== undefined)
  const typedEarly = useEffectEvent(() => {
    const element = document.getElementById(form.id)
    return {
      current: draft,
      typed: element instanceof HTMLFormElement ? changedInForm(element, draft) : {},
    }
  })
  useEffect(() => {
    if (restored.current) return
    restored.current = true
    const { current, typed } = typedEarly()
    // A form the server sent back holds what was just typed: no older draft over it.
    const saved = refusedByServer.current ? null : readDraft(draftKey)
    if (!saved && Object.keys(typed).length === 0) return
    // oxlint-disable-next-line react/set-state-in-effect -- local storage exists only once hydrated
    setDraft({ ...(saved ?? current), ...typed })
    if (saved) toast.success(DRAFT_RESTORED_MESSAGE)
  }, [draftKey])

  // Saved continuously; removed once the post is published.
  useEffect(() => {
    if (!restored.current || published.current) return
    try {
      if (isEmptyDraft(draft)) localStorage.removeItem(draftKey)
      else localStorage.setItem(draftKey, JSON.stringify(draft))
    } catch {
      // Private browsing or a full storage: the form still works without a draft.
    }
  }, [draft, draftKey])

  // A publish that succeeded redirects to the new post: the draft has served its purpose. Any
  // other way out (to /auth, the session having ended) keeps it for the return.
  useEffect(() => {
    if (
      navigation.state === 'loading' &&
      navigation.formAction?.startsWith('/post/create') &&
      navigation.location.pathname.startsWith('/post/') &&
      navigation.location.pathname !== '/post/create'
    ) {
      published.current = true
      try {
        localStorage.removeItem(draftKey)
      } catch {
        // Nothing to remove.
      }
    }
  }, [navigation, draftKey])

  const update = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }))

  async function chooseImage(file: File | undefined) {
    if (!file) return
    // With scripts, the image is sent at once with a progress bar; the form then carries its URL.
    const input = fileInput.current
    if (!file.type.startsWith('image/')) {
      setUpload({ status: 'error', message: IMAGE_ONLY_MESSAGE })
      if (input) input.value = ''
      return
    }
    if (file.size > IMAGE_MAX_BYTES) {
      setUpload({
        status: 'error',
        message: `${IMAGE_UPLOAD_FAILED_MESSAGE} ${IMAGE_TOO_LARGE_MESSAGE}`,
      })
      if (input) input.value = ''
      return
    }
    setUpload({ status: 'uploading', progress: 0, name: file.name })
    try {
      const url = await uploadImage(file, (progress) =>
        setUpload({ status: 'uploading', progress, name: file.name }),
      )
      // A new image, its description to write: the one typed said what the former showed.
      setDraft((current) => ({ ...current, image_url: url, image_alt: '' }))
      setUpload({ status: 'idle' })
    } catch (error) {
      const detail = error instanceof Error && error.message ? ` ${error.message}` : ''
      setUpload({ status: 'error', message: `${IMAGE_UPLOAD_FAILED_MESSAGE}${detail}` })
    } finally {
      if (input) input.value = ''
    }
  }

  const uploading = upload.status === 'uploading'
  // The image field is disabled while its upload runs: the keyboard that chose the file gets
  // its focus back when the upload ends, unless it went elsewhere.
  useFocusBackAfter(uploading, fileInput)
  const imageErrors = [
    ...(fields.image.errors ?? []),
    ...(upload.status === 'error' ? [upload.message] : []),
  ]

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-6 sm:py-10 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="flex flex-col gap-6">
        <header className="flex flex-col gap-2">
          <h1 className="text-3xl font-bold tracking-tight">Créer un post</h1>
          <p className="text-muted-foreground">
            Partagez une idée, une ressource, un événement ou un article avec la communauté.
          </p>
        </header>

        <Form
          method="post"
          encType="multipart/form-data"
          {...getFormProps(form)}
          className="flex flex-col gap-6 rounded-xl border bg-card p-4 text-card-foreground shadow-xs sm:p-6"
        >
          <FormErrors id={form.errorId} errors={formErrors} />

          <ChoiceGroup
            legend="Type de publication"
            name={fields.type.name}
            type="radio"
            options={POST_TYPES}
            selected={[draft.type]}
            onChange={([type]) => update('type', type ?? 'post')}
            errors={fields.type.errors}
            errorId={fields.type.errorId}
          />

          <TextField
            label="Titre"
            field={fields.title}
            value={draft.title}
            onValueChange={(value) => update('title', value)}
            hint="De 10 à 100 caractères pour être bien lu."
            maxLength={TITLE_MAX_LENGTH}
            required
            autoComplete="off"
            placeholder="Une question, une idée, une annonce…"
          />

          <div className="flex flex-col gap-2">
            <Label htmlFor={fields.content.id}>Contenu</Label>
            <Textarea
              id={fields.content.id}
              name={fields.content.name}
              value={draft.content}
              onChange={(event) => update('content', event.target.value)}
              rows={draft.type === 'article' ? 14 : 7}
              placeholder="Donnez le contexte, posez votre question, partagez votre expérience…"
              aria-invalid={fields.content.errors?.length ? true : undefined}
              aria-describedby={describedBy(
                `${fields.content.id}-count`,
                fields.content.errors?.length && fields.content.errorId,
              )}
              className="field-sizing-content max-h-[32rem] min-h-36 resize-y"
            />
            <p
              id={`${fields.content.id}-count`}
              className={cn(
                'text-sm tabular-nums',
                draft.content.length > contentMax ? 'text-destructive' : 'text-muted-foreground',
              )}
            >
              {formatNumber(draft.content.length)} / {formatNumber(contentMax)} caractères
            </p>
            <FieldErrors id={fields.content.errorId} errors={fields.content.errors} />
          </div>

          <ChoiceGroup
            legend="Catégories"
            hint="Choisissez au moins une catégorie ; la première est la principale."
            name={fields.categories.name}
            type="checkbox"
            options={categoryOptions}
            selected={draft.categories}
            onChange={(names) => update('categories', names)}
            errors={fields.categories.errors}
            errorId={fields.categories.errorId}
          />
          {/* Checkboxes are sent in the page's order; the first one ticked is the main one. */}
          <input
            type="hidden"
            name={fields.categoriesOrder.name}
            value={draft.categories.join(',')}
          />

          <ChoiceGroup
            legend="Secteurs (facultatif)"
            name={fields.sectors.name}
            type="checkbox"
            options={sectorOptions}
            selected={draft.sectors}
            onChange={(names) => update('sectors', names)}
            errors={fields.sectors.errors}
            errorId={fields.sectors.errorId}
          />
          <input type="hidden" name={fields.sectorsOrder.name} value={draft.sectors.join(',')} />

          <TextField
            label="Tags (facultatif)"
            field={fields.tags}
            value={draft.tags}
            onValueChange={(value) => update('tags', value)}
            hint="Séparés par des virgules."
            placeholder="levée de fonds, seed, bpi"
            autoComplete="off"
          />

          <TextField
            label="Lien externe (facultatif)"
            field={fields.externalUrl}
            value={draft.external_url}
            onValueChange={(value) => update('external_url', value)}
            inputMode="url"
            autoComplete="url"
            placeholder="https://exemple.fr/article"
          >
            {hydrated && previewUrl ? <LinkPreviewCard url={previewUrl} /> : null}
          </TextField>

          {!hydrated || isEvent ? (
            <fieldset className="flex flex-col gap-4 rounded-lg border border-dashed p-4">
              <legend className="px-1 text-sm font-medium">
                Événement{hydrated ? '' : ' (pour le type Événement)'}
              </legend>
              <div className="grid gap-4 sm:grid-cols-2">
                <TextField
                  label="Date et heure (heure de Paris)"
                  field={fields.eventDate}
                  type="datetime-local"
                  min={`${EVENT_YEARS.min}-01-01T00:00`}
                  max={`${EVENT_YEARS.max}-12-31T23:59`}
                  value={draft.event_date}
                  onValueChange={(value) => update('event_date', value)}
                />
                <TextField
                  label="Prix en euros (facultatif)"
                  field={fields.price}
                  type="number"
                  min={0}
                  step="0.01"
                  inputMode="decimal"
                  value={draft.price}
                  onValueChange={(value) => update('price', value)}
                  placeholder="0 pour un événement gratuit"
                />
              </div>
              <TextField
                label="Lieu"
                field={fields.eventLocation}
                value={draft.event_location}
                onValueChange={(value) => update('event_location', value)}
                placeholder="Adresse, ville ou « En ligne »"
              />
            </fieldset>
          ) : null}

          <div className="flex flex-col gap-2">
            <span id={`${fields.image.id}-label`} className="text-sm font-medium">
              Image (facultatif)
            </span>
            <input type="hidden" name={fields.imageUrl.name} value={draft.image_url} />
            {draft.image_url ? (
              <div className="relative">
                <img
                  src={draft.image_url}
                  alt="Aperçu du visuel choisi"
                  className="max-h-72 w-full rounded-lg border object-cover"
                />
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  onClick={() => {
                    // Its description goes with it: it would not say what another image shows.
                    setDraft((current) => ({ ...current, image_url: '', image_alt: '' }))
                    // The button goes with the image: the keyboard goes to the image field.
                    fileInput.current?.focus()
                  }}
                  className="absolute top-2 right-2"
                >
                  <X aria-hidden="true" /> Retirer l’image
                </Button>
              </div>
            ) : null}
            {/* Before its label: the label shows the hidden field's focus (peer-focus-visible). */}
            <input
              ref={fileInput}
              id={fields.image.id}
              name={hydrated ? undefined : fields.image.name}
              type="file"
              accept="image/*"
              disabled={uploading}
              onChange={(event) => void chooseImage(event.target.files?.[0])}
              aria-describedby={describedBy(
                uploading && `${fields.image.id}-progress`,
                imageErrors.length > 0 && fields.image.errorId,
              )}
              className={hydrated ? 'peer sr-only' : 'text-sm'}
            />
            <label
              htmlFor={fields.image.id}
              className={cn(
                'flex cursor-pointer items-center justify-center gap-2 rounded-lg border border-dashed px-4 text-sm text-muted-foreground hover:bg-accent peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring',
                // Beside a chosen image, a smaller box: the image can be replaced by keyboard too.
                draft.image_url ? 'py-2' : 'py-5',
              )}
            >
              <ImagePlus aria-hidden="true" className="size-5" />
              {draft.image_url
                ? 'Remplacer l’image'
                : 'Choisir une image (JPEG, PNG, WebP, GIF, AVIF ; 5 Mo au plus)'}
            </label>
            {upload.status === 'uploading' ? (
              <div id={`${fields.image.id}-progress`} className="flex flex-col gap-1 text-sm">
                <p className="flex items-center gap-2">
                  <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
                  Envoi de l’image… {upload.progress} %
                </p>
                <progress
                  value={upload.progress}
                  max={100}
                  aria-label="Envoi de l’image"
                  className="h-2 w-full accent-primary"
                />
              </div>
            ) : null}
            <FieldErrors id={fields.image.errorId} errors={imageErrors} />
          </div>

          {!hydrated || draft.image_url ? (
            <TextField
              label="Description de l’image (facultatif)"
              field={fields.imageAlt}
              value={draft.image_alt}
              onValueChange={(value) => update('image_alt', value)}
              maxLength={IMAGE_ALT_MAX_LENGTH}
              hint="Ce que montre l’image, lu à ceux qui ne la voient pas. Laissez vide si elle est décorative."
              placeholder="Ex. : Graphique, le chiffre d’affaires double en 2026"
              autoComplete="off"
            />
          ) : null}

          <div className="flex flex-col-reverse gap-3 border-t pt-4 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-muted-foreground">
              {hydrated ? (
                // Below the form on small screens, the meter is out of sight: its figure is here.
                <span className="block font-medium text-foreground lg:hidden">
                  Score d’engagement : {score} / 100
                  {score < PUBLISH_MIN_SCORE ? ` (${PUBLISH_MIN_SCORE} requis)` : ''}
                </span>
              ) : null}
              {hydrated
                ? 'Votre brouillon est enregistré sur cet appareil.'
                : 'Sans JavaScript, pensez à vérifier vos champs avant de publier.'}
            </p>
            <SubmitButton
              size="lg"
              busy={hydrated && (submitting || uploading)}
              disabled={hydrated && score < PUBLISH_MIN_SCORE}
            >
              {submitting ? (
                <LoaderCircle aria-hidden="true" className="animate-spin" />
              ) : (
                <Send aria-hidden="true" />
              )}
              {submitting ? 'Publication...' : 'Publier'}
            </SubmitButton>
          </div>
        </Form>
      </div>

      <aside className="lg:sticky lg:top-20 lg:self-start">
        <EngagementMeter draft={draft} hasImage={hasImage} />
      </aside>
    </div>
  )
}
