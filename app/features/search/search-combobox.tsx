// The WAI-ARIA 1.2 combobox pattern: a native <datalist> or <select> cannot show grouped, rich
// suggestions that lead elsewhere, so the roles are set by hand.
/* oxlint-disable jsx-a11y/prefer-tag-over-role */
import { FileText, Hash, LoaderCircle, Search } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { Form, useNavigate } from 'react-router'
import { focusTakingHeldTyping } from '~/components/held-typing'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { cn } from '~/utils/cn'
import { initials } from '~/utils/initials'
import { useJsonRequest } from '~/utils/use-json-request'
import { useTypedBeforeHydration } from '~/utils/use-typed-before-hydration'
import { normalizeSearchTerm, SEARCH_MIN_LENGTH } from './search-term'
import type { SearchSuggestions, Suggestion } from './suggestions.server'

const DEBOUNCE_MS = 150

const GROUPS = [
  { kind: 'community', label: 'Communautés' },
  { kind: 'author', label: 'Membres' },
  { kind: 'post', label: 'Publications' },
] as const

/** Where a suggestion leads. */
function suggestionHref(suggestion: Suggestion): string {
  switch (suggestion.kind) {
    case 'post':
      return suggestion.url
    case 'author':
      return `/profile/${suggestion.userId}`
    case 'community':
      return `/feed?${new URLSearchParams({ [suggestion.type]: suggestion.name })}`
  }
}

function suggestionKey(suggestion: Suggestion): string {
  switch (suggestion.kind) {
    case 'post':
      return `post-${suggestion.id}`
    case 'author':
      return `author-${suggestion.profileId}`
    case 'community':
      return `${suggestion.type}-${suggestion.name}`
  }
}

const SUGGESTIONS_FAILED_MESSAGE = 'Suggestions indisponibles : vérifiez votre connexion.'

/**
 * The spec's messages (§8), announced as they change. An answer for an earlier term says
 * nothing about this one: silent until its own comes (then announced, even when its count is
 * the same as the earlier term's).
 */
export function statusMessage(term: string, data: SearchSuggestions | undefined): string {
  if (term.length < SEARCH_MIN_LENGTH) return 'Commencez à taper pour voir les suggestions'
  if (!data || data.term !== term) return ''
  return data.count > 0
    ? `${data.count} résultat(s) trouvé(s)`
    : `Aucun résultat pour "${data.term}"`
}

interface SearchComboboxProps {
  defaultValue?: string
  /** Takes the focus when it appears (the phone's search overlay, opened to type in). */
  focusWhenShown?: boolean
  /** The input's id (generated when absent). */
  id?: string
  className?: string
  /** Called when a suggestion is opened or the search submitted (to close an overlay). */
  onNavigate?: () => void
}

/**
 * The search field: a GET form to /feed?q= (works without JavaScript), enhanced into a WAI-ARIA
 * combobox whose listbox suggests communities, members and posts as one types.
 */
