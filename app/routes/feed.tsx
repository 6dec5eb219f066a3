import { Heart, PenSquare, UserRound } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { createContext, data, Link, redirect, useLocation, useNavigation } from 'react-router'
import { CachedFragment } from '~/components/cached-fragment'
import { Icon } from '~/components/icons/icon'
import { Button } from '~/components/ui/button'
import { LazyDialogPanel } from '~/components/ui/lazy-dialog-panel'
import {
  ALL_COMMUNITIES,
  CommunitySidebar,
  type FeedSelection,
} from '~/features/feed/community-sidebar'
import { FeedHeader } from '~/features/feed/feed-header'
import { canonicalTags, originOf } from '~/features/marketing/page-meta'
import { feedUrl, toFeedItem } from '~/features/feed/feed-item'
import { communityDisplayName, feedCommunity } from '~/features/feed/communities'
import {
  formatFeedCursor,
  listFeed,
  listFeedWithSession,
  listStarredCommunities,
  parseFeedCursor,
  type FeedPage,
} from '~/features/feed/feed.server'
import { FeedSkeletons, PostList } from '~/features/feed/post-list'
import { starCommunity } from '~/features/feed/star.server'
import { SAMPLE_ARTICLES, type SampleArticle } from '~/features/feed/sample-articles'
import { getViewer } from '~/features/profiles/viewer.server'
import { normalizeSearchTerm } from '~/features/search/search-query.server'
import {
  getCurrentSession,
  readWithSession,
  requireSession,
  resultFor,
  safeRedirectPath,
  type ReadWithSession,
} from '~/server/auth/session.server'
import { documentJsonTexts } from '~/server/document-json.server'
import { flashToast } from '~/server/toast.server'
import { requestForm } from '~/server/errors.server'
import { toJsonText, useJsonText } from '~/utils/json-text'
import { formatRelativeTime } from '~/utils/relative-time'
import { useOptionalUser, type AppShellHandle } from '~/root'
import type { Route } from './+types/feed'
import { opensElsewhere } from '~/utils/link-click'
import { keepRetryAfter, retryAfterHeader } from '~/server/rate-limit.server'

/** The feed has its own top bar (search, notifications, messages), not the site header. */
export const handle: AppShellHandle = { appHeader: (props) => <FeedHeader {...props} /> }

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const selection = loaderData?.selection
  const filtered = [selection?.categoryLabel, selection?.sectorLabel].filter(Boolean).join(' · ')
  return [
    {
      title: selection?.q
        ? `« ${selection.q} » · Recherche · Tremplin`
        : filtered
          ? `${filtered} · Fil d’actualité · Tremplin`
          : 'Fil d’actualité · Tremplin',
    },
    {
      name: 'description',
      content:
        'Les dernières publications, discussions, événements, ressources et articles des entrepreneurs de Tremplin.',
    },
    ...feedIndexing(selection, loaderData?.isFirstPage ?? true, originOf(matches)),
  ]
}

/**
 * What search engines are told of a feed page: a community's first page is indexed under one
 * address (its filters in a fixed order, without `communautes` or tracking parameters); a
 * search's results and the later pages are followed, not indexed (each post has its own page,
 * listed by the sitemap).
 */
function feedIndexing(
  selection: { category?: string | null; sector?: string | null; q?: string | null } | undefined,
  isFirstPage: boolean,
  origin: string | null,
) {
  if (!selection || selection.q || !isFirstPage) {
    return [{ name: 'robots', content: 'noindex, follow' }]
  }
  return canonicalTags(origin && `${origin}${feedUrl(selection)}`)
}

function readSelection(url: URL): FeedSelection {
  const q = normalizeSearchTerm(url.searchParams.get('q'))
  return {
    category: feedCommunity('category', url.searchParams.get('category')),
    sector: feedCommunity('sector', url.searchParams.get('sector')),
    q: q || null,
  }
}

