import { Camera, LoaderCircle } from 'lucide-react'
import { useEffect, useEffectEvent, useId, useRef } from 'react'
import { useLocation, useRevalidator } from 'react-router'
import { toast } from '~/components/toaster'
import { Button } from '~/components/ui/button'
import { cn } from '~/utils/cn'
import { useFocusBackAfter } from '~/utils/use-focus-back'
import { useHydrated } from '~/utils/use-hydrated'
import { CONNECTION_FAILED_MESSAGE } from '~/utils/form-kept-offline'
import { useJsonRequest } from '~/utils/use-json-request'
import { IMAGE_MAX_BYTES, IMAGE_TOO_LARGE_MESSAGE } from '~/features/posts/post.schema'
import { IMAGE_KINDS, type ProfileImageKind } from './profile.schema'

export type ImageUploadResponse =
  { ok: true; message: string; url: string } | { ok: false; message: string }

const EDIT_ACTION = '/profile/edit'

/**
 * The owner's avatar or banner button (spec §4 'Profile image upload': idle, then uploading).
 * With scripts the file is sent as soon as it is chosen (/api/profile/images/:kind, JSON) and a
 * toast tells the outcome; a failed connection says so and leaves the page as it was (ADR 051).
 * Without scripts, a small form with a file field and 'Envoyer' does the same through a redirect.
 */
export function ProfileImageUpload({
  kind,
  label,
  className,
}: {
  kind: ProfileImageKind
  label: string
  className?: string
}) {
  const hydrated = useHydrated()
  const location = useLocation()
  const { failure } = IMAGE_KINDS[kind]
  const request = useJsonRequest<ImageUploadResponse>({
    ok: false,
    message: `${failure} : ${CONNECTION_FAILED_MESSAGE}`,
  })
  const revalidator = useRevalidator()
  const inputId = useId()
  const uploading = request.state !== 'idle'

  const answered = useEffectEvent((answer: ImageUploadResponse) => {
    if (!answer.ok) {
      toast.error(answer.message)
      return
    }
    toast.success(answer.message)
    // The page's pictures (and the header's avatar) from the server, as after a form.
    void revalidator.revalidate()
  })
  useEffect(() => {
    if (request.data) answered(request.data)
  }, [request.data])

  // Disabled while the upload runs: the keyboard that chose the file gets its focus back after.
  const fileInput = useRef<HTMLInputElement>(null)
  useFocusBackAfter(uploading, fileInput)

  if (!hydrated) {
    return (
      <form
        method="post"
        // Its page in the address, not the body: a picture too large is refused unread.
        action={`${EDIT_ACTION}?${new URLSearchParams({ redirectTo: location.pathname + location.search })}`}
        encType="multipart/form-data"
        className={cn(
          'flex flex-wrap items-center gap-2 rounded-lg bg-card/95 p-2 text-sm text-card-foreground shadow',
          className,
        )}
      >
        <input type="hidden" name="intent" value={kind} />
        <label htmlFor={inputId} className="font-medium">
          {label}
        </label>
        <input
          id={inputId}
          type="file"
          name="file"
          accept="image/*"
          required
          className="max-w-52"
        />
        <Button type="submit" size="sm" variant="outline">
          Envoyer
        </Button>
      </form>
    )
  }

  return (
    <label
      htmlFor={inputId}
      aria-busy={uploading || undefined}
      className={cn(
        'inline-flex h-8 cursor-pointer items-center gap-2 rounded-md border bg-card/95 px-3 text-sm font-medium text-card-foreground shadow-sm hover:bg-accent has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring',
        uploading && 'pointer-events-none opacity-80',
        className,
      )}
    >
      {uploading ? (
        <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
      ) : (
        <Camera aria-hidden="true" className="size-4" />
      )}
      {uploading ? 'Envoi…' : label}
      <input
        ref={fileInput}
        id={inputId}
        type="file"
        accept="image/*"
        disabled={uploading}
        className="sr-only"
        onChange={(event) => {
          const file = event.target.files?.[0]
          event.target.value = ''
          if (!file) return
          if (!file.type.startsWith('image/')) {
            toast.error(failure, { description: 'Seuls les fichiers image sont acceptés.' })
            return
          }
          // Told here, as the server would: a larger body is refused before it reaches the form.
          if (file.size > IMAGE_MAX_BYTES) {
            toast.error(failure, { description: IMAGE_TOO_LARGE_MESSAGE })
            return
          }
          const body = new FormData()
          body.set('file', file)
          void request.submit(`/api/profile/images/${kind}`, body)
        }}
      />
    </label>
  )
}
