import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config'

const alias = { '~': fileURLToPath(new URL('./app', import.meta.url)) }

// Tests that need a database: services beside their code and the integration folder.
const databaseTests = ['app/**/*.server.test.ts', 'tests/integration/**/*.test.ts']

function databaseProject(driver: 'pglite' | 'postgres'): TestProjectInlineConfiguration {
  return {
    resolve: { alias },
    test: {
      name: driver,
      include: databaseTests,
      environment: 'node',
      env: { NODE_ENV: 'test', TEST_DATABASE_DRIVER: driver, DATA_DIR: 'data/test' },
      globalSetup: ['tests/setup/global-database.ts'],
      setupFiles: ['tests/setup/database.ts'],
      // A rate-limit test may first wait up to 30 s for a fresh window (startInsideOneWindow in
      // tests/setup/rate-windows.ts), then run its burst: 30 s in all was too short for it.
      testTimeout: 60_000,
      hookTimeout: 60_000,
    },
  }
}

export default defineConfig({
  test: {
    // Vitest's default is one file at a time on two cores (the cores less one). The database
    // files spend most of their time waiting (on PostgreSQL, on a rate-limit window), so two at
    // a time take the suite from 14 to 8 minutes on a two-core runner; a third gained 30 s more
    // and made a spawned command's test miss its time.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: [
            'app/**/*.test.ts',
            'app/**/*.test.tsx',
            'scripts/**/*.test.ts',
            'tests/unit/**/*.test.ts',
          ],
          exclude: databaseTests,
          environment: 'node',
          env: { NODE_ENV: 'test' },
        },
      },
      databaseProject('pglite'),
      // The same suite against a PostgreSQL server when one is given.
      ...(process.env.TEST_DATABASE_URL ? [databaseProject('postgres')] : []),
    ],
  },
})
