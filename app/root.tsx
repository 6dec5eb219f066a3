import { useEffect } from 'react'
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useNavigation,
  useRouteLoaderData,
  type MiddlewareFunction,
} from 'react-router'
import type { Route } from './+types/root'
import './app.css'
import { NoScriptNotice } from './components/no-script-notice'
import { useNonce } from './components/nonce'
import { SiteFooter } from './components/site-footer'
import { SiteHeader } from './components/site-header'
import { THEME_BOOT_SCRIPT, useTheme } from './components/theme'
import { EARLY_CLICK_SCRIPT, replayEarlyClick } from './components/early-clicks'
import { toast as showToast, Toaster } from './components/toaster'
import { Button } from './components/ui/button'
import { SignOutForm } from './components/user-menu'
import type { FeedHeader } from './features/feed/feed-header'
import { getViewer } from './features/profiles/viewer.server'
import { getCurrentSession, sessionMiddleware } from './server/auth/session.server'
import { startDatabase } from './server/db/db.server'
import { publicOrigin } from './server/env.server'
import { lastResortMiddleware } from './server/last-resort.server'
import { originMiddleware } from './server/origin.server'
import { takeToast, type Toast } from './server/toast.server'
import { skipRevalidationOffline } from './utils/form-kept-offline'
import { DocumentJsonScripts } from './utils/json-text'

export const middleware: MiddlewareFunction<Response>[] = [
  // Cross-origin writes are refused before anything else runs.
  originMiddleware,
  // Every request waits for the database to be migrated and seeded (instant once started).
  async (_args, next) => {
    await startDatabase()
    return next()
  },
  sessionMiddleware,
  // A resource route's unexpected failure told in French (its toast set inside the session's).
  lastResortMiddleware,
]

// A form kept as typed when the connection failed asks no loader again (ADR 052).
export const shouldRevalidate = skipRevalidationOffline

export async function loader({ request, context }: Route.LoaderArgs) {
  const current = await getCurrentSession(context)
  const toast = await takeToast(request, context)
  // The public origin, for the canonical addresses of pages' meta (pageMeta).
  const origin = publicOrigin()
  if (!current) return { user: null, toast, origin }
  const viewer = await getViewer(context)
  return {
    origin,
    user: {
      firstName: viewer?.firstName ?? current.user.firstName,
      lastName: viewer?.lastName ?? current.user.lastName,
      avatar: viewer?.avatar ?? null,
    },
    toast,
  }
}

/** The signed-in member as the root loader gave it (null for a visitor or on error pages). */
export function useOptionalUser() {
  return useRouteLoaderData<typeof loader>('root')?.user ?? null
}

export const meta: Route.MetaFunction = ({ error }) => [
  {
    title: error
      ? `${errorTitle(error)} · Tremplin`
      : 'Tremplin, le réseau social des entrepreneurs',
  },
  {
    name: 'description',
    content:
      'Tremplin est le réseau social professionnel gratuit des entrepreneurs francophones : partagez, échangez et trouvez des opportunités.',
  },
]

export function Layout({ children }: { children: React.ReactNode }) {
  const theme = useTheme()
  const nonce = useNonce()
  return (
    <html lang="fr" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#3b3fd8" />
        <script
          nonce={nonce}
          dangerouslySetInnerHTML={{ __html: `${THEME_BOOT_SCRIPT};${EARLY_CLICK_SCRIPT}` }}
        />
        <Meta />
        <Links />
        {/* The same on every page: written here, where a `links` export would have React
            Router sort, compare and key them anew for each document. */}
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        <link rel="manifest" href="/manifest.webmanifest" />
      </head>
      <body className="flex min-h-dvh flex-col">
        {children}
        <Toaster
          position="top-center"
          visibleToasts={1}
          closeButton
          theme={theme}
          toastOptions={{ closeButtonAriaLabel: 'Fermer la notification' }}
        />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        <DocumentJsonScripts />
      </body>
    </html>
  )
}

/** The handle of a page of the app (rather than of the site): the top bar it shows. */
export interface AppShellHandle {
  appHeader: (props: React.ComponentProps<typeof FeedHeader>) => React.ReactNode
}

