import { useEffect, useEffectEvent, useId, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { Icon } from '~/components/icons/icon'
import { toast } from '~/components/toaster'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { cn } from '~/utils/cn'
import { useHydrated } from '~/utils/use-hydrated'
import { useJsonRequest } from '~/utils/use-json-request'
import { useTypedBeforeHydration } from '~/utils/use-typed-before-hydration'
import { listCommunities, type Community, type StarredCommunities } from './communities'
import { feedUrl } from './feed-item'
import { SectorIcon } from './sector-icons'

export const SIDEBAR_VISIBLE_ITEMS = 6

/**
 * The feed's parameter that lists every community, expanded (`/feed?communautes=toutes`): what
 * the sidebar's 'Voir plus' and the phone's 'Communautés' lead to without JavaScript (ADR 046).
 */
export const ALL_COMMUNITIES = { communautes: 'toutes' } as const

export interface FeedSelection {
  category: string | null
  sector: string | null
  q: string | null
}

function fold(value: string): string {
  return value
    .normalize('NFD')
    .replaceAll(/\p{Diacritic}/gu, '')
    .toLowerCase()
}

/** The communities whose name holds what is typed in the sidebar's field, accents aside. */
function matching(filter: string) {
  const wanted = fold(filter)
  return (item: { displayName: string }) => fold(item.displayName).includes(wanted)
}

/** What /api/favorites answers. */
interface StarAnswer {
  message: string
  type: 'success' | 'error'
  favorite?: boolean
}

/** Told when a community's star is set, so that the lists put the stars first. */
type StarredHandler = (kind: 'category' | 'sector', name: string, favorite: boolean) => void

/** A star that could not be sent (a failed connection). */
const STAR_FAILED_MESSAGE = 'Le favori n’a pas pu être enregistré : vérifiez votre connexion.'

function FavoriteStar({
  community,
  itemType,
  signedIn,
  onStarred,
}: {
  community: Community
  itemType: 'category' | 'sector'
  signedIn: boolean
  onStarred?: StarredHandler
}) {
  const request = useJsonRequest<StarAnswer>({ message: STAR_FAILED_MESSAGE, type: 'error' })
  const location = useLocation()
  const hydrated = useHydrated()
  const back = location.pathname + location.search
  const button = useRef<HTMLButtonElement>(null)
  // A press while the last one is being sent waits for its answer, then the state asked for last
  // is sent if the server's differs: never two requests at once, whose answers could cross.
  const queued = useRef<boolean | null>(null)
  // Pressed while focused: the state it asked for, after which the star, moved to its community's
  // new place in the list, takes the focus back (React moves the element, which loses it).
  const keepFocus = useRef<boolean | null>(null)
  // Optimistic: the star shows the state asked for as soon as it is pressed, until the stars
  // say the same (or the request fails).
  const [asked, setAsked] = useState<boolean | null>(null)
  if (asked !== null && asked === community.favorite && request.state === 'idle') setAsked(null)
  const [handled, setHandled] = useState(request.data)
  if (request.data !== handled) {
    setHandled(request.data)
    if (request.data?.type === 'error') setAsked(null)
  }
  const favorite = asked ?? community.favorite
  // The star's own form, with the state asked for (a queued press sends it after the answer).
  const send = (wanted: boolean) => {
    const body = new FormData(button.current?.form ?? undefined)
    body.set('favorite', String(wanted))
    void request.submit('/api/favorites', body)
  }
  const answered = useEffectEvent((answer: StarAnswer) => {
    const next = queued.current
    queued.current = null
    if (answer.type === 'success' && answer.favorite !== undefined) {
      onStarred?.(itemType, community.name, answer.favorite)
    }
    const kept = answer.type === 'error' ? community.favorite : answer.favorite
    if (next !== null && next !== kept) return send(next)
    if (answer.type === 'error') toast.error(answer.message)
    else toast.success(answer.message)
  })
  useEffect(() => {
    if (request.data) answered(request.data)
  }, [request.data])
  useLayoutEffect(() => {
    if (keepFocus.current !== community.favorite) return
    keepFocus.current = null
    // Unless the focus went elsewhere meanwhile.
    const active = document.activeElement
    if (!active || active === document.body) button.current?.focus()
  }, [community.favorite])
  const label = favorite
    ? `Retirer ${community.displayName} des favoris`
    : `Ajouter ${community.displayName} aux favoris`
  const star = <Icon name="star" filled={favorite} />
  const className =
    'flex size-8 shrink-0 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-accent-foreground'
  if (!signedIn) {
    return (
      <Link
        to={`/auth?redirectTo=${encodeURIComponent(back)}`}
        className={className}
        aria-label={label}
      >
        {star}
      </Link>
    )
  }
  return (
    <form
      method="post"
      action="/feed"
      onSubmit={(event) => {
        // With a script: a JSON request, and the feed stays as it is (ADR 051).
        event.preventDefault()
        keepFocus.current = document.activeElement === button.current ? !favorite : null
        setAsked(!favorite)
        if (request.state === 'idle') send(!favorite)
        else queued.current = !favorite
      }}
    >
      <input type="hidden" name="intent" value="favorite" />
      <input type="hidden" name="itemType" value={itemType} />
      <input type="hidden" name="name" value={community.name} />
      <input type="hidden" name="favorite" value={String(!favorite)} />
      {/* A plain form, before hydration, goes to the feed's action and comes back to this page. */}
      {hydrated ? null : <input type="hidden" name="redirectTo" value={back} />}
      {/* The state is in the name (« Retirer … des favoris »): no aria-pressed, whose toggle
          would need a name that stays the same. */}
      <button
        ref={button}
        type="submit"
        aria-label={label}
        className={cn(className, favorite && 'text-amber-600 dark:text-amber-400')}
      >
        {star}
      </button>
    </form>
  )
}

function CommunityList({
  title,
  itemType,
  items,
  selection,
  filter,
  signedIn,
  showAll,
  onNavigate,
  onStarred,
}: {
  title: string
  itemType: 'category' | 'sector'
  items: Community[]
  selection: FeedSelection
  filter: string
  signedIn: boolean
  showAll: boolean
  onNavigate?: () => void
  onStarred?: StarredHandler
}) {
  const [expanded, setExpanded] = useState(showAll)
  // Communities starred or unstarred here stay in the collapsed list, wherever their star puts
  // them: the one just unstarred, with the focus on its star, does not vanish from under it.
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set())
  const headingId = useId()
  const listId = useId()
  const selected = selection[itemType]
  const matches = filter ? items.filter(matching(filter)) : items
  // Collapsed, the first six show, plus the selected community and those just starred.
  const visible =
    filter || expanded
      ? matches
      : matches.filter(
          (item, index) =>
            index < SIDEBAR_VISIBLE_ITEMS || item.name === selected || touched.has(item.name),
        )
  const hidden = matches.length - SIDEBAR_VISIBLE_ITEMS

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-1">
      <h2 id={headingId} className="px-2 text-xs font-semibold tracking-wide text-muted-foreground">
        {title}
      </h2>
      {matches.length === 0 ? (
        <p className="px-2 py-1 text-sm text-muted-foreground">Aucune communauté</p>
      ) : (
        <ul
          id={listId}
          className={cn(
            'flex flex-col gap-0.5',
            // Expanded, the categories scroll within 8rem (spec §2).
            itemType === 'category' && expanded && !filter && 'max-h-32 overflow-y-auto',
          )}
        >
          {visible.map((item) => {
            const isSelected = item.name === selected || (item.name === 'tous' && !selected)
            // A second click on the selected community deselects it; 'tous' clears.
            const target =
              item.name === 'tous' || item.name === selected
                ? feedUrl({ ...selection, [itemType]: null })
                : feedUrl({ ...selection, [itemType]: item.name })
            return (
              <li key={item.name} className="flex items-center gap-1">
                <Link
                  to={target}
                  onClick={() => {
                    // Deselected, a community past the first six stays listed while collapsed:
                    // its link, which has the focus, does not vanish from under it.
                    if (item.name === selected) setTouched((names) => new Set(names).add(item.name))
                    onNavigate?.()
                  }}
                  aria-current={isSelected ? 'page' : undefined}
                  className={cn(
                    'flex min-h-8 min-w-0 flex-1 items-center gap-2 rounded-md px-2 py-1 text-sm hover:bg-accent hover:text-accent-foreground',
                    isSelected && 'bg-accent font-medium text-accent-foreground',
                  )}
                >
                  {itemType === 'sector' ? (
                    <SectorIcon name={item.icon} className="size-4 shrink-0" />
                  ) : null}
                  <span className="truncate">{item.displayName}</span>
                </Link>
                {item.name === 'tous' ? null : (
                  <FavoriteStar
                    community={item}
                    itemType={itemType}
                    signedIn={signedIn}
                    onStarred={(kind, name, favorite) => {
                      setTouched((names) => new Set(names).add(name))
                      onStarred?.(kind, name, favorite)
                    }}
                  />
                )}
              </li>
            )
          })}
        </ul>
      )}
      {!filter && hidden > 0 ? (
        <button
          type="button"
          onClick={() => setExpanded((value) => !value)}
          aria-expanded={expanded}
          aria-controls={listId}
          className="self-start rounded-md px-2 py-1 text-sm font-medium text-primary hover:underline noscript:hidden"
        >
          {expanded ? 'Voir moins' : 'Voir plus'}
        </button>
      ) : null}
      {hidden > 0 ? (
        // Without scripts, the same words lead to the page that lists every community.
        <Link
          to={showAll ? feedUrl(selection) : feedUrl(selection, ALL_COMMUNITIES)}
          className="hidden self-start rounded-md px-2 py-1 text-sm font-medium text-primary hover:underline noscript:block"
        >
          {showAll ? 'Voir moins' : 'Voir plus'}
        </Link>
      ) : null}
    </section>
  )
}

