import { useState } from 'react'
import { Form } from 'react-router'
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
    <UserMenuPopup
      user={user}
      open={open}
      onOpenChange={setOpen}
      trigger={
        <button
          type="button"
          className="flex size-10 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          <UserAvatar user={user} className="size-9" />
          <span className="sr-only">Menu du compte de {displayName(user)}</span>
        </button>
      }
    />
  )
}

/** The form every 'Se déconnecter' button submits. */
export function SignOutForm() {
  return <Form id="sign-out-form" method="post" action="/auth/sign-out" hidden />
}
