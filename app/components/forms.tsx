import { getInputProps, getTextareaProps, type FieldMetadata } from '@conform-to/react'
import { Eye, EyeOff } from 'lucide-react'
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { Button, type ButtonProps } from './ui/button'
import { Input } from './ui/input'
import { Label } from './ui/label'
import { Textarea } from './ui/textarea'

/**
 * Field errors, tied to the input by id (aria-describedby). The live region stays in the page,
 * empty, while the field has none: a region inserted with its text is not announced, and an
 * error shown on blur comes while the focus is on the next field. Empty, it is taken out of the
 * flow so that it adds no gap to its column.
 */
function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
  return (
    <div id={id} className="text-sm text-destructive empty:absolute" aria-live="polite">
      {errors?.length ? (
        <ul>
          {errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}

type AnyField = FieldMetadata<string | undefined>

/** The label, hint and errors around a control, and the ids the control must point to. */
function FieldFrame({
  label,
  field,
  hint,
  children,
}: {
  label: string
  field: AnyField
  hint?: string
  children: (describedBy: string | undefined) => React.ReactNode
}) {
  const hintId = hint ? `${field.id}-hint` : undefined
  const describedBy =
    [hintId, field.errors?.length ? field.errorId : undefined].filter(Boolean).join(' ') ||
    undefined
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={field.id}>{label}</Label>
      {children(describedBy)}
      {hint ? (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  )
}

type FieldProps = {
  label: string
  field: AnyField
  type?: 'text' | 'email' | 'password'
  hint?: string
} & Omit<React.ComponentProps<'input'>, 'type' | 'name' | 'id' | 'defaultValue'>

/** A labelled text field whose errors are announced and tied to it. */
function Field({ label, field, type = 'text', hint, ...props }: FieldProps) {
  const { key, ...inputProps } = getInputProps(field, { type })
  return (
    <FieldFrame label={label} field={field} hint={hint}>
      {(describedBy) => (
        <Input key={key} {...inputProps} {...props} aria-describedby={describedBy} />
      )}
    </FieldFrame>
  )
}

/** A labelled multi-line field, its errors announced and tied to it like Field's. */
function TextareaField({
  label,
  field,
  hint,
  ...props
}: { label: string; field: AnyField; hint?: string } & Omit<
  React.ComponentProps<'textarea'>,
  'name' | 'id' | 'defaultValue'
>) {
  const { key, ...textareaProps } = getTextareaProps(field)
  return (
    <FieldFrame label={label} field={field} hint={hint}>
      {(describedBy) => (
        <Textarea key={key} {...textareaProps} {...props} aria-describedby={describedBy} />
      )}
    </FieldFrame>
  )
}

/**
 * A password field with a show/hide toggle (the toggle needs JavaScript and is not shown
 * without it; the field does not).
 */
function PasswordField({ label, field, hint, ...rest }: Omit<FieldProps, 'type'>) {
  const [visible, setVisible] = useState(false)
  const { key, ...inputProps } = getInputProps(field, { type: 'password' })
  return (
    <FieldFrame label={label} field={field} hint={hint}>
      {(describedBy) => (
        <div className="relative">
          <Input
            key={key}
            {...inputProps}
            {...rest}
            type={visible ? 'text' : 'password'}
            className="pr-11"
            aria-describedby={describedBy}
          />
          <button
            type="button"
            onClick={() => setVisible((value) => !value)}
            aria-pressed={visible}
            aria-controls={field.id}
            className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring noscript:hidden"
          >
            {visible ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
            {/* A toggle keeps its name; aria-pressed says the state (« Masquer… », pressed,
                would read as its opposite). */}
            <span className="sr-only">Afficher le mot de passe</span>
          </button>
        </div>
      )}
    </FieldFrame>
  )
}

/**
 * Errors about the whole form (a refused sign-in, a limit reached), above its fields. A form
 * sent from its last button (the composer's « Publier ») may have them out of sight: they are
 * brought into view as they come. They also take the focus from the page or the form's button
 * (disabled on its way, the button lost it), so that a keyboard goes on from them.
 */
function FormErrors({ id, errors }: { id: string; errors?: string[] }) {
  const box = useRef<HTMLDivElement>(null)
  const text = errors?.join('\n') ?? ''
  useEffect(() => {
    if (!text) return
    const errorBox = box.current
    if (!errorBox) return
    errorBox.scrollIntoView({ block: 'nearest' })
    // From the page (the button lost it) or from the form's own button (given back by
    // SubmitButton as the answer came in), never from a field.
    const focused = document.activeElement
    const fromButton =
      focused instanceof HTMLButtonElement &&
      focused.type === 'submit' &&
      errorBox.closest('form')?.contains(focused) === true
    if (focused === null || focused === document.body || fromButton) {
      errorBox.focus({ preventScroll: true })
    }
  }, [text])
  if (!errors?.length) return null
  return (
    <div
      ref={box}
      id={id}
      role="alert"
      tabIndex={-1}
      className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive"
    >
      {errors.map((error) => (
        <p key={error}>{error}</p>
      ))}
    </div>
  )
}

/**
 * A form's submit button, disabled while the form is on its way (`busy`; `disabled` for any other
 * reason). Disabled, it loses the focus to the page: it takes it back once the answer is in (an
 * answer told by a toast, say). Errors shown above the form then take it from the button
 * (FormErrors).
 */
function SubmitButton({
  busy,
  disabled = false,
  ...props
}: Omit<ButtonProps, 'type'> & { busy: boolean }) {
  const button = useRef<HTMLButtonElement>(null)
  const hadFocus = useRef(false)
  // Before the browser moves the focus away from the newly disabled button.
  useLayoutEffect(() => {
    if (busy) hadFocus.current = document.activeElement === button.current
  }, [busy])
  useEffect(() => {
    if (busy || !hadFocus.current) return
    hadFocus.current = false
    const focused = document.activeElement
    if (focused === null || focused === document.body) button.current?.focus()
  }, [busy])
  return <Button ref={button} type="submit" disabled={busy || disabled} {...props} />
}

export { Field, FieldErrors, FormErrors, PasswordField, SubmitButton, TextareaField }
