import { LogOut, Settings, User } from 'lucide-react'
import { DropdownMenu } from 'radix-ui'
import { Link, useSubmit } from 'react-router'
import { FocusFirstItem, type OnDemandPartProps } from './on-demand'
import { displayName, type MenuUser } from './user-menu'

const ITEM_CLASS =
  'flex cursor-pointer items-center gap-2 rounded-sm px-3 py-2 text-sm outline-none select-none data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground focus-visible:outline-2 focus-visible:outline-solid focus-visible:-outline-offset-2 focus-visible:outline-ring'

/** The avatar menu's Radix part, loaded on first use (see UserMenu). */
export default function UserMenuPopup({
  user,
  open,
  onOpenChange,
  trigger,
  openedByKeyboard,
}: { user: MenuUser } & OnDemandPartProps) {
  const submit = useSubmit()
  return (
    <DropdownMenu.Root open={open} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-48 rounded-md border bg-card p-1 text-card-foreground shadow-md"
        >
          <FocusFirstItem when={openedByKeyboard} />
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
