import type { Config } from '@react-router/dev/config'

export default {
  appDirectory: 'app',
  ssr: true,
  // The whole route manifest ships with the first page (a few KB): no /__manifest requests
  // for the links a page shows, so the feed stays silent until the first scroll (ADR 013).
  routeDiscovery: { mode: 'initial' },
} satisfies Config
