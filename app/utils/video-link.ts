/** What a post card needs to preview and play a recognised video link. */
export interface VideoLink {
  id: string
  /** Privacy-enhanced player, autoplaying since it replaces the preview after a click. */
  embedUrl: string
  thumbnailUrl: string
  /** Lower-quality thumbnail, which exists for every video; use it if `thumbnailUrl` fails. */
  fallbackThumbnailUrl: string
  watchUrl: string
}

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i
const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com'])
// The privacy-enhanced domain only serves the player: /embed/ID.
const NOCOOKIE_HOSTS = new Set(['youtube-nocookie.com', 'www.youtube-nocookie.com'])
const SHORT_HOSTS = new Set(['youtu.be', 'www.youtu.be'])

/**
 * Recognises a YouTube watch, short (youtu.be), embed, mobile or shorts link carrying an
 * 11-character id (spec §5), with or without scheme; anything else gives null.
 */
export function parseVideoLink(url: string): VideoLink | null {
  const id = extractVideoId(url.trim())
  if (id === null || !VIDEO_ID.test(id)) return null
  return {
    id,
    embedUrl: `https://www.youtube-nocookie.com/embed/${id}?autoplay=1`,
    thumbnailUrl: `https://i.ytimg.com/vi/${id}/hqdefault.jpg`,
    fallbackThumbnailUrl: `https://i.ytimg.com/vi/${id}/mqdefault.jpg`,
    // The start time (?t=) is dropped: the card only needs the video.
    watchUrl: `https://www.youtube.com/watch?v=${id}`,
  }
}

function extractVideoId(raw: string): string | null {
  let parsed: URL
  try {
    // 'youtu.be/ID' and '//youtu.be/ID' have no scheme; 'javascript:…' keeps its own and fails below.
    const absolute = HAS_SCHEME.test(raw) ? raw : `https://${raw.replace(/^\/\//, '')}`
    parsed = new URL(absolute)
  } catch {
    return null
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null

  // The URL parser lower-cases the host, so 'YouTube.com' matches and 'youtube.com.evil' does not.
  const segments = parsed.pathname.split('/').filter(Boolean)
  if (SHORT_HOSTS.has(parsed.hostname)) {
    return segments.length === 1 ? (segments[0] ?? null) : null
  }
  const [first, second, ...rest] = segments
  if (rest.length > 0) return null
  if (NOCOOKIE_HOSTS.has(parsed.hostname)) return first === 'embed' ? (second ?? null) : null
  if (!YOUTUBE_HOSTS.has(parsed.hostname)) return null
  if (first === 'watch' && second === undefined) return parsed.searchParams.get('v')
  if (first === 'embed' || first === 'shorts') return second ?? null
  return null
}
