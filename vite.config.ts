import { fileURLToPath } from 'node:url'
import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: {
    alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) },
  },
  server: {
    // The embedded database writes under data/: a reload on every write would loop.
    watch: { ignored: ['**/data/**', '**/test-results/**', '**/playwright-report/**'] },
  },
  ssr: {
    // Native and WASM packages are loaded by Node at run time, not bundled.
    external: ['@electric-sql/pglite', 'pg', 'sharp', 'pino', 'pino-pretty'],
  },
})
