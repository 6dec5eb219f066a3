import { Menu } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link, NavLink, useLocation } from 'react-router'
import { CachedFragment } from '~/components/cached-fragment'
import { ThemeToggle } from '~/components/theme'
import { SIGN_UP_PATH } from '~/features/auth/auth-paths'
import { UserMenu, type MenuUser } from './user-menu'
import { Button, buttonVariants } from '~/components/ui/button'
import { LazyDialogPanel } from '~/components/ui/lazy-dialog-panel'
import { cn } from '~/utils/cn'

const NAV_LINKS = [
  { to: '/about', label: 'À propos' },
  { to: '/blog', label: 'Blog' },
  { to: '/pricing', label: 'Tarifs' },
  { to: '/faq', label: 'FAQ' },
  { to: '/contact', label: 'Contact' },
  { to: '/careers', label: 'Recrutement' },
] as const

// Matches the spec's mobile breakpoint (768 px) and Tailwind's `md`.
const DESKTOP_QUERY = '(min-width: 48rem)'

type SiteHeaderUser = MenuUser

/**
 * The site link NavLink shows as the current page at `pathname`, by NavLink's own rule: its path
 * or one below it, letter case aside. A string comparison, where `matchPath` would compile a
 * regular expression per link on every page this header is on.
 */
function currentSiteLink(pathname: string): string | null {
  const current = pathname.toLowerCase()
  return NAV_LINKS.find(({ to }) => current === to || current.startsWith(`${to}/`))?.to ?? null
}

/**
 * The shared header: brand, site links, theme toggle and the way in (or back to the feed). Its
 * HTML is a function of the member's name and avatar and of the current site link (the theme is
 * applied in the browser), so the server renders it once per such pair (ADR 022), as the feed's.
 */
function SiteHeader({ user }: { user?: SiteHeaderUser | null }) {
  const { pathname } = useLocation()
  const cacheKey = () =>
    JSON.stringify([
      'site-header',
      user ? [user.firstName, user.lastName, user.avatar] : null,
      currentSiteLink(pathname),
      // The menu without scripts marks « Accueil » on the landing page alone.
      pathname === '/',
    ])
  return (
    <CachedFragment cacheKey={cacheKey} rendersIds>
      <SiteHeaderBar user={user} />
    </CachedFragment>
  )
}

