import { Moon, Sun } from 'lucide-react'
import { useSyncExternalStore } from 'react'
import { Button } from '~/components/ui/button'
import { cn } from '~/utils/cn'

/** Runs before paint: applies the theme stored under 'theme' (light unless 'dark'). */
export const THEME_BOOT_SCRIPT = `try{if(localStorage.getItem('theme')==='dark')document.documentElement.classList.add('dark')}catch(e){}`

type Theme = 'light' | 'dark'

const THEME_STORAGE_KEY = 'theme'

// The class on <html> is the single source of truth: every toggle (header, drawer, Toaster)
// watches it, so flipping it in one place updates all of them.
function subscribe(onChange: () => void) {
  const observer = new MutationObserver(onChange)
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] })
  return () => observer.disconnect()
}

function getSnapshot(): Theme {
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light'
}

// The server cannot know the stored theme: it and the hydrating render both say 'light', then
// React re-renders with the real class once hydrated, so the markup always matches.
function getServerSnapshot(): Theme {
  return 'light'
}

/** The theme applied to the page ('light' on the server and during hydration). */
function useTheme(): Theme {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot)
}

function applyTheme(theme: Theme) {
  document.documentElement.classList.toggle('dark', theme === 'dark')
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme)
  } catch {
    // Storage may be disabled (private mode): the choice then lasts until the page reloads.
  }
}

type ThemeToggleProps = Omit<React.ComponentProps<'button'>, 'children' | 'onClick'> & {
  /** Shows the action as text next to the icon (the drawer) instead of an icon-only button. */
  withLabel?: boolean
}

/** Switches between the light and dark themes and remembers the choice. */
function ThemeToggle({ withLabel = false, className, ...props }: ThemeToggleProps) {
  const theme = useTheme()
  const label = theme === 'dark' ? 'Activer le thème clair' : 'Activer le thème sombre'
  // The icons follow the class through CSS, so they are right from the first paint.
  const icons = (
    <>
      <Moon aria-hidden="true" className="dark:hidden" />
      <Sun aria-hidden="true" className="hidden dark:block" />
    </>
  )
  return (
    <Button
      type="button"
      variant="ghost"
      size={withLabel ? 'default' : 'icon'}
      aria-label={withLabel ? undefined : label}
      title={withLabel ? undefined : label}
      align={withLabel ? 'start' : 'center'}
      // Without JavaScript there is no theme to switch to: no button that would do nothing.
      className={cn('noscript:hidden', className)}
      onClick={() => applyTheme(theme === 'dark' ? 'light' : 'dark')}
      {...props}
    >
      {icons}
      {withLabel ? label : null}
    </Button>
  )
}

export { ThemeToggle, useTheme, type Theme }
