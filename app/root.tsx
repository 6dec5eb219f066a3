import {
  isRouteErrorResponse,
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
import { THEME_BOOT_SCRIPT } from './components/theme'
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
        <Toaster position="top-center" visibleToasts={1} richColors closeButton />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  )
}

export default function App() {
  return (
    <>
      <SiteHeader />
      <main id="contenu" className="flex-1">
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
      <main id="contenu" className="mx-auto flex w-full max-w-2xl flex-1 flex-col gap-4 px-4 py-16">
        <h1 className="text-3xl font-bold">{title}</h1>
        <p className="text-muted-foreground">{String(message)}</p>
        <p>
          <a href="/" className="font-medium text-primary underline underline-offset-4">
            Retour à l’accueil
          </a>
        </p>
      </main>
      <SiteFooter />
    </>
  )
}