/** Community search, CATÉGORIES and SECTEURS, favourites first (spec §2 'Sidebar'). */
export function CommunitySidebar({
  starred,
  selection,
  signedIn,
  showAll = false,
  onNavigate,
  onStarred,
}: {
  starred: StarredCommunities
  selection: FeedSelection
  signedIn: boolean
  /** Every community listed from the start (`ALL_COMMUNITIES` in the address). */
  showAll?: boolean
  onNavigate?: () => void
  /** A star set with a script: the lists put it first at once. */
  onStarred?: StarredHandler
}) {
  // Built here, so that a server copying the sidebar from its cache (ADR 022) does not build it.
  const { categories, sectors } = useMemo(() => listCommunities(starred), [starred])
  const [filter, setFilter] = useState('')
  const filterField = useRef<HTMLInputElement>(null)
  // A name typed before the scripts ran filters the lists once they run.
  useTypedBeforeHydration(filterField, filter, (typed) => setFilter(typed))
  const searchId = useId()
  // What the field found, said as it filters (the lists change out of sight of a screen reader).
  const found = filter ? [...categories, ...sectors].filter(matching(filter)).length : null
  return (
    <nav aria-label="Communautés" className="flex flex-col gap-5">
      {/* The list filters as one types, in the browser: without scripts the field would not. */}
      <div className="flex flex-col gap-2 px-2 noscript:hidden">
        <Label htmlFor={searchId}>Rechercher une communauté</Label>
        <Input
          ref={filterField}
          id={searchId}
          type="search"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          placeholder="Marketing, Santé…"
          autoComplete="off"
        />
        <output className="sr-only">
          {found === null
            ? ''
            : found === 0
              ? 'Aucune communauté'
              : `${found} communauté${found > 1 ? 's' : ''} trouvée${found > 1 ? 's' : ''}`}
        </output>
      </div>
      <CommunityList
        title="CATÉGORIES"
        itemType="category"
        items={categories}
        selection={selection}
        filter={filter}
        signedIn={signedIn}
        showAll={showAll}
        onNavigate={onNavigate}
        onStarred={onStarred}
      />
      <CommunityList
        title="SECTEURS"
        itemType="sector"
        items={sectors}
        selection={selection}
        filter={filter}
        signedIn={signedIn}
        showAll={showAll}
        onNavigate={onNavigate}
        onStarred={onStarred}
      />
    </nav>
  )
}
