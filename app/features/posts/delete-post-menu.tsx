import { MoreHorizontal, Trash2 } from 'lucide-react'
import { AlertDialog, DropdownMenu } from 'radix-ui'
import { useEffect, useState } from 'react'
import { useFetcher, useLocation } from 'react-router'
import { toast } from 'sonner'
import { Button } from '~/components/ui/button'

export const DELETE_FAILED_MESSAGE = 'Erreur lors de la suppression du post'

/**
 * Deletes a post through its route's action. The card hides as soon as the deletion is
 * asked for, and comes back with an error toast if the server refuses.
 */
export function useDeletePost(postId: string) {
  const fetcher = useFetcher<{ error?: string }>()
  const location = useLocation()
  const [requested, setRequested] = useState(false)
  const failed = fetcher.state === 'idle' && Boolean(fetcher.data?.error)

  useEffect(() => {
    if (failed) toast.error(DELETE_FAILED_MESSAGE)
  }, [failed])

  return {
    hidden: requested && !failed,
    requestDelete: () => {
      setRequested(true)
      void fetcher.submit(
        { intent: 'delete', redirectTo: location.pathname + location.search },
        { method: 'post', action: `/api/posts/${postId}` },
      )
    },
  }
}

/** The author's menu on a post: 'Supprimer', then a confirmation dialog. */
export function DeletePostMenu({ title, onConfirm }: { title: string; onConfirm: () => void }) {
  const [confirming, setConfirming] = useState(false)
  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger asChild>
          <Button variant="ghost" size="icon" className="size-8">
            <MoreHorizontal aria-hidden="true" />
            <span className="sr-only">Options du post « {title} »</span>
          </Button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={4}
            className="z-50 min-w-40 rounded-md border bg-card p-1 text-card-foreground shadow-md"
          >
            <DropdownMenu.Item
              onSelect={() => setConfirming(true)}
              className="flex cursor-pointer items-center gap-2 rounded-sm px-3 py-2 text-sm text-destructive outline-none data-[highlighted]:bg-accent"
            >
              <Trash2 aria-hidden="true" className="size-4" /> Supprimer
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <AlertDialog.Root open={confirming} onOpenChange={setConfirming}>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
          <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 flex w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-xl border bg-card p-6 text-card-foreground shadow-xl">
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
                  className="bg-destructive text-white hover:bg-destructive/90"
                  onClick={onConfirm}
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
