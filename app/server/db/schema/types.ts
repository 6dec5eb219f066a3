import { customType } from 'drizzle-orm/pg-core'

/** PostgreSQL's full-text document type, used by the generated search column of posts. */
export const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
})
