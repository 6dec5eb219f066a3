// The database thread of PgliteThread (pglite-thread.server.ts, ADR 028): it opens PGlite on the
// data directory it is given and answers the server's thread's messages. Node runs this file
// as TypeScript (type stripping): its imports name their `.ts` file.
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite'
import type {
  ThreadReply,
  ThreadRequest,
  WireError,
  WireQueryOptions,
} from './pglite-thread.server.ts'
import { pgliteExtensions, prepareInSql } from './pglite.server.ts'

interface OpenTransaction {
  tx: Transaction
  finish(commit: boolean): void
  done: Promise<void>
}

const port = parentPort!
const { directory } = workerData as { directory: string }
const ROLLBACK = Symbol('rollback')
const transactions = new Map<number, OpenTransaction>()
let nextTransaction = 1

// Messages wait on the port until its listener is attached. If PGlite cannot open, the thread
// fails with its error, which PgliteThread.open gives its caller.
const client = await PGlite.create(directory, { extensions: pgliteExtensions })
const keepPlan = prepareInSql(client)

port.on('message', (request: ThreadRequest & { id: number }) => {
  answer(request).then(
    (value) => post({ id: request.id, ok: true, value }),
    (error: unknown) => post({ id: request.id, ok: false, error: wireError(error) }),
  )
})

function post(reply: ThreadReply): void {
  try {
    port.postMessage(reply)
  } catch (error) {
    // A value that cannot be copied to the other thread fails its query, not the thread.
    port.postMessage({ id: reply.id, ok: false, error: wireError(error) } satisfies ThreadReply)
  }
}

async function answer(request: ThreadRequest): Promise<unknown> {
  switch (request.op) {
    case 'open':
      return null
    case 'query':
      return target(request.transaction).query(
        request.text,
        request.params,
        queryOptions(request.options),
      )
    case 'exec':
      return target(request.transaction).exec(request.sql)
    case 'begin':
      return begin()
    case 'end':
      return end(request.transaction, request.commit)
    case 'keepPlan':
      keepPlan(request.name, request.text)
      return null
    case 'close':
      await client.close()
      return null
  }
}

function target(transaction: number | null): PGlite | Transaction {
  if (transaction === null) return client
  const open = transactions.get(transaction)
  if (!open) throw new Error('Transaction is closed')
  return open.tx
}

/** The caller's parsers run in its thread: here, their types stay PostgreSQL's text. */
function queryOptions({ rawTypes, ...options }: WireQueryOptions): QueryOptions {
  if (rawTypes.length === 0) return options
  const text = (value: string) => value
  return { ...options, parsers: Object.fromEntries(rawTypes.map((type) => [type, text])) }
}

/** Opens a transaction that stays open, holding PGlite's lock, until `end` is asked for. */
async function begin(): Promise<number> {
  const id = nextTransaction++
  let started!: () => void
  const ready = new Promise<void>((resolve) => (started = resolve))
  const done: Promise<void> = client.transaction(async (tx) => {
    const commit = await new Promise<boolean>((finish) => {
      transactions.set(id, { tx, finish, done })
      started()
    })
    if (!commit) throw ROLLBACK
  })
  await Promise.race([ready, done])
  return id
}

async function end(id: number, commit: boolean): Promise<void> {
  const open = transactions.get(id)
  if (!open) throw new Error('Transaction is closed')
  transactions.delete(id)
  open.finish(commit)
  try {
    await open.done
  } catch (error) {
    if (error !== ROLLBACK) throw error
  }
}

function wireError(error: unknown): WireError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} }
  const fields: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function') continue
    if (typeof value === 'object' && value !== null) continue
    fields[key] = value
  }
  return { name: error.name, message: error.message, fields }
}
