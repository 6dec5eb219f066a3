import { Bell, MessageSquare, Search } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { CachedFragment } from '~/components/cached-fragment'
import { LogoMark } from '~/components/site-header'
import { ThemeToggle } from '~/components/theme'
import { Button } from '~/components/ui/button'
import { Input } from '~/components/ui/input'
import { Label } from '~/components/ui/label'
import { LazyDialogPanel } from '~/components/ui/lazy-dialog-panel'
import { UserMenu, type MenuUser } from '~/components/user-menu'
import { SearchCombobox } from '~/features/search/search-combobox'

// A little smaller on the narrowest phones, so that a visitor's bar fits in 320 px.
const ICON_LINK =
  'flex size-9 items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-accent-foreground sm:size-10'

/** The search overlay of phones: the same combobox, full width. */
function MobileSearch({ defaultValue }: { defaultValue: string }) {
  const [open, setOpen] = useState(false)
  return (
    <LazyDialogPanel
      open={open}
      onOpenChange={setOpen}
      trigger={
        <button
          type="button"
          className={`${ICON_LINK} noscript:hidden md:hidden`}
          aria-label="Rechercher"
        >
          <Search aria-hidden="true" className="size-5" />
        </button>
      }
      title="Rechercher"
      titleClassName="text-base font-semibold"
      description="Recherchez des publications, des membres et des communautés."
      closeLabel="Fermer la recherche"
      holdsTypingFor="Rechercher"
      closeClassName={ICON_LINK}
      overlayClassName="fixed inset-0 z-40 bg-black/50"
      contentClassName="fixed inset-x-0 top-0 z-50 flex flex-col gap-3 border-b bg-background p-4 shadow-lg"
    >
      <SearchCombobox
        id="recherche-mobile"
        defaultValue={defaultValue}
        // The overlay is opened to type in: the field takes the focus, not the close button.
        focusWhenShown
        onNavigate={() => setOpen(false)}
      />
    </LazyDialogPanel>
  )
}

/**
 * The phone's search for a browser that runs no script (CSS's `scripting: none`), where the
 * overlay's button would do nothing: a disclosure holding a plain search form.
 */
function MobileSearchDisclosure({ defaultValue }: { defaultValue: string }) {
  return (
    <details className="hidden noscript:max-md:block" data-slot="mobile-search-fallback">
      <summary
        className={`${ICON_LINK} cursor-pointer list-none [&::-webkit-details-marker]:hidden`}
      >
        <Search aria-hidden="true" className="size-5" />
        <span className="sr-only">Rechercher</span>
      </summary>
      <search className="absolute inset-x-0 top-full z-50 border-b bg-background p-4 shadow-md">
        <form method="get" action="/feed" className="flex flex-col gap-2">
          <Label htmlFor="recherche-sans-script">Rechercher</Label>
          <div className="flex gap-2">
            <Input
              id="recherche-sans-script"
              type="search"
              name="q"
              defaultValue={defaultValue}
              maxLength={100}
              placeholder="Rechercher des posts, membres, communautés…"
            />
            <Button type="submit">Rechercher</Button>
          </div>
        </form>
      </search>
    </details>
  )
}

/**
 * The feed's top bar (spec §2 'Feed'): search, notifications, messages, avatar menu. Its HTML
 * is a function of the member's name and avatar and of the search term (the theme is applied
 * in the browser), so the server renders it once per such triple (ADR 022).
 */
export function FeedHeader({ user, search }: { user: MenuUser | null; search: string }) {
  const cacheKey = () =>
    JSON.stringify(['feed-header', user && [user.firstName, user.lastName, user.avatar], search])
  return (
    <CachedFragment cacheKey={cacheKey} rendersIds>
      <FeedHeaderBar user={user} search={search} />
    </CachedFragment>
  )
}

function FeedHeaderBar({ user, search }: { user: MenuUser | null; search: string }) {
  return (
    <header className="sticky top-0 z-30 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <a
        href="#contenu"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-background focus:px-3 focus:py-2"
      >
        Aller au contenu
      </a>
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:gap-3 sm:px-4">
        <Link to="/" className="flex shrink-0 items-center gap-2 text-lg font-bold">
          <LogoMark />
          <span className="max-sm:sr-only">Tremplin</span>
        </Link>
        <div className="hidden max-w-xl flex-1 md:block">
          <SearchCombobox id="recherche" defaultValue={search} />
        </div>
        <div className="ml-auto flex items-center sm:gap-1">
          <MobileSearch defaultValue={search} />
          <MobileSearchDisclosure defaultValue={search} />
          <Link to="/notifications" className={ICON_LINK} aria-label="Notifications">
            <Bell aria-hidden="true" className="size-5" />
          </Link>
          <Link to="/messages" className={ICON_LINK} aria-label="Messages">
            <MessageSquare aria-hidden="true" className="size-5" />
          </Link>
          <ThemeToggle />
          {user ? (
            <UserMenu user={user} />
          ) : (
            <Button asChild size="sm" className="max-sm:px-2.5 sm:ml-1">
              <Link to="/auth?redirectTo=%2Ffeed">Se connecter</Link>
            </Button>
          )}
        </div>
      </div>
    </header>
  )
}