// A signed-in member's page read with their session, before the root's loader asks for it: on
// the request's own context, gone with it (a module's WeakMap keyed by the request would keep
// the page's rows past every young-generation collection, ADR 037).
const readWithSessionContext = createContext<ReadWithSession<FeedPage> | null>(null)

/** A member's page and session in one statement (ADR 030), started before any loader runs. */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    if (request.method === 'GET') {
      const url = new URL(request.url)
      const reading = await readWithSession(request, context, (token) =>
        listFeedWithSession({
          filters: readSelection(url),
          cursor: parseFeedCursor(url.searchParams.get('cursor')),
          token,
        }),
      )
      if (reading) context.set(readWithSessionContext, reading)
    }
    return next()
  },
]

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const selection = readSelection(url)
  const cursor = parseFeedCursor(url.searchParams.get('cursor'))
  const viewerId = (await getCurrentSession(context))?.user.id ?? null
  const [page, viewer] = await Promise.all([
    resultFor(context.get(readWithSessionContext), viewerId) ??
      listFeed({ filters: selection, cursor, viewerId }),
    getViewer(context),
  ])
  const filtered = Boolean(selection.category || selection.sector || selection.q)
  return {
    // One string rather than ~400 values for React Router's serializer (ADR 024), which a
    // document holds in an element of its own (ADR 033).
    posts: toJsonText(page.posts.map(toFeedItem), documentJsonTexts(context)),
    nextCursor: page.nextCursor ? formatFeedCursor(page.nextCursor) : null,
    isFirstPage: cursor === null,
    // An empty first page with no filter means the database holds no post at all.
    samples: page.posts.length === 0 && !filtered && cursor === null ? SAMPLE_ARTICLES : [],
    // The sidebar's lists come from the code's constants; only the member's stars are sent.
    starred: await listStarredCommunities(viewer?.favorites ?? null),
    signedIn: viewerId !== null,
    viewerId,
    now: new Date().toISOString(),
    allCommunities: url.searchParams.get('communautes') === ALL_COMMUNITIES.communautes,
    selection: {
      ...selection,
      categoryLabel: communityDisplayName('category', selection.category),
      sectorLabel: communityDisplayName('sector', selection.sector),
    },
  }
}

export const headers = keepRetryAfter

/**
 * Stars or unstars a community (members only), from the sidebar's plain form (it sends
 * `redirectTo`): back to the same feed with the answer as a toast. A star pressed with a
 * script goes to /api/favorites instead (ADR 051); without `redirectTo` the answer is data.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await requestForm(request)
  const plainForm = formData.has('redirectTo')
  const back = safeRedirectPath(formData.get('redirectTo'))
  const current = await requireSession(request, context)
  const outcome = await starCommunity(current.user.id, formData)
  // Refused input is answered as such, form or not; a plain form is told the rest by a toast.
  if (!plainForm || outcome.status === 400 || outcome.status === 404) {
    return data(
      { message: outcome.message, type: outcome.type },
      { status: outcome.status, headers: retryAfterHeader(outcome.retryAfterSeconds) },
    )
  }
  await flashToast(context, { type: outcome.type, message: outcome.message })
  throw redirect(back.startsWith('/feed') ? back : '/feed')
}

// The articles come with the page that shows them (the loader's `samples`): the feed's script,
// loaded by every member, does not carry texts only an empty database shows.
function SampleArticles({ articles, now }: { articles: readonly SampleArticle[]; now: string }) {
  return (
    <section aria-labelledby="exemples" className="flex flex-col gap-4">
      <h2 id="exemples" className="text-sm font-medium text-muted-foreground">
        Aucune publication pour le moment : voici des exemples de ce que vous lirez ici.
      </h2>
      <ol className="flex flex-col gap-4">
        {articles.map((article) => (
          <li key={article.id}>
            <article className="flex flex-col gap-2 rounded-xl border border-dashed bg-card p-5">
              <p className="flex items-center gap-2 text-sm text-muted-foreground">
                <span className="rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-accent-foreground">
                  Exemple
                </span>
                {article.community} · {article.author} ·{' '}
                {formatRelativeTime(new Date(article.publishedAt), new Date(now))}
              </p>
              <h3 className="text-lg font-semibold">{article.title}</h3>
              <p className="text-muted-foreground">{article.content}</p>
            </article>
          </li>
        ))}
      </ol>
    </section>
  )
}

function CreatePostPrompt({ signedIn }: { signedIn: boolean }) {
  return (
    <div className="flex items-center gap-3 rounded-xl border bg-card p-4 shadow-xs">
      <PenSquare aria-hidden="true" className="size-5 shrink-0 text-primary" />
      <p className="flex-1 text-sm text-muted-foreground">
        Une idée, une question, un événement à partager ?
      </p>
      <Button asChild size="sm">
        <Link to={signedIn ? '/post/create' : '/auth?redirectTo=%2Fpost%2Fcreate'}>
          Créer un post
        </Link>
      </Button>
    </div>
  )
}

/**
 * For a member known only by their email (sign-up's names are optional, spec §5): until their
 * profile has a name, the community sees their posts and comments under « Utilisateur ».
 */
