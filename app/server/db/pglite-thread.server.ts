import path from 'node:path'
import { Worker } from 'node:worker_threads'
import type { QueryOptions, Results, Transaction } from '@electric-sql/pglite'
import { findUp } from './find-up.server'
import { checkStatementName } from './pglite.server'

/**
 * PGlite in a worker thread (ADR 028): PostgreSQL, compiled to WebAssembly, runs its queries
 * synchronously on the thread that holds it. In the server's thread, a page's render waited for
 * every other request's SQL and the second core sat idle; here the database runs on its own
 * thread, and the server's thread renders meanwhile.
 *
 * The client answers to what Drizzle's PGlite driver and the application ask of a PGlite
 * instance: `query`, `exec`, `transaction`, `close`. Queries are messages; the thread runs them
 * through PGlite as they come, so PGlite's own order holds: a query waits for the transaction
 * in progress to end, as it does in one thread.
 */
export class PgliteThread {
  readonly #worker: Worker
  readonly #pending = new Map<number, Pending>()
  #nextId = 1
  #stopped: Error | null = null
  #closing: Promise<void> | null = null

  private constructor(worker: Worker) {
    this.#worker = worker
    worker.on('message', (reply: ThreadReply) => this.#settle(reply))
    worker.on('error', (error) => this.#stop(error))
    worker.on('exit', (code) =>
      this.#stop(new Error(`La base de données intégrée s'est arrêtée (code ${code}).`)),
    )
  }

  /** Starts the thread on the data directory `directory` (an absolute path). */
  static async open(directory: string): Promise<PgliteThread> {
    const worker = new Worker(findWorkerFile(), { workerData: { directory } })
    const thread = new PgliteThread(worker)
    try {
      await thread.#call({ op: 'open' })
    } catch (error) {
      await worker.terminate()
      throw error
    }
    return thread
  }

  get closed(): boolean {
    return this.#stopped !== null
  }

  query<Row>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<Row>> {
    return this.#query<Row>(text, params, options, null)
  }

  exec(sql: string): Promise<Results[]> {
    return this.#call({ op: 'exec', sql, transaction: null }) as Promise<Results[]>
  }

  /**
   * Runs `callback` in a transaction held open by the thread: committed when the callback
   * resolves, rolled back when it throws (its error is rethrown).
   */
  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const id = (await this.#call({ op: 'begin' })) as number
    let ended = false
    const end = async (commit: boolean) => {
      if (ended) return
      ended = true
      await this.#call({ op: 'end', transaction: id, commit })
    }
    const check = () => {
      if (ended) throw new Error('Transaction is closed')
    }
    const tx = {
      query: <Row>(text: string, params?: unknown[], options?: QueryOptions) => {
        check()
        return this.#query<Row>(text, params, options, id)
      },
      exec: (sql: string) => {
        check()
        return this.#call({ op: 'exec', sql, transaction: id }) as Promise<Results[]>
      },
      rollback: () => end(false),
      get closed() {
        return ended
      },
    } as unknown as Transaction
    let result: T
    try {
      result = await callback(tx)
    } catch (error) {
      // The callback's error is the one to report, even if the rollback fails too.
      await end(false).catch(() => {})
      throw error
    }
    await end(true)
    return result
  }

  /** Declares a statement the thread prepares in SQL (ADR 027); see prepareInSql. */
  keepPlan(name: string, text: string): void {
    checkStatementName(name)
    void this.#call({ op: 'keepPlan', name, text }).catch(() => {})
  }

  /** Closes the database (its files written) and ends the thread. */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      if (this.#stopped) return
      try {
        await this.#call({ op: 'close' })
      } finally {
        await this.#worker.terminate()
      }
    })()
    return this.#closing
  }

