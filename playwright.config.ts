import { defineConfig, devices } from '@playwright/test'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './tests/setup/chromium'
import { E2E_DATA_DIR } from './tests/setup/e2e-fixtures'

const PORT = 3100
export const BASE_URL = `http://127.0.0.1:${PORT}`
export const SMTP_CAPTURE_PORT = 3125
export const SMTP_CAPTURE_HTTP_PORT = 3126
// A page with OpenGraph tags for the link preview journey.
export const LINK_FIXTURE_PORT = 3127

const chromium = { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS }

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.test.ts',
  // The server in worker processes needs a PostgreSQL server: run when one is given, as the
  // PostgreSQL project of vitest.config.ts is (CI always gives one).
  testIgnore: process.env.TEST_DATABASE_URL ? [] : ['**/workers.test.ts'],
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // Two cores serve the app, its database and two browsers at once: the longest journeys
  // (uploads, axe audits, screenshots at two widths) need more than the defaults. Hosts differ
  // threefold in speed: journeys of 12 s here took over 50 s on the slowest seen.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: BASE_URL,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], launchOptions: chromium },
    },
  ],
  webServer: [
    {
      // Mails are delivered over real SMTP to a loopback capture the tests read over HTTP.
      command: 'node tests/setup/smtp-capture-server.ts',
      url: `http://127.0.0.1:${SMTP_CAPTURE_HTTP_PORT}/messages`,
      env: {
        SMTP_CAPTURE_PORT: String(SMTP_CAPTURE_PORT),
        SMTP_CAPTURE_HTTP_PORT: String(SMTP_CAPTURE_HTTP_PORT),
      },
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: 'node tests/setup/link-fixture-server.ts',
      url: `http://127.0.0.1:${LINK_FIXTURE_PORT}/healthz`,
      env: { LINK_FIXTURE_PORT: String(LINK_FIXTURE_PORT) },
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // The production build on a fresh embedded database, seeded with the demo content and
      // what the journeys need beyond it (tests/setup/e2e-data.ts).
      command: `rm -rf ${E2E_DATA_DIR} && npx react-router build && npx tsx tests/setup/e2e-data.ts && node server.ts`,
      url: `${BASE_URL}/healthz`,
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        // Empty wins over a developer's .env: the tests never reach its database or bucket.
        DATABASE_URL: '',
        S3_BUCKET: '',
        S3_ENDPOINT: '',
        S3_ACCESS_KEY_ID: '',
        S3_SECRET_ACCESS_KEY: '',
        S3_PUBLIC_URL: '',
        PUBLIC_URL: BASE_URL,
        DATA_DIR: E2E_DATA_DIR,
        SMTP_URL: `smtp://127.0.0.1:${SMTP_CAPTURE_PORT}`,
        // Each test sends its own X-Forwarded-For, so per-address limits do not collide.
        TRUST_PROXY: 'true',
        // The fixture is on loopback: trusted by name here, refused like any private address elsewhere.
        LINK_PREVIEW_ALLOWED_ORIGINS: `http://127.0.0.1:${LINK_FIXTURE_PORT}`,
        LOG_LEVEL: 'warn',
      },
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
})