// The skip link targets #contenu; tabIndex lets it take focus so the next Tab continues from
// the page content (the root's scroll-padding keeps the sticky header off its top, app.css).
const MAIN_CLASS = 'flex-1 focus:outline-none'

/**
 * While a navigation waits for its page's data, a bar along the top of the window (from 150 ms
 * on: a quick one shows nothing), where a link followed by the browser would show its own.
 */
function NavigationProgress() {
  const navigation = useNavigation()
  if (navigation.state === 'idle') return null
  return (
    <div
      aria-hidden="true"
      data-slot="navigation-progress"
      className="fixed inset-x-0 top-0 z-50 h-0.5 origin-left animate-navigation-progress bg-primary motion-reduce:animate-none"
    />
  )
}

/** The message a form's answer flashed (`flashToast`), for a browser without JavaScript. */
function NoScriptToast({ toast }: { toast: Toast }) {
  return (
    <NoScriptNotice
      type={toast.type}
      message={toast.description ? `${toast.message} ${toast.description}` : toast.message}
    />
  )
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { user, toast } = loaderData
  const matches = useMatches()
  const location = useLocation()
  // An app page names its own top bar in its handle, so that the landing and the static pages
  // do not load the app's header and search (ADR 015).
  const appHeader = matches
    .map((match) => (match.handle as AppShellHandle | undefined)?.appHeader)
    .find(Boolean)
  const search = appHeader ? (new URLSearchParams(location.search).get('q') ?? '') : ''
  useEffect(() => {
    if (toast) {
      showToast[toast.type](toast.message, { id: toast.id, description: toast.description })
    }
  }, [toast])
  // The page is hydrated and its first effects have run (the root's come last; parts loaded on
  // demand may follow, React replays what reaches them meanwhile): its scripts are in charge.
  // What waits for that reads this mark (the end-to-end tests, before acting on a page). A
  // button pressed before, which did nothing then, is pressed again now.
  useEffect(() => {
    document.documentElement.dataset.hydrated = ''
    replayEarlyClick()
  }, [])
  return (
    <>
      {user ? <SignOutForm /> : null}
      <NavigationProgress />
      {appHeader ? appHeader({ user, search }) : <SiteHeader user={user} />}
      {toast ? <NoScriptToast toast={toast} /> : null}
      <main id="contenu" tabIndex={-1} className={MAIN_CLASS}>
        <Outlet />
      </main>
      <SiteFooter />
    </>
  )
}

function errorTitle(error: unknown): string {
  return isRouteErrorResponse(error) && error.status === 404
    ? 'Page introuvable'
    : 'Une erreur est survenue'
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // The root loader's member, when it ran (a page not found, a page's own error): the header
  // then shows the way back to the feed, as on every other page.
  const user = useOptionalUser()
  const notFound = isRouteErrorResponse(error) && error.status === 404
  const title = errorTitle(error)
  const message = notFound
    ? 'La page que vous cherchez n’existe pas ou a été déplacée.'
    : isRouteErrorResponse(error)
      ? // A 405 is React Router's own (a form sent to a page without an action): its data is an
        // English sentence for developers ('Error: You made a POST request…'), not for people.
        error.status === 405
        ? 'Cette page ne reçoit pas de formulaire.'
        : error.data || 'La demande n’a pas pu aboutir.'
      : 'Nous n’avons pas pu afficher cette page. Réessayez dans un instant.'
  return (
    <>
      {user ? <SignOutForm /> : null}
      <SiteHeader user={user} />
      <main id="contenu" tabIndex={-1} className={MAIN_CLASS}>
        <section className="mx-auto flex w-full max-w-2xl flex-col items-start gap-4 px-4 py-20 sm:py-28">
          <p className="text-sm font-semibold text-primary">
            {isRouteErrorResponse(error) ? `Erreur ${error.status}` : 'Erreur'}
          </p>
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
          <p className="text-lg text-muted-foreground">{String(message)}</p>
          <Button asChild className="mt-4">
            <Link to="/">Retour à l’accueil</Link>
          </Button>
        </section>
      </main>
      <SiteFooter />
    </>
  )
}
