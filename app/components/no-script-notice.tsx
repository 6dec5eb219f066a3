/**
 * A form's outcome for a browser without JavaScript, which cannot show it as a toast: a line
 * where it is placed (under the header for a flashed toast). Browsers that run scripts ignore
 * it: they show the toast.
 */
export function NoScriptNotice({
  type,
  message,
}: {
  type: 'success' | 'error' | 'info'
  message: string
}) {
  return (
    <noscript>
      <p
        role={type === 'error' ? 'alert' : 'status'}
        className={
          type === 'error'
            ? 'border-b border-destructive/40 bg-destructive/10 px-4 py-3 text-center text-sm text-destructive'
            : 'border-b bg-accent px-4 py-3 text-center text-sm text-accent-foreground'
        }
      >
        {message}
      </p>
    </noscript>
  )
}