function SiteHeaderBar({ user }: { user?: SiteHeaderUser | null }) {
  return (
    <>
      <a
        href="#contenu"
        // Parked above the viewport (not display:none) so it stays reachable, and slides in on focus.
        className="fixed top-3 left-3 z-50 -translate-y-20 rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground shadow-md focus:translate-y-0 motion-safe:transition-transform"
      >
        Aller au contenu
      </a>
      <header className="sticky top-0 z-40 border-b bg-background">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 lg:gap-6">
          <Brand />
          <nav aria-label="Navigation principale" className="hidden md:block">
            <ul className="flex items-center lg:gap-1">
              {NAV_LINKS.map((link) => (
                <li key={link.to}>
                  <NavLink
                    to={link.to}
                    className="inline-flex h-9 items-center rounded-md px-2 text-sm whitespace-nowrap font-medium text-muted-foreground transition-[color,background-color,border-color] hover:bg-accent hover:text-accent-foreground aria-[current=page]:bg-accent aria-[current=page]:text-accent-foreground aria-[current=page]:underline aria-[current=page]:decoration-2 aria-[current=page]:underline-offset-4 lg:px-3"
                  >
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="ml-auto flex items-center gap-1 lg:gap-2">
            <ThemeToggle className="max-md:hidden" />
            <div className="hidden items-center gap-2 md:flex">
              <AuthLinks user={user} size="sm" />
            </div>
            <MobileMenu user={user} />
            <MobileMenuDisclosure user={user} />
          </div>
        </div>
      </header>
    </>
  )
}

function Brand() {
  return (
    <Link
      to="/"
      className="inline-flex items-center gap-2 rounded-md text-xl font-bold tracking-tight text-foreground"
    >
      <LogoMark />
      {/* Between 768 and 1024 px the full nav leaves no room for the wordmark: the mark stays. */}
      <span className="md:max-lg:sr-only">Tremplin</span>
    </Link>
  )
}

function LogoMark() {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" className="size-8 shrink-0">
      <rect width="64" height="64" rx="14" className="fill-primary" />
      <path
        d="M14 46h36v6H14zM20 38l12-24 12 24h-7l-5-10-5 10z"
        className="fill-primary-foreground"
      />
    </svg>
  )
}

function AuthLinks({
  user,
  size,
  className,
  onNavigate,
}: {
  user?: SiteHeaderUser | null
  size: 'sm' | 'default'
  className?: string
  onNavigate?: () => void
}) {
  if (user)
    return (
      <>
        <Button asChild size={size} className={className}>
          <Link to="/feed" onClick={onNavigate}>
            Accéder au fil
          </Link>
        </Button>
        {onNavigate ? (
          <>
            <Button asChild variant="outline" size={size} className={className}>
              <Link to="/profile" onClick={onNavigate}>
                Profil
              </Link>
            </Button>
            <Button asChild variant="outline" size={size} className={className}>
              <Link to="/settings" onClick={onNavigate}>
                Paramètres
              </Link>
            </Button>
            <Button
              type="submit"
              form="sign-out-form"
              variant="ghost"
              size={size}
              className={className}
            >
              Se déconnecter
            </Button>
          </>
        ) : (
          <UserMenu user={user} />
        )}
      </>
    )
  return (
    <>
      <Button asChild variant="outline" size={size} className={className}>
        <Link to="/auth" onClick={onNavigate}>
          Se connecter
        </Link>
      </Button>
      <Button asChild size={size} className={className}>
        <Link to={SIGN_UP_PATH} onClick={onNavigate}>
          Commencer
        </Link>
      </Button>
    </>
  )
}

function MobileMenu({ user }: { user?: SiteHeaderUser | null }) {
  const location = useLocation()
  // The drawer remembers the location it was opened on: any navigation (a link, the back
  // button) changes the key and so closes it, with no effect to keep in sync.
  const [openedAt, setOpenedAt] = useState<string | null>(null)
  const open = openedAt === location.key
  const close = () => setOpenedAt(null)

  // Widening the window past the breakpoint hides the menu button: close the drawer with it,
  // or focus would stay trapped in a panel that no longer belongs to the layout.
  useEffect(() => {
    if (!open) return
    const desktop = window.matchMedia(DESKTOP_QUERY)
    const closeOnDesktop = () => {
      if (desktop.matches) setOpenedAt(null)
    }
    desktop.addEventListener('change', closeOnDesktop)
    return () => desktop.removeEventListener('change', closeOnDesktop)
  }, [open])

  return (
    <LazyDialogPanel
      open={open}
      onOpenChange={(next) => setOpenedAt(next ? location.key : null)}
      trigger={
        <Button
          variant="ghost"
          size="icon"
          aria-label="Ouvrir le menu"
          className="noscript:hidden md:hidden"
        >
          <Menu aria-hidden="true" className="size-5" />
        </Button>
      }
      title="Menu"
      closeLabel="Fermer le menu"
      closeClassName={buttonVariants({ variant: 'ghost', size: 'icon' })}
      overlayClassName="fixed inset-0 z-50 bg-black/50 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in motion-reduce:animate-none"
      contentClassName="fixed inset-y-0 right-0 z-50 flex w-[min(20rem,85vw)] flex-col gap-6 overflow-y-auto border-l bg-background p-4 shadow-xl data-[state=closed]:animate-drawer-out data-[state=open]:animate-drawer-in motion-reduce:animate-none"
    >
      <PhoneMenuLinks user={user} onNavigate={close} />
      <div className="border-t pt-4">
        <ThemeToggle withLabel className="w-full" />
      </div>
    </LazyDialogPanel>
  )
}

/** The phone menu's content: the site's links, then the way in (or the member's links). */
function PhoneMenuLinks({
  user,
  onNavigate,
}: {
  user?: SiteHeaderUser | null
  onNavigate: () => void
}) {
  return (
    <>
      <nav aria-label="Navigation principale">
        <ul className="flex flex-col gap-1">
          <li>
            <DrawerLink to="/" end onNavigate={onNavigate}>
              Accueil
            </DrawerLink>
          </li>
          {NAV_LINKS.map((link) => (
            <li key={link.to}>
              <DrawerLink to={link.to} onNavigate={onNavigate}>
                {link.label}
              </DrawerLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="flex flex-col gap-2 border-t pt-6">
        <AuthLinks user={user} size="default" className="w-full" onNavigate={onNavigate} />
      </div>
    </>
  )
}

// Without scripts, following a link loads the next page: there is nothing to close.
const stay = () => {}

/**
 * The phone's menu for a browser that runs no script (CSS's `scripting: none`), where the
 * drawer's button would do nothing: a disclosure holding the same links under the bar.
 */
function MobileMenuDisclosure({ user }: { user?: SiteHeaderUser | null }) {
  return (
    <details className="hidden noscript:max-md:block" data-slot="mobile-menu-fallback">
      <summary
        className={cn(
          buttonVariants({ variant: 'ghost', size: 'icon' }),
          'list-none [&::-webkit-details-marker]:hidden',
        )}
      >
        <Menu aria-hidden="true" className="size-5" />
        <span className="sr-only">Menu</span>
      </summary>
      <div className="absolute inset-x-0 top-full z-50 flex flex-col gap-4 border-b bg-background p-4 shadow-md">
        <PhoneMenuLinks user={user} onNavigate={stay} />
      </div>
    </details>
  )
}

function DrawerLink({
  to,
  end,
  onNavigate,
  children,
}: {
  to: string
  end?: boolean
  onNavigate: () => void
  children: React.ReactNode
}) {
  return (
    <NavLink
      to={to}
      end={end}
      // Closing on click (not only when the new location arrives) hides the drawer at once,
      // even while the next page's data is still loading.
      onClick={onNavigate}
      className={cn(
        'flex min-h-11 items-center rounded-md px-3 text-base font-medium text-foreground transition-[color,background-color,border-color]',
        'hover:bg-accent hover:text-accent-foreground',
        'aria-[current=page]:bg-accent aria-[current=page]:text-accent-foreground',
        // Marked otherwise than by colour too (WCAG 1.4.1).
        'aria-[current=page]:underline aria-[current=page]:decoration-2 aria-[current=page]:underline-offset-4',
      )}
    >
      {children}
    </NavLink>
  )
}

export { LogoMark, SiteHeader, type SiteHeaderUser }
