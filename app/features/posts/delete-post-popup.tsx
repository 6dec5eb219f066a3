import { Trash2 } from 'lucide-react'
import { AlertDialog, DropdownMenu } from 'radix-ui'
import { useRef, useState } from 'react'
import { FocusFirstItem, type OnDemandPartProps } from '~/components/on-demand'
import { Button } from '~/components/ui/button'

/** The Radix part of DeletePostMenu, loaded when the menu is first opened. */
export default function DeletePostPopup({
  title,
  onConfirm,
  open,
  onOpenChange,
  trigger,
  openedByKeyboard,
}: { title: string; onConfirm: () => void } & OnDemandPartProps) {
  const [confirming, setConfirming] = useState(false)
  // The dialog has no trigger of its own (the menu's item opens it): cancelled, it gives the
  // focus back to the menu's button, where Radix would drop it on the page's body; confirmed,
  // the card goes and says itself where the focus goes.
  const menuButton = useRef<HTMLButtonElement>(null)
  const confirmed = useRef(false)
  return (
    <>
      <DropdownMenu.Root open={open} onOpenChange={onOpenChange}>
        <DropdownMenu.Trigger asChild ref={menuButton}>
          {trigger}
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={4}
            className="z-50 min-w-40 rounded-md border bg-card p-1 text-card-foreground shadow-md"
          >
            <FocusFirstItem when={openedByKeyboard} />
            <DropdownMenu.Item
              onSelect={() => {
                confirmed.current = false
                setConfirming(true)
              }}
              className="flex cursor-pointer items-center gap-2 rounded-sm px-3 py-2 text-sm text-destructive outline-none data-[highlighted]:bg-accent focus-visible:outline-2 focus-visible:outline-solid focus-visible:-outline-offset-2 focus-visible:outline-ring"
            >
              <Trash2 aria-hidden="true" className="size-4" /> Supprimer
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <AlertDialog.Root open={confirming} onOpenChange={setConfirming}>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
          <AlertDialog.Content
            onCloseAutoFocus={(event) => {
              event.preventDefault()
              if (!confirmed.current) menuButton.current?.focus()
            }}
            className="fixed top-1/2 left-1/2 z-50 flex w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-xl border bg-card p-6 text-card-foreground shadow-xl"
          >
            <AlertDialog.Title className="text-lg font-semibold">
              Supprimer ce post ?
            </AlertDialog.Title>
            <AlertDialog.Description className="text-sm text-muted-foreground">
              « {title} » et ses commentaires, votes et sauvegardes seront définitivement supprimés.
            </AlertDialog.Description>
            <div className="flex justify-end gap-2">
              <AlertDialog.Cancel asChild>
                <Button variant="outline">Annuler</Button>
              </AlertDialog.Cancel>
              <AlertDialog.Action asChild>
                <Button
                  variant="destructive"
                  onClick={() => {
                    confirmed.current = true
                    onConfirm()
                  }}
                >
                  Supprimer
                </Button>
              </AlertDialog.Action>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </>
  )
}