  async #query<Row>(
    text: string,
    params: unknown[] | undefined,
    options: QueryOptions | undefined,
    transaction: number | null,
  ): Promise<Results<Row>> {
    const { parsers, serializers, ...rest } = options ?? {}
    if (serializers) throw new Error('PgliteThread : `serializers` n’est pas pris en charge.')
    const rawTypes = parsers ? Object.keys(parsers).map(Number) : []
    const results = (await this.#call({
      op: 'query',
      text,
      params: params ?? [],
      options: { ...rest, rawTypes },
      transaction,
    })) as Results<Row>
    if (parsers) applyParsers(results, parsers, options?.rowMode ?? 'object')
    return results
  }

  #call(request: ThreadRequest): Promise<unknown> {
    if (this.#stopped) return Promise.reject(this.#stopped)
    const id = this.#nextId++
    return new Promise((resolve, reject) => {
      try {
        // oxlint-disable-next-line unicorn/require-post-message-target-origin -- a Node worker, not a window
        this.#worker.postMessage({ ...request, id })
      } catch (error) {
        // A value that cannot be copied to the thread (a function, a symbol) fails its query.
        reject(error as Error)
        return
      }
      this.#pending.set(id, { resolve, reject })
      // The thread keeps the process alive only while it owes an answer, as PGlite in the
      // server's thread does: a script that ends without closing still ends.
      this.#worker.ref()
    })
  }

  #settle(reply: ThreadReply): void {
    const pending = this.#pending.get(reply.id)
    if (!pending) return
    this.#pending.delete(reply.id)
    if (this.#pending.size === 0) this.#worker.unref()
    if (reply.ok) pending.resolve(reply.value)
    else pending.reject(reviveError(reply.error))
  }

  #stop(error: Error): void {
    this.#stopped ??= error
    for (const pending of this.#pending.values()) pending.reject(error)
    this.#pending.clear()
  }
}

interface Pending {
  resolve(value: unknown): void
  reject(error: Error): void
}

/** What the server's thread asks of the database thread. */
export type ThreadRequest =
  | { op: 'open' }
  | {
      op: 'query'
      text: string
      params: unknown[]
      options: WireQueryOptions
      transaction: number | null
    }
  | { op: 'exec'; sql: string; transaction: number | null }
  | { op: 'begin' }
  | { op: 'end'; transaction: number; commit: boolean }
  | { op: 'keepPlan'; name: string; text: string }
  | { op: 'close' }

/**
 * Query options without functions, which cannot cross threads: the types that the caller parses
 * itself come back as PostgreSQL's text, and the caller's parsers run here.
 */
export type WireQueryOptions = Omit<QueryOptions, 'parsers' | 'serializers'> & {
  rawTypes: number[]
}

export type ThreadReply =
  { id: number; ok: true; value: unknown } | { id: number; ok: false; error: WireError }

/** An error's message, name and fields (a PostgreSQL error's `code`, `detail`, `constraint`…). */
export interface WireError {
  name: string
  message: string
  fields: Record<string, unknown>
}

function reviveError(wire: WireError): Error {
  const error = Object.assign(new Error(wire.message), wire.fields)
  error.name = wire.name
  return error
}

function applyParsers(
  results: Results<unknown>,
  parsers: NonNullable<QueryOptions['parsers']>,
  rowMode: 'array' | 'object',
): void {
  const columns = results.fields.flatMap((field, index) => {
    const parse = parsers[field.dataTypeID]
    return parse ? [{ key: rowMode === 'array' ? index : field.name, parse }] : []
  })
  if (columns.length === 0) return
  for (const row of results.rows as Record<string | number, unknown>[]) {
    for (const { key, parse } of columns) {
      const value = row[key]
      if (typeof value === 'string') row[key] = parse(value)
    }
  }
}

const WORKER_FILE = 'pglite-thread.worker.ts'

/**
 * The worker's source, which Node runs as TypeScript: beside this module when it runs from app/,
 * in app/server/db/ of the project when it runs from build/.
 */
function findWorkerFile(): string {
  const file = findUp(import.meta.url, [WORKER_FILE, path.join('app', 'server', 'db', WORKER_FILE)])
  if (!file) throw new Error(`Fichier introuvable : app/server/db/${WORKER_FILE}`)
  return file
}
