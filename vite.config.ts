import { fileURLToPath } from 'node:url'
import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import { compression } from 'vite-plugin-compression2'

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
  ssr: {
    // Native and WASM packages are loaded by Node at run time, not bundled.
    external: ['@electric-sql/pglite', 'pg', 'sharp', 'pino', 'pino-pretty'],
  },
})