function CompleteProfilePrompt() {
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-xl border border-primary/30 bg-accent p-4 text-accent-foreground">
      <UserRound aria-hidden="true" className="size-5 shrink-0 text-primary" />
      <p className="min-w-48 flex-1 text-sm">
        Complétez votre profil professionnel : votre nom, votre poste et votre entreprise permettent
        à la communauté de vous reconnaître.
      </p>
      <Button asChild size="sm" variant="outline">
        <Link to="/profile/edit">Compléter mon profil</Link>
      </Button>
    </div>
  )
}

function DonationPanel() {
  return (
    <aside
      aria-labelledby="soutenir"
      className="sticky top-20 flex flex-col gap-3 rounded-xl border bg-card p-5 shadow-xs"
    >
      <Heart aria-hidden="true" className="size-6 text-rose-600 dark:text-rose-400" />
      <h2 id="soutenir" className="font-semibold">
        Soutenez Tremplin
      </h2>
      <p className="text-sm text-muted-foreground">
        Tremplin est gratuit et indépendant. Les dons financent l’hébergement et les nouvelles
        fonctionnalités pour toute la communauté : écrivez-nous, nous vous dirons comment
        contribuer.
      </p>
      <Link
        to="/contact?sujet=Soutenir%20Tremplin"
        className="text-sm font-medium text-primary underline underline-offset-4"
      >
        Nous écrire pour soutenir le projet
      </Link>
    </aside>
  )
}

function ActiveFilters({
  selection,
}: {
  selection: Route.ComponentProps['loaderData']['selection']
}) {
  const chips = [
    selection.categoryLabel && {
      label: selection.categoryLabel,
      to: feedUrl({ ...selection, category: null }),
    },
    selection.sectorLabel && {
      label: selection.sectorLabel,
      to: feedUrl({ ...selection, sector: null }),
    },
    // No-break spaces inside the quotes, as French writes them: a long term does not leave « alone.
    selection.q && {
      label: `«\u00a0${selection.q}\u00a0»`,
      to: feedUrl({ ...selection, q: null }),
    },
  ].filter((chip): chip is { label: string; to: string } => Boolean(chip))
  // A chip removed goes with its link: the keyboard goes to the chip now in its place, else the
  // one before, else the page's content (as when the only card is deleted).
  const removed = useRef<{ index: number; among: string } | null>(null)
  const list = useRef<HTMLUListElement>(null)
  const shown = chips.map((chip) => chip.label).join('\n')
  useEffect(() => {
    // Once the chips are no longer those the link was pressed among.
    if (!removed.current || removed.current.among === shown) return
    const { index } = removed.current
    removed.current = null
    const links = list.current?.querySelectorAll('a') ?? []
    ;(links[Math.min(index, links.length - 1)] ?? document.getElementById('contenu'))?.focus()
  })
  if (chips.length === 0) return null
  return (
    <ul ref={list} aria-label="Filtres actifs" className="flex flex-wrap gap-2">
      {chips.map((chip, index) => (
        <li key={chip.label}>
          <Link
            to={chip.to}
            onClick={(event) => {
              // A new tab or window (a modifier held) leaves this page as it is.
              if (opensElsewhere(event)) return
              removed.current = { index, among: shown }
            }}
            className="flex min-h-8 items-center gap-1.5 rounded-full border bg-accent px-3 text-sm wrap-anywhere text-accent-foreground hover:bg-accent/70"
          >
            {chip.label}
            <Icon name="x" className="size-3.5 shrink-0" />
            <span className="sr-only">(retirer ce filtre)</span>
          </Link>
        </li>
      ))}
    </ul>
  )
}

