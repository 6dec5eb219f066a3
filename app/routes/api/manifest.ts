/** GET /manifest.webmanifest: installs Tremplin as an app, in French, with its icons. */
export function loader() {
  const manifest = {
    name: 'Tremplin, le réseau social des entrepreneurs',
    short_name: 'Tremplin',
    description:
      'Le réseau social professionnel gratuit des entrepreneurs francophones : partagez, échangez et trouvez des opportunités.',
    lang: 'fr',
    dir: 'ltr',
    start_url: '/feed',
    scope: '/',
    display: 'standalone',
    // The light theme's background and the brand colour of the logo (app.css, favicon.svg).
    background_color: '#fbfcfe',
    theme_color: '#3b3fd8',
    icons: [
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
    ],
  }
  return new Response(JSON.stringify(manifest), {
    headers: {
      'Content-Type': 'application/manifest+json; charset=utf-8',
      'Cache-Control': 'public, max-age=86400',
    },
  })
}
