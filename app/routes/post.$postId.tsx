import { redirect } from 'react-router'
import { PendingScreen } from '~/components/pending-screen'
import { deletePostOrThrow } from '~/features/posts/posts.server'
import { requireSession, safeRedirectPath } from '~/server/auth/session.server'
import { httpErrorData } from '~/server/errors.server'
import { flashToast } from '~/server/toast.server'
import type { Route } from './+types/post.$postId'

export const meta = () => [{ title: 'Publication · Tremplin' }]

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Deleting a post (its author only), then back to where it was listed. */
export async function action({ request, context, params }: Route.ActionArgs) {
  const current = await requireSession(request, context)
  const formData = await request.formData()
  if (formData.get('intent') !== 'delete') {
    return Response.json({ error: 'Action inconnue.' }, { status: 400 })
  }
  if (!UUID.test(params.postId)) return Response.json({ error: 'Post non trouvé' }, { status: 404 })
  try {
    await deletePostOrThrow({ postId: params.postId, userId: current.user.id })
  } catch (error) {
    return httpErrorData(error)
  }
  await flashToast(context, { type: 'success', message: 'Post supprimé avec succès' })
  throw redirect(safeRedirectPath(formData.get('redirectTo')))
}

export default function Screen() {
  return (
    <PendingScreen
      title="Publication"
      description="Le détail d’une publication et ses commentaires."
    />
  )
}