function SearchCombobox({
  defaultValue = '',
  focusWhenShown = false,
  id,
  className,
  onNavigate,
}: SearchComboboxProps) {
  const baseId = useId()
  const inputId = id ?? `${baseId}-input`
  const listboxId = `${baseId}-listbox`
  const statusId = `${baseId}-status`
  const optionId = (index: number) => `${baseId}-option-${index}`

  const navigate = useNavigate()
  const suggestions = useJsonRequest<SearchSuggestions | { failed: true }>({ failed: true })
  const inputRef = useRef<HTMLInputElement>(null)

  const [value, setValue] = useState(defaultValue)
  const [open, setOpen] = useState(false)
  const [activeIndex, setActiveIndex] = useState(-1)

  // A new defaultValue (the feed's ?q= after a navigation) replaces what was typed.
  const [shownDefault, setShownDefault] = useState(defaultValue)
  if (defaultValue !== shownDefault) {
    setShownDefault(defaultValue)
    setValue(defaultValue)
  }

  const term = normalizeSearchTerm(value)
  const tooShort = term.length < SEARCH_MIN_LENGTH
  const answer = tooShort ? undefined : suggestions.data
  // Offline or a dropped connection: said in the status, tried again at the next keystroke.
  const failed = answer !== undefined && 'failed' in answer
  const data = answer === undefined || 'failed' in answer ? undefined : answer
  const results = data?.results ?? []
  const loading = suggestions.state !== 'idle'
  const status = failed ? SUGGESTIONS_FAILED_MESSAGE : statusMessage(term, data)
  const hasOptions = open && results.length > 0
  // Suggestions for an earlier term stay until this one's arrive, dimmed.
  const stale = data !== undefined && data.term !== term

  // New suggestions: no option is active until the keyboard picks one.
  const [shownData, setShownData] = useState(data)
  if (data !== shownData) {
    setShownData(data)
    setActiveIndex(-1)
  }

  // Suggestions follow the term, 150 ms after the last keystroke. load aborts the request
  // still in flight, so a stale answer never lands last.
  const loadedTerm = data?.term
  const { load } = suggestions
  useEffect(() => {
    if (!open || tooShort || term === loadedTerm) return
    const timer = window.setTimeout(() => {
      void load(`/api/search/suggestions?${new URLSearchParams({ q: term })}`)
    }, DEBOUNCE_MS)
    return () => window.clearTimeout(timer)
  }, [open, tooShort, term, loadedTerm, load])

  // Escape closes the list before anything else: a Radix dialog around the field (the phone's
  // search overlay) listens on the document in the capture phase and would close first.
  // A default prevented earlier, on the window, tells it to leave this Escape alone.
  useEffect(() => {
    if (!open) return
    function claimEscape(event: KeyboardEvent) {
      if (event.key === 'Escape' && event.target === inputRef.current) event.preventDefault()
    }
    window.addEventListener('keydown', claimEscape, { capture: true })
    return () => window.removeEventListener('keydown', claimEscape, { capture: true })
  }, [open])

  // A term typed before the scripts ran is the field's, and, the field still focused, its
  // suggestions come at once rather than at the next keystroke.
  useTypedBeforeHydration(inputRef, value, (typed, focused) => {
    setValue(typed)
    if (focused) setOpen(true)
  })

  // Focused here rather than with the autofocus attribute, which only acts on page load. What
  // was typed while the overlay's code loaded is the field's, its suggestions at once (ADR 069).
  useEffect(() => {
    const input = inputRef.current
    if (!focusWhenShown || !input) return
    const typed = focusTakingHeldTyping(input)
    if (typed) {
      setValue(typed)
      setOpen(true)
    }
  }, [focusWhenShown])

  useEffect(() => {
    if (activeIndex >= 0) {
      document.getElementById(`${baseId}-option-${activeIndex}`)?.scrollIntoView({
        block: 'nearest',
      })
    }
  }, [activeIndex, baseId])

  function close() {
    setOpen(false)
    setActiveIndex(-1)
  }

  function openSuggestion(suggestion: Suggestion) {
    close()
    onNavigate?.()
    void navigate(suggestionHref(suggestion))
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    if (event.nativeEvent.isComposing) return
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault()
        if (!open) {
          setOpen(true)
          if (event.altKey) return
        }
        if (results.length > 0) setActiveIndex((index) => (index + 1) % results.length)
        return
      case 'ArrowUp':
        event.preventDefault()
        setOpen(true)
        if (results.length > 0) {
          setActiveIndex((index) => (index <= 0 ? results.length - 1 : index - 1))
        }
        return
      case 'Enter': {
        const active = open ? results[activeIndex] : undefined
        // Without an active option, Enter submits the form: the feed filtered by the term.
        if (active) {
          event.preventDefault()
          openSuggestion(active)
        }
        return
      }
      case 'Escape':
        // First Escape closes the suggestions, the next one clears the field.
        if (open) {
          event.preventDefault()
          close()
        } else if (value) {
          event.preventDefault()
          setValue('')
        }
        return
    }
  }

  let index = 0
  const groups = GROUPS.map((group) => ({
    ...group,
    items: results
      .filter((suggestion) => suggestion.kind === group.kind)
      .map((suggestion) => ({ suggestion, index: index++ })),
  })).filter((group) => group.items.length > 0)

  return (
    <search data-slot="search-combobox" className={cn('block w-full', className)}>
      <Form
        method="get"
        action="/feed"
        className="relative"
        onSubmit={() => {
          close()
          onNavigate?.()
        }}
      >
        <Label htmlFor={inputId} className="sr-only">
          Rechercher
        </Label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          ref={inputRef}
          id={inputId}
          name="q"
          type="search"
          value={value}
          placeholder="Rechercher des posts, membres, communautés…"
          autoComplete="off"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="search"
          maxLength={100}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={hasOptions}
          aria-controls={listboxId}
          aria-activedescendant={hasOptions && activeIndex >= 0 ? optionId(activeIndex) : undefined}
          aria-describedby={statusId}
          className="pr-9 pl-9 [&::-webkit-search-cancel-button]:appearance-none"
          onChange={(event) => {
            setValue(event.target.value)
            setOpen(true)
            setActiveIndex(-1)
          }}
          onFocus={() => setOpen(true)}
          onClick={() => setOpen(true)}
          onBlur={close}
          onKeyDown={onKeyDown}
        />
        {loading && !tooShort ? (
          <LoaderCircle
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground motion-safe:animate-spin"
          />
        ) : null}
        {/* Always in the page: the status is a live region and aria-controls needs its target. */}
        <div
          hidden={!open}
          className="absolute inset-x-0 top-full z-50 mt-1 overflow-hidden rounded-md border bg-card text-card-foreground shadow-lg"
        >
          <output
            id={statusId}
            aria-live="polite"
            className="block px-3 py-2 text-sm text-muted-foreground empty:hidden"
          >
            {status}
          </output>
          <div
            id={listboxId}
            role="listbox"
            tabIndex={-1}
            aria-label="Suggestions"
            aria-busy={loading || stale || undefined}
            hidden={!hasOptions}
            // Keeps the focus in the input (a click on an option, a group name or the scroll bar
            // would otherwise blur it and close the list first).
            onMouseDown={(event) => event.preventDefault()}
            className={cn(
              'max-h-[min(26rem,65vh)] overflow-y-auto border-t p-1 transition-opacity',
              stale && 'opacity-60',
            )}
          >
            {groups.map((group) => (
              <div
                key={group.kind}
                role="group"
                aria-labelledby={`${baseId}-group-${group.kind}`}
                className="py-1"
              >
                <div
                  id={`${baseId}-group-${group.kind}`}
                  role="presentation"
                  className="px-2 py-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase"
                >
                  {group.label}
                </div>
                {group.items.map(({ suggestion, index: optionIndex }) => (
                  <SuggestionOption
                    key={suggestionKey(suggestion)}
                    id={optionId(optionIndex)}
                    suggestion={suggestion}
                    active={optionIndex === activeIndex}
                    onPointerMove={() => setActiveIndex(optionIndex)}
                    onSelect={() => openSuggestion(suggestion)}
                  />
                ))}
              </div>
            ))}
          </div>
        </div>
      </Form>
    </search>
  )
}

