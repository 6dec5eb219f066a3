import { Column, SQL, Subquery, getTableName, is } from 'drizzle-orm'

// ADR 029. Drizzle maps each row of a select with `mapResultRow`, which works out again for
// every column of every row what the column is (a chain of `is` checks), how to decode it and
// whether its joined table may be missing. For a prepared statement those answers never
// change: `compileRowMapper` works them out once, and the rows are then mapped by a plain loop.

/** A selected field as Drizzle lists it in a prepared query: its place in the row object. */
export interface SelectedField {
  path: string[]
  field: unknown
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown
}

/** The internals of a Drizzle prepared select that its `execute` maps rows with. */
export interface MappedPreparedQuery {
  fields?: SelectedField[]
  joinsNotNullableMap?: Record<string, boolean>
  customResultMapper?: (rows: unknown[][]) => unknown
}

interface ColumnPlan {
  /** The objects the value sits in, from the row's top (empty for a top-level field). */
  parents: string[]
  key: string
  decoder: Decoder
}

interface NullableJoin {
  /** The top-level key of the joined table's object. */
  key: string
  /** Its first column's key: null there means the join found no row. */
  first: string
}

/** Drizzle's SQL keeps its decoder (`.mapWith`) on an internal field that mapResultRow reads. */
interface WithDecoder {
  decoder: Decoder
}

/** The decoder `mapResultRow` picks for a field (drizzle-orm/utils.js). */
function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field
  if (is(field, SQL)) return (field as unknown as WithDecoder).decoder
  if (is(field, Subquery)) return (field._.sql as unknown as WithDecoder).decoder
  return ((field as SQL.Aliased).sql as unknown as WithDecoder).decoder
}

/**
 * The objects of a left join that Drizzle sets to null when no row joined, as `mapResultRow`
 * decides it: an object of columns (path of two) all from one table that the query may leave
 * out, whose first column is null.
 */
function nullableJoins(
  fields: readonly SelectedField[],
  joinsNotNullableMap: Record<string, boolean> | undefined,
): NullableJoin[] {
  if (!joinsNotNullableMap) return []
  const groups = new Map<string, { first: string; table: string; oneTable: boolean }>()
  for (const { path, field } of fields) {
    if (path.length !== 2 || !is(field, Column)) continue
    const table = getTableName(field.table)
    const group = groups.get(path[0]!)
    if (!group) groups.set(path[0]!, { first: path[1]!, table, oneTable: true })
    else if (group.table !== table) group.oneTable = false
  }
  return [...groups]
    .filter(([, group]) => group.oneTable && !joinsNotNullableMap[group.table])
    .map(([key, group]) => ({ key, first: group.first }))
}

/** A mapper of array rows to the objects `mapResultRow` would make of them. */
export function compileRowMapper(
  fields: readonly SelectedField[],
  joinsNotNullableMap: Record<string, boolean> | undefined,
): (rows: unknown[][]) => Record<string, unknown>[] {
  const columns: ColumnPlan[] = fields.map(({ path, field }) => ({
    parents: path.slice(0, -1),
    key: path.at(-1)!,
    decoder: decoderOf(field),
  }))
  const joins = nullableJoins(fields, joinsNotNullableMap)

  function mapRow(row: unknown[]): Record<string, unknown> {
    const result: Record<string, unknown> = {}
    for (let index = 0; index < columns.length; index++) {
      const { parents, key, decoder } = columns[index]!
      let node = result
      for (const parent of parents) {
        node = (node[parent] ??= {}) as Record<string, unknown>
      }
      const raw = row[index]
      node[key] = raw === null ? null : decoder.mapFromDriverValue(raw)
    }
    for (const { key, first } of joins) {
      if ((result[key] as Record<string, unknown>)[first] === null) result[key] = null
    }
    return result
  }

  return (rows) => rows.map(mapRow)
}

/**
 * Gives a prepared select the compiled mapper (a no-op for a statement that returns rows as the
 * driver gives them, or maps them itself).
 */
export function withCompiledRowMapper<Prepared extends object>(prepared: Prepared): Prepared {
  const query = prepared as MappedPreparedQuery
  if (query.fields && !query.customResultMapper) {
    query.customResultMapper = compileRowMapper(query.fields, query.joinsNotNullableMap)
  }
  return prepared
}
