import { useState } from 'react'
import { Form, Link } from 'react-router'
import { onDemand } from './on-demand'
import { initials } from '~/utils/initials'

export type MenuUser = { firstName: string; lastName: string; avatar: string | null }

export function displayName(user: { firstName: string; lastName: string }): string {
  return `${user.firstName} ${user.lastName}`.trim() || 'Utilisateur'
}

export function UserAvatar({ user, className }: { user: MenuUser; className?: string }) {
  const name = displayName(user)
  return user.avatar ? (
    <img src={user.avatar} alt="" className={`rounded-full object-cover ${className ?? ''}`} />
  ) : (
    <span
      aria-hidden="true"
      className={`flex items-center justify-center rounded-full bg-accent text-xs font-semibold text-accent-foreground ${className ?? ''}`}
    >
      {initials(name)}
    </span>
  )
}

const UserMenuPopup = onDemand('menu', () => import('./user-menu-popup'))

/** The avatar menu: Profil, Paramètres, Se déconnecter (signs out everywhere, then to /). */
export function UserMenu({ user }: { user: MenuUser }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      {/* Shown only by a browser that runs no script, instead of a button that would do nothing. */}
      <UserMenuDisclosure user={user} />
      <UserMenuPopup
        user={user}
        open={open}
        onOpenChange={setOpen}
        trigger={
          <button
            type="button"
            className="flex size-10 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring noscript:hidden"
          >
            <UserAvatar user={user} className="size-9" />
            <span className="sr-only">Menu du compte de {displayName(user)}</span>
          </button>
        }
      />
    </>
  )
}

const DISCLOSURE_ITEM_CLASS =
  'flex min-h-9 w-full items-center rounded-sm px-3 text-left text-sm hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-ring'

/**
 * The same menu for a browser that runs no script (CSS's `scripting: none`): a disclosure
 * holding plain links and the sign-out form's button.
 */
function UserMenuDisclosure({ user }: { user: MenuUser }) {
  return (
    <details className="relative hidden noscript:block" data-slot="user-menu-fallback">
      <summary className="flex size-10 cursor-pointer list-none items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden">
        <UserAvatar user={user} className="size-9" />
        <span className="sr-only">Menu du compte de {displayName(user)}</span>
      </summary>
      <div className="absolute top-12 right-0 z-50 flex w-56 flex-col rounded-md border bg-card p-1 text-card-foreground shadow-md">
        <p className="px-3 py-2 text-sm font-medium">{displayName(user)}</p>
        <Link to="/profile" className={DISCLOSURE_ITEM_CLASS}>
          Profil
        </Link>
        <Link to="/settings" className={DISCLOSURE_ITEM_CLASS}>
          Paramètres
        </Link>
        <button type="submit" form="sign-out-form" className={DISCLOSURE_ITEM_CLASS}>
          Se déconnecter
        </button>
      </div>
    </details>
  )
}

/** The form every 'Se déconnecter' button submits. */
export function SignOutForm() {
  return <Form id="sign-out-form" method="post" action="/auth/sign-out" hidden />
}