function SuggestionOption({
  id,
  suggestion,
  active,
  onPointerMove,
  onSelect,
}: {
  id: string
  suggestion: Suggestion
  active: boolean
  onPointerMove: () => void
  onSelect: () => void
}) {
  const { label, detail } =
    suggestion.kind === 'post'
      ? { label: suggestion.title, detail: suggestion.excerpt }
      : suggestion.kind === 'author'
        ? { label: suggestion.name, detail: '' }
        : {
            label: suggestion.displayName,
            detail: suggestion.type === 'category' ? 'Catégorie' : 'Secteur',
          }
  return (
    // Keyboard use goes through the input (aria-activedescendant): options never take focus.
    // oxlint-disable-next-line jsx-a11y/click-events-have-key-events
    <div
      id={id}
      role="option"
      tabIndex={-1}
      aria-selected={active}
      data-active={active || undefined}
      onPointerMove={active ? undefined : onPointerMove}
      onClick={onSelect}
      className={cn(
        'flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-2 py-1.5 text-sm',
        'data-active:bg-accent data-active:text-accent-foreground data-active:outline-2 data-active:-outline-offset-2 data-active:outline-ring',
      )}
    >
      <SuggestionIcon suggestion={suggestion} />
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium">{label}</span>
        {detail ? (
          <span
            className={cn(
              'block truncate text-xs',
              active ? 'text-accent-foreground/80' : 'text-muted-foreground',
            )}
          >
            {detail}
          </span>
        ) : null}
      </span>
    </div>
  )
}

function SuggestionIcon({ suggestion }: { suggestion: Suggestion }) {
  const frame =
    'flex size-8 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground'
  if (suggestion.kind === 'author') {
    return suggestion.avatar ? (
      <img
        src={suggestion.avatar}
        alt=""
        width={32}
        height={32}
        loading="lazy"
        className="size-8 shrink-0 rounded-full object-cover"
      />
    ) : (
      <span aria-hidden="true" className={cn(frame, 'text-xs font-semibold')}>
        {initials(suggestion.name)}
      </span>
    )
  }
  const Icon = suggestion.kind === 'post' ? FileText : Hash
  return (
    <span aria-hidden="true" className={cn(frame, suggestion.kind === 'community' && 'rounded-md')}>
      <Icon className="size-4" />
    </span>
  )
}

export { SearchCombobox, suggestionHref, type SearchComboboxProps }
