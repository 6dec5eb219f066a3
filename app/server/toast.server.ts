import { type RouterContextProvider } from 'react-router'
import { z } from 'zod'
import { addResponseCookies } from './auth/session.server'
import { appCookie } from './app-cookie.server'

const ToastSchema = z.object({
  id: z.string().max(64),
  type: z.enum(['success', 'error', 'info']),
  message: z.string().max(300),
  /** A second line under the message. */
  description: z.string().max(300).optional(),
})

export type Toast = z.infer<typeof ToastSchema>

const toastCookie = appCookie('tremplin.toast', { path: '/', maxAge: 60, signed: true })

/** Shows a toast on the next page this browser renders (after a redirect, say). */
export async function flashToast(
  context: Readonly<RouterContextProvider>,
  toast: Omit<Toast, 'id'>,
): Promise<void> {
  const value = { ...toast, id: crypto.randomUUID() }
  addResponseCookies(context, [await toastCookie().serialize(value)])
}

/** Reads and clears the pending toast, if any. */
export async function takeToast(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<Toast | null> {
  const header = request.headers.get('cookie')
  if (!header?.includes('tremplin.toast=')) return null
  const parsed = ToastSchema.safeParse(await toastCookie().parse(header))
  addResponseCookies(context, [await toastCookie().serialize('', { maxAge: 0 })])
  return parsed.success ? parsed.data : null
}
