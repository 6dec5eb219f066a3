/** The French <title> ('… · Tremplin') and description of a page, with their OpenGraph twins. */
export function pageMeta(title: string, description: string) {
  const fullTitle = title.includes('Tremplin') ? title : `${title} · Tremplin`
  return [
    { title: fullTitle },
    { name: 'description', content: description },
    { property: 'og:title', content: fullTitle },
    { property: 'og:description', content: description },
    { property: 'og:type', content: 'website' },
    { property: 'og:locale', content: 'fr_FR' },
    { property: 'og:site_name', content: 'Tremplin' },
  ]
}
