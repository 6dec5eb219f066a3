import { LogOut, Settings, User } from 'lucide-react'
import { DropdownMenu } from 'radix-ui'
import { Form, Link, useSubmit } from 'react-router'

export type MenuUser = { firstName: string; lastName: string; avatar: string | null }

export function displayName(user: { firstName: string; lastName: string }): string {
  return `${user.firstName} ${user.lastName}`.trim() || 'Utilisateur'
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase()
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

const ITEM_CLASS =
  'flex cursor-pointer items-center gap-2 rounded-sm px-3 py-2 text-sm outline-none select-none data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground'

/** The avatar menu: Profil, Paramètres, Se déconnecter (signs out everywhere, then to /). */
export function UserMenu({ user }: { user: MenuUser }) {
  const submit = useSubmit()
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="flex size-10 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring">
        <UserAvatar user={user} className="size-9" />
        <span className="sr-only">Menu du compte de {displayName(user)}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-48 rounded-md border bg-card p-1 text-card-foreground shadow-md"
        >
          <DropdownMenu.Label className="px-3 py-2 text-sm font-medium">
            {displayName(user)}
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item asChild className={ITEM_CLASS}>
            <Link to="/profile">
              <User aria-hidden="true" className="size-4" /> Profil
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={ITEM_CLASS}>
            <Link to="/settings">
              <Settings aria-hidden="true" className="size-4" /> Paramètres
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item
            className={ITEM_CLASS}
            // The menu unmounts on select, before a native submit could happen.
            onSelect={() => void submit(null, { method: 'post', action: '/auth/sign-out' })}
          >
            <LogOut aria-hidden="true" className="size-4" /> Se déconnecter
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}

/** The form every 'Se déconnecter' button submits. */
export function SignOutForm() {
  return <Form id="sign-out-form" method="post" action="/auth/sign-out" hidden />
}
