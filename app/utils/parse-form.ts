import { parseWithZod } from '@conform-to/zod/v4'
import type { z } from 'zod'

/**
 * The most fields a form may send. The largest of the app's forms, a post with every community
 * ticked, sends about 70; a body with more is not one of them.
 */
export const MAX_FORM_FIELDS = 200

/** A list index in a field's name, as Conform writes them: `links[3].url`. */
const LIST_INDEX = /\[(\d+)\]/g

/** Whether a field's name holds no list index at or past MAX_FORM_FIELDS. */
function hasBoundedIndexes(name: string): boolean {
  if (!name.includes('[')) return true
  for (const [, index] of name.matchAll(LIST_INDEX)) {
    if (Number(index) >= MAX_FORM_FIELDS) return false
  }
  return true
}

/** The field in which Conform's buttons (« Ajouter un lien »…) send what they ask for, as JSON. */
const INTENT_FIELD = '__intent__'

/**
 * Whether a Conform intent may be read: JSON of the shape Conform writes (which it parses without
 * a guard: anything else would be an error, a 500), naming a field and list positions within the
 * bound. An « update » to `x` at index 4294967294 would build the same huge list as a name does.
 */
function isBoundedIntent(value: FormDataEntryValue): boolean {
  if (typeof value !== 'string') return false
  let intent: unknown
  try {
    intent = JSON.parse(value)
  } catch {
    return false
  }
  if (typeof intent !== 'object' || intent === null) return false
  const { type, payload } = intent as { type?: unknown; payload?: unknown }
  if (typeof type !== 'string' || typeof payload !== 'object' || payload === null) return false
  const { name, index, from, to } = payload as Record<string, unknown>
  if (name !== undefined && (typeof name !== 'string' || !hasBoundedIndexes(name))) return false
  return [index, from, to].every(
    (position) =>
      position === undefined ||
      (typeof position === 'number' &&
        Number.isInteger(position) &&
        position >= 0 &&
        position < MAX_FORM_FIELDS),
  )
}

function isReadable(name: string, value: FormDataEntryValue): boolean {
  return name === INTENT_FIELD ? isBoundedIntent(value) : hasBoundedIndexes(name)
}

/**
 * The fields Conform may read from a form: the first MAX_FORM_FIELDS, less those whose name holds
 * a list index at or past that bound and a Conform intent it could not read safely (above).
 * Conform builds a list up to the index a name gives, then walks every slot of it to echo the
 * form back: `x[4294967294]=1`, fifteen bytes, would make it allocate and walk four billion
 * slots and hold a server process for minutes. A list of the app's forms never holds
 * MAX_FORM_FIELDS items, as its items are fields of the same form.
 */
export function boundedForm<Form extends FormData | URLSearchParams>(formData: Form): Form {
  const entries = [...formData.entries()]
  if (
    entries.length <= MAX_FORM_FIELDS &&
    entries.every(([name, value]) => isReadable(name, value))
  ) {
    return formData
  }

  const kept = formData instanceof FormData ? new FormData() : new URLSearchParams()
  let count = 0
  for (const [name, value] of formData) {
    if (count === MAX_FORM_FIELDS) break
    if (!isReadable(name, value)) continue
    // A File only comes from a FormData, which `kept` then is.
    kept.append(name, value as string)
    count += 1
  }
  return kept as Form
}

/**
 * Conform's `parseWithZod` on the form's bounded fields (above): every form of the app, in the
 * browser and on the server, is read through it.
 */
export function parseForm<Schema extends z.ZodType>(
  formData: FormData | URLSearchParams,
  options: { schema: Schema },
) {
  return parseWithZod(boundedForm(formData), options)
}
