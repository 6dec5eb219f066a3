// ADR 058. Work done after the answer has gone: the account mails Better Auth sends (a reset link,
// a confirmation link, « vous avez déjà un compte »), whose failures it logs itself, and the app's
// own notices (`mailAfterAnswer`: a password changed, two-factor turned off, an account deleted),
// which log theirs. Waiting for the SMTP relay before answering made a known address answer later
// than an unknown one, which told anyone timing the form which addresses have an account.

const pending = new Set<Promise<unknown>>()

/**
 * Better Auth's `backgroundTasks.handler`, and `mailAfterAnswer`'s: the task runs on its own (its
 * failure already caught and logged), kept here until it settles so that a stop can wait for it.
 */
export function runAfterAnswer(task: Promise<unknown>): void {
  pending.add(task)
  const settled = () => pending.delete(task)
  task.then(settled, settled)
}

/** Waits for the work still running after its answer, `timeoutMs` at most (a graceful stop). */
export async function settleAfterAnswerWork(timeoutMs = 10_000): Promise<void> {
  if (pending.size === 0) return
  let timer: ReturnType<typeof setTimeout> | undefined
  await Promise.race([
    Promise.allSettled(pending),
    new Promise((resolve) => {
      timer = setTimeout(resolve, timeoutMs)
    }),
  ])
  clearTimeout(timer)
}

/** How many tasks are still running (tests). */
export function afterAnswerWorkPending(): number {
  return pending.size
}
