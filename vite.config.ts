import { fileURLToPath } from 'node:url'
import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import { compression } from 'vite-plugin-compression2'

// Client chunks (ADR 018). Left to itself the bundler makes one chunk per set of pages sharing
// a module: a feed page loaded 31 scripts, 15 of them under 1 KB (an icon, a helper). These
// groups put what every page loads in one file, and the small modules shared by several pages
// in another: 10 to 14 scripts per page, fewer bytes in all.
const FRAMEWORK = ['react', 'react-router', 'clsx', 'class-variance-authority']
const SHARED_ICONS = [
  'arrow-left',
  'arrow-right',
  'calendar-days',
  'check',
  'eye',
  'hash',
  'heart',
  'loader-circle',
  'lock',
  'map-pin',
  'search',
  'trash',
  'x',
]
const SHARED_APP_MODULES = [
  'app/utils/cn.ts',
  'app/utils/initials.ts',
  'app/utils/use-hydrated.ts',
  'app/components/on-demand.tsx',
  'app/components/pending-screen.tsx',
  'app/components/ui/button.tsx',
  'app/components/ui/input.tsx',
  'app/components/ui/label.tsx',
  'app/features/marketing/site-info.ts',
  'app/utils/json-text.tsx',
  'app/components/cached-fragment.tsx',
  'app/features/auth/auth-paths.ts',
  'app/components/toaster.tsx',
  'app/server/db/seed/reference-data.ts',
  'app/components/ui/textarea.tsx',
  'app/utils/form-kept-offline.ts',
  'app/utils/use-typed-before-hydration.ts',
  'app/components/no-script-notice.tsx',
  'app/features/marketing/page-meta.ts',
  'app/utils/format-count.ts',
  'app/components/member-avatar.tsx',
]
const inPackage = (id: string, names: readonly string[]) =>
  names.some((name) => id.includes(`/node_modules/${name}/`))
const isSharedModule = (id: string) =>
  // lucide-react's own code (not its icons) and the icons several pages draw.
  (id.includes('/node_modules/lucide-react/') && !id.includes('/icons/')) ||
  SHARED_ICONS.some((icon) =>
    id.endsWith(`/node_modules/lucide-react/dist/esm/icons/${icon}.mjs`),
  ) ||
  SHARED_APP_MODULES.some((module) => id.endsWith(`/${module}`))

export default defineConfig({
  plugins: [
    tailwindcss(),
    reactRouter(),
    // Fingerprinted client files, compressed once at build time as strongly as brotli and gzip
    // go; server.ts serves these .br/.gz files as they are (ADR 016).
    compression({
      include: /(^|\/)assets\/.+\.(js|css|svg)$/,
      algorithms: ['brotliCompress', 'gzip'],
    }),
  ],
  resolve: {
    alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) },
  },
  server: {
    // The embedded database writes under data/: a reload on every write would loop.
    watch: { ignored: ['**/data/**', '**/test-results/**', '**/playwright-report/**'] },
  },
  build: {
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'framework', test: (id) => inPackage(id, FRAMEWORK), priority: 20 },
            { name: 'shared', test: isSharedModule, priority: 10 },
          ],
        },
      },
    },
  },
  ssr: {
    // Native and WASM packages are loaded by Node at run time, not bundled.
    external: ['@electric-sql/pglite', 'pg', 'sharp', 'pino', 'pino-pretty'],
  },
})
