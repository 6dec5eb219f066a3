import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/pglite'
import { pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import type { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPgliteDirectory, type DatabaseHandle } from './client.server'

// PGlite on its own thread (ADR 028), through Drizzle's PGlite driver as the application uses it.
const notes = pgTable('notes', {
  id: serial('id').primaryKey(),
  title: text('title').notNull().unique(),
  writtenAt: timestamp('written_at', { withTimezone: true }).notNull(),
})

let directory: string
let handle: DatabaseHandle
let client: PGlite
let db: ReturnType<typeof drizzle>

beforeAll(async () => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), 'tremplin-pglite-thread-'))
  handle = await openPgliteDirectory(directory)
  client = (handle.db as unknown as { $client: PGlite }).$client
  db = drizzle(client)
  await handle.execute(
    'create table notes (id serial primary key, title text not null unique, written_at timestamptz not null)',
  )
}, 60_000)

afterAll(async () => {
  await handle?.close()
  fs.rmSync(directory, { recursive: true, force: true })
})

const titles = async () =>
  (await db.select({ title: notes.title }).from(notes).orderBy(notes.title)).map((row) => row.title)

describe('PGlite on its own thread', () => {
  it("returns Drizzle's rows with its own mapping (a date from PostgreSQL's text)", async () => {
    const writtenAt = new Date('2026-11-25T08:30:00.123Z')
    await db.insert(notes).values({ title: 'Mapping', writtenAt })
    const [row] = await db.select().from(notes).where(eq(notes.title, 'Mapping'))
    expect(row?.writtenAt).toBeInstanceOf(Date)
    expect(row?.writtenAt.toISOString()).toBe(writtenAt.toISOString())
  })

  it('commits a transaction that ends well, and rolls back one that throws or asks to', async () => {
    await db.transaction(async (tx) => {
      await tx.insert(notes).values({ title: 'Committed', writtenAt: new Date() })
    })
    const failure = new Error('le service a refusé')
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(notes).values({ title: 'Thrown', writtenAt: new Date() })
        throw failure
      }),
    ).rejects.toBe(failure)
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(notes).values({ title: 'Asked', writtenAt: new Date() })
        tx.rollback()
      }),
    ).rejects.toThrow('Rollback')
    expect(await titles()).toContain('Committed')
    expect(await titles()).not.toContain('Thrown')
    expect(await titles()).not.toContain('Asked')
  })

  it("keeps PostgreSQL's error code and constraint, and runs the next query", async () => {
    await db.insert(notes).values({ title: 'Unique', writtenAt: new Date() })
    const refused = await db
      .insert(notes)
      .values({ title: 'Unique', writtenAt: new Date() })
      .then(() => null)
      .catch((error: { cause?: Record<string, unknown> }) => error.cause)
    expect(refused).toMatchObject({ code: '23505', constraint: 'notes_title_key' })
    expect(refused).toBeInstanceOf(Error)
    expect(await db.$count(notes, eq(notes.title, 'Unique'))).toBe(1)
  })

  it('makes a query sent during a transaction wait for its end, as in one thread', async () => {
    let seen: Promise<string[]> | undefined
    await db.transaction(async (tx) => {
      await tx.insert(notes).values({ title: 'Waited for', writtenAt: new Date() })
      seen = titles()
      // The outside query is on its way to the thread; the transaction still holds PGlite.
      await tx.execute(sql`select 1`)
    })
    expect(await seen).toContain('Waited for')
  })

  it('runs a declared statement as EXECUTE of one prepared statement', async () => {
    const statement = 'select title from notes where title = $1'
    handle.keepPlan('note_by_title', statement)
    for (let run = 0; run < 3; run++) {
      const { rows } = await client.query<{ title: string }>(statement, ['Committed'])
      expect(rows).toEqual([{ title: 'Committed' }])
    }
    const { rows } = await client.query<{ calls: number }>(
      'select generic_plans + custom_plans as calls from pg_prepared_statements where name = $1',
      ['note_by_title'],
    )
    expect(rows).toEqual([{ calls: 3 }])
    expect(() => handle.keepPlan('note; drop table notes', statement)).toThrow(
      "Nom d'instruction invalide",
    )
  })

  it('fails a query whose value cannot cross to the thread, and runs the next one', async () => {
    await expect(client.query('select $1::text', [() => 'une fonction'])).rejects.toThrow(
      /could not be cloned/,
    )
    const { rows } = await client.query<{ value: string }>('select $1::text as value', ['texte'])
    expect(rows).toEqual([{ value: 'texte' }])
  })

  it("leaves the server's thread free while the database works", async () => {
    let turns = 0
    const timer = setInterval(() => turns++, 1)
    try {
      await client.query('select pg_sleep(0.3)')
    } finally {
      clearInterval(timer)
    }
    // In the server's thread, PGlite would hold it for the whole 300 ms: no turn at all.
    expect(turns).toBeGreaterThan(10)
  })
})
