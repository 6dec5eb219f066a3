import {
  CONTENT_TYPES,
  getStorage,
  isValidStorageKey,
  STORED_FILE_CACHE_CONTROL,
} from '~/server/storage.server'
import type { Route } from './+types/uploads'

/** Serves stored images; keys are random and never reused, so they are kept a week unasked. */
export async function loader({ params }: Route.LoaderArgs) {
  const key = params['*'] ?? ''
  const notFound = () =>
    new Response('Fichier introuvable', {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    })
  if (!isValidStorageKey(key)) return notFound()
  const bytes = await getStorage().get(key)
  if (!bytes) return notFound()
  const extension = key.slice(key.lastIndexOf('.') + 1)
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      'Content-Type': CONTENT_TYPES[extension] ?? 'application/octet-stream',
      'Cache-Control': STORED_FILE_CACHE_CONTROL,
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