export default function Feed({ loaderData }: Route.ComponentProps) {
  const {
    nextCursor,
    samples,
    starred,
    signedIn,
    viewerId,
    now,
    selection,
    isFirstPage,
    allCommunities,
  } = loaderData
  const posts = useJsonText(loaderData.posts)
  const user = useOptionalUser()
  const unnamed = user !== null && !(user.firstName.trim() && user.lastName.trim())
  const navigation = useNavigation()
  const location = useLocation()
  const [drawerOpen, setDrawerOpen] = useState(false)
  const loadingFeed = navigation.state === 'loading' && navigation.location.pathname === '/feed'
  const listKey = feedUrl(selection)
  const filtered = Boolean(selection.category || selection.sector || selection.q)

  // The stars as the member set them since the page's data came: the sidebar lists them first
  // at once, without loading the feed again (ADR 051).
  const [stars, setStars] = useState({ from: starred, current: starred })
  if (stars.from !== starred) setStars({ from: starred, current: starred })
  const onStarred = (kind: 'category' | 'sector', name: string, favorite: boolean) =>
    setStars(({ from, current }) => {
      const others = current[kind].filter((item) => item !== name)
      return { from, current: { ...current, [kind]: favorite ? [...others, name] : others } }
    })

  const sidebar = (onNavigate?: () => void) => (
    <CommunitySidebar
      starred={stars.current}
      onStarred={onStarred}
      selection={selection}
      signedIn={signedIn}
      showAll={allCommunities}
      onNavigate={onNavigate}
    />
  )
  // The same for every page with the same filters and stars (ADR 022).
  const sidebarKey = () =>
    JSON.stringify([
      'community-sidebar',
      location.pathname + location.search,
      signedIn,
      selection,
      stars.current,
    ])

  return (
    <div className="mx-auto grid w-full max-w-7xl gap-6 px-4 py-6 lg:grid-cols-[15rem_minmax(0,1fr)] xl:grid-cols-[15rem_minmax(0,1fr)_17rem]">
      {/* On a wide screen the communities come first: the posts a Tab away, not thirty (WCAG
          2.4.1). Fixed, it takes no cell of the grid; parked above the viewport until focused. */}
      <a
        href="#publications"
        className="fixed top-3 left-3 z-50 -translate-y-20 rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground shadow-md focus:translate-y-0 max-lg:hidden motion-safe:transition-transform"
      >
        Aller aux publications
      </a>
      <div className="hidden lg:block">
        {/* Scrolling clips what overflows: 4 px each side keep the stars' and links' focus
            rings whole, the negative margin the column where it was. */}
        <div className="sticky top-20 -mx-1 max-h-[calc(100dvh-6rem)] overflow-y-auto px-1 pb-6">
          <CachedFragment cacheKey={sidebarKey} rendersIds>
            {sidebar()}
          </CachedFragment>
        </div>
      </div>

      <div
        id="publications"
        tabIndex={-1}
        className="flex min-w-0 flex-col gap-4 focus:outline-none"
      >
        <div className="flex items-center justify-between gap-3">
          <h1 className="text-2xl font-bold tracking-tight">
            {selection.q ? 'Résultats de recherche' : 'Fil d’actualité'}
          </h1>
          <LazyDialogPanel
            open={drawerOpen}
            onOpenChange={setDrawerOpen}
            trigger={
              // The drawer takes JavaScript; without it the button would do nothing.
              <Button variant="outline" size="sm" className="noscript:hidden lg:hidden">
                <Icon name="sliders-horizontal" /> Communautés
              </Button>
            }
            title="Communautés"
            description="Filtrez le fil par catégorie ou par secteur, et gérez vos favoris."
            closeLabel="Fermer les communautés"
            closeClassName="flex size-10 items-center justify-center rounded-md hover:bg-accent"
            headerClassName="mb-4 flex items-center justify-between"
            overlayClassName="fixed inset-0 z-40 bg-black/50"
            contentClassName="fixed inset-y-0 left-0 z-50 w-80 max-w-[85vw] overflow-y-auto border-r bg-background p-4 shadow-xl"
          >
            {sidebar(() => setDrawerOpen(false))}
          </LazyDialogPanel>
          {/* Without scripts, a link to the same list on the page itself (ADR 046). */}
          <div className="hidden noscript:max-lg:block" data-slot="communities-fallback">
            <Button asChild variant="outline" size="sm">
              {allCommunities ? (
                <Link to={feedUrl(selection)} aria-label="Masquer les communautés">
                  <Icon name="sliders-horizontal" /> Masquer
                </Link>
              ) : (
                <Link to={feedUrl(selection, ALL_COMMUNITIES)}>
                  <Icon name="sliders-horizontal" /> Communautés
                </Link>
              )}
            </Button>
          </div>
        </div>
        {/* A search sent from the header keeps the focus in its box: its outcome is read out. */}
        <output className="sr-only">
          {selection.q && !loadingFeed
            ? `Recherche « ${selection.q} » : ${posts.length === 0 ? 'aucun contenu trouvé.' : 'résultats affichés.'}`
            : ''}
        </output>
        {allCommunities ? (
          // On a phone, the list the drawer would hold, above the feed.
          <div className="rounded-xl border bg-card p-4 lg:hidden">{sidebar()}</div>
        ) : null}
        {unnamed ? <CompleteProfilePrompt /> : null}
        <CachedFragment cacheKey={`create-post-prompt ${signedIn ? 'member' : 'visitor'}`}>
          <CreatePostPrompt signedIn={signedIn} />
        </CachedFragment>
        <ActiveFilters selection={selection} />
        {loadingFeed ? (
          <FeedSkeletons />
        ) : samples.length > 0 ? (
          <SampleArticles articles={samples} now={now} />
        ) : posts.length === 0 ? (
          <p className="rounded-xl border border-dashed p-8 text-center text-muted-foreground">
            {filtered
              ? 'Aucun contenu trouvé pour cette recherche.'
              : 'Aucune publication pour le moment'}
          </p>
        ) : (
          <>
            {isFirstPage ? null : (
              <Link
                to={listKey}
                className="text-sm font-medium text-primary underline underline-offset-4"
              >
                Retour aux publications les plus récentes
              </Link>
            )}
            <PostList
              key={`${listKey}#${posts[0]?.id ?? ''}`}
              posts={posts}
              nextCursor={nextCursor}
              now={now}
              signedIn={signedIn}
              viewerId={viewerId}
              pageUrl={(cursor) => feedUrl(selection, { cursor })}
              apiUrl={(cursor) => feedUrl(selection, { cursor }).replace('/feed', '/api/feed')}
            />
          </>
        )}
      </div>

      <div className="hidden xl:block">
        <CachedFragment cacheKey="donation-panel">
          <DonationPanel />
        </CachedFragment>
      </div>
    </div>
  )
}
