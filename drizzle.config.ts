import { defineConfig } from 'drizzle-kit'

// drizzle-kit only generates migrations here; the app applies them itself at start
// (drizzle-kit migrate cannot load PGlite's extensions).
export default defineConfig({
  dialect: 'postgresql',
  schema: './app/server/db/schema/index.ts',
  out: './drizzle',
})
