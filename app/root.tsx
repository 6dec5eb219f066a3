import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type MiddlewareFunction,
} from 'react-router'
import { Toaster } from 'sonner'
import type { Route } from './+types/root'
import './app.css'
import { SiteFooter } from './components/site-footer'
import { SiteHeader } from './components/site-header'
import { THEME_BOOT_SCRIPT, useTheme } from './components/theme'
import { Button } from './components/ui/button'
import { startDatabase } from './server/db/db.server'

// Every request waits for the database to be migrated and seeded (instant once started).
export const middleware: MiddlewareFunction<Response>[] = [
  async (_args, next) => {
    await startDatabase()
    return next()
  },
]

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

export const meta: Route.MetaFunction = () => [
  { title: 'Tremplin, le réseau social des entrepreneurs' },
  {
    name: 'description',
    content:
      'Tremplin est le réseau social professionnel gratuit des entrepreneurs francophones : partagez, échangez et trouvez des opportunités.',
  },
]

export function Layout({ children }: { children: React.ReactNode }) {
  const theme = useTheme()
  return (
    <html lang="fr" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <script dangerouslySetInnerHTML={{ __html: THEME_BOOT_SCRIPT }} />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col">
        {children}
        <Toaster
          position="top-center"
          visibleToasts={1}
          richColors
          closeButton
          theme={theme}
          toastOptions={{ closeButtonAriaLabel: 'Fermer la notification' }}
        />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  )
}

// The skip link targets #contenu; tabIndex lets it take focus so the next Tab continues from
// the page content, and scroll-mt keeps the sticky header from covering its top.
const MAIN_CLASS = 'flex-1 scroll-mt-16 focus:outline-none'

export default function App() {
  return (
    <>
      <SiteHeader />
      <main id="contenu" tabIndex={-1} className={MAIN_CLASS}>
        <Outlet />
      </main>
      <SiteFooter />
    </>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404
  const title = notFound ? 'Page introuvable' : 'Une erreur est survenue'
  const message = notFound
    ? "La page que vous cherchez n'existe pas ou a été déplacée."
    : isRouteErrorResponse(error)
      ? error.data || 'La demande n’a pas pu aboutir.'
      : 'Nous n’avons pas pu afficher cette page. Réessayez dans un instant.'
  return (
    <>
      <SiteHeader />
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
