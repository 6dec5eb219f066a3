import { MoreHorizontal, Trash2 } from 'lucide-react'
import { useEffect, useEffectEvent, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { onDemand } from '~/components/on-demand'
import { toast } from '~/components/toaster'
import { Button } from '~/components/ui/button'
import { reviseKeptPost } from '~/features/feed/kept-pages'
import { useHydrated } from '~/utils/use-hydrated'
import { useJsonRequest } from '~/utils/use-json-request'
import { DELETE_FAILED_MESSAGE, POST_DELETED_MESSAGE } from './post-messages'

/**
 * Deletes a post through its route's action. The card hides as soon as the deletion is asked
 * for, and comes back with an error toast if the server refuses or the connection fails; the
 * feed stays where it was scrolled. From the post's own page (`redirectTo`), to that page.
 */
export function useDeletePost(postId: string, viewerId: string | null, redirectTo?: string) {
  const request = useJsonRequest<{ deleted?: string; error?: string }>({
    error: DELETE_FAILED_MESSAGE,
  })
  const navigate = useNavigate()
  const [requested, setRequested] = useState(false)
  const answer = request.data
  const failed = request.state === 'idle' && Boolean(answer?.error)

  const done = useEffectEvent((deleted: boolean) => {
    if (!deleted) {
      // Back on the feed's pages kept for Back (ADR 048).
      reviseKeptPost(viewerId, postId, { deleted: false })
      toast.error(DELETE_FAILED_MESSAGE)
      return
    }
    toast.success(POST_DELETED_MESSAGE)
    // The deleted post's page is left behind: Back does not lead to its 404.
    if (redirectTo) void navigate(redirectTo, { replace: true })
  })
  useEffect(() => {
    if (answer) done(Boolean(answer.deleted))
  }, [answer])

  return {
    hidden: requested && !failed,
    requestDelete: () => {
      setRequested(true)
      // Gone from the feed's pages kept for Back as soon as asked for, as the card is: the
      // answer is not heard if the member has left the page meanwhile.
      reviseKeptPost(viewerId, postId, { deleted: true })
      const body = new FormData()
      body.set('intent', 'delete')
      void request.submit(`/api/posts/${postId}`, body)
    },
  }
}

const DeletePostPopup = onDemand<{ title: string; onConfirm: () => void }>(
  'menu',
  () => import('./delete-post-popup'),
)

/** The author's menu on a post: 'Supprimer', then a confirmation dialog. */
export function DeletePostMenu({ title, onConfirm }: { title: string; onConfirm: () => void }) {
  const [open, setOpen] = useState(false)
  return (
    <DeletePostPopup
      title={title}
      onConfirm={onConfirm}
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="ghost" size="icon-sm" data-slot="post-options">
          <MoreHorizontal aria-hidden="true" />
          <span className="sr-only">Options du post « {title} »</span>
        </Button>
      }
    />
  )
}

/**
 * The author's delete control: the menu and dialog once scripts run; before that (or
 * without JavaScript) a disclosure holding the same confirmation as a plain form.
 */
export function DeletePostControl({
  postId,
  title,
  onConfirm,
  redirectTo,
}: {
  postId: string
  title: string
  onConfirm: () => void
  /** Where to go after the deletion; this page by default. */
  redirectTo?: string
}) {
  const hydrated = useHydrated()
  const location = useLocation()
  if (hydrated) return <DeletePostMenu title={title} onConfirm={onConfirm} />
  return (
    <details className="relative" data-slot="delete-post-fallback">
      <summary className="flex size-8 cursor-pointer list-none items-center justify-center rounded-md hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden">
        <MoreHorizontal aria-hidden="true" className="size-4" />
        <span className="sr-only">Options du post « {title} »</span>
      </summary>
      <form
        method="post"
        action={`/api/posts/${postId}`}
        className="absolute top-9 right-0 z-20 flex w-64 flex-col gap-3 rounded-lg border bg-card p-4 text-sm text-card-foreground shadow-md"
      >
        <input type="hidden" name="intent" value="delete" />
        <input
          type="hidden"
          name="redirectTo"
          value={redirectTo ?? location.pathname + location.search}
        />
        <p className="font-semibold">Supprimer ce post ?</p>
        <p className="text-muted-foreground">
          Ses commentaires, votes et sauvegardes seront définitivement supprimés.
        </p>
        <Button type="submit" variant="destructive">
          <Trash2 aria-hidden="true" /> Supprimer
        </Button>
      </form>
    </details>
  )
}
