import { describe, expect, it } from 'vitest'

import { parseVideoLink } from './video-link'

const ID = 'dQw4w9WgXcQ'

describe('parseVideoLink', () => {
  it.each([
    ['standard watch', `https://www.youtube.com/watch?v=${ID}`],
    ['watch without www', `https://youtube.com/watch?v=${ID}`],
    ['watch with params before', `https://www.youtube.com/watch?feature=share&v=${ID}`],
    ['watch with params after', `https://www.youtube.com/watch?v=${ID}&list=PL123&t=42s`],
    ['watch with a fragment', `https://www.youtube.com/watch?v=${ID}#comments`],
    ['short link', `https://youtu.be/${ID}`],
    ['short link with start time', `https://youtu.be/${ID}?t=42`],
    ['short link with trailing slash', `https://youtu.be/${ID}/`],
    ['embed', `https://www.youtube.com/embed/${ID}`],
    ['embed with params', `https://www.youtube.com/embed/${ID}?start=10`],
    ['no-cookie embed', `https://www.youtube-nocookie.com/embed/${ID}`],
    ['no-cookie embed without www', `https://youtube-nocookie.com/embed/${ID}`],
    ['mobile', `https://m.youtube.com/watch?v=${ID}`],
    ['shorts', `https://www.youtube.com/shorts/${ID}`],
    ['without scheme', `www.youtube.com/watch?v=${ID}`],
    ['short link without scheme', `youtu.be/${ID}`],
    ['protocol-relative', `//youtu.be/${ID}`],
    ['http', `http://www.youtube.com/watch?v=${ID}`],
    ['upper-case host', `https://WWW.YouTube.com/watch?v=${ID}`],
    ['surrounding spaces', `  https://youtu.be/${ID}  `],
  ])('recognises a %s link', (_label, url) => {
    expect(parseVideoLink(url)?.id).toBe(ID)
  })

  it('builds the player, thumbnail and watch addresses from the id alone', () => {
    const id = 'a-b_c-d_e-f'
    expect(parseVideoLink(`https://youtu.be/${id}?t=42`)).toEqual({
      id,
      embedUrl: `https://www.youtube-nocookie.com/embed/${id}?autoplay=1`,
      thumbnailUrl: `https://i.ytimg.com/vi/${id}/hqdefault.jpg`,
      fallbackThumbnailUrl: `https://i.ytimg.com/vi/${id}/mqdefault.jpg`,
      watchUrl: `https://www.youtube.com/watch?v=${id}`,
    })
  })

  it.each([
    ['empty string', ''],
    ['id of 10 characters', 'https://youtu.be/dQw4w9WgXc'],
    ['id of 12 characters', 'https://www.youtube.com/watch?v=dQw4w9WgXcQQ'],
    ['id with a forbidden character', 'https://youtu.be/dQw4w9WgX.Q'],
    ['watch without v', 'https://www.youtube.com/watch?list=PL123'],
    ['empty v', 'https://www.youtube.com/watch?v='],
    ['host suffix attack', `https://youtube.com.evil.example/watch?v=${ID}`],
    ['host prefix lookalike', `https://notyoutube.com/watch?v=${ID}`],
    ['short host lookalike', `https://youtu.be.evil.example/${ID}`],
    ['credentials pointing elsewhere', `https://www.youtube.com@evil.example/watch?v=${ID}`],
    ['other video site', 'https://vimeo.com/123456789'],
    ['javascript: URL', `javascript:alert('${ID}')`],
    ['javascript: URL naming the host', `javascript://www.youtube.com/watch?v=${ID}`],
    ['data: URL', `data:text/html,https://youtu.be/${ID}`],
    ['ftp scheme', `ftp://www.youtube.com/watch?v=${ID}`],
    ['malformed URL', 'https://'],
    ['malformed host', `https://you tube.com/watch?v=${ID}`],
    ['channel page', 'https://www.youtube.com/@chaine'],
    ['id in an unknown path', `https://www.youtube.com/playlist/${ID}`],
    ['extra path after embed id', `https://www.youtube.com/embed/${ID}/extra`],
    ['extra path after short id', `https://youtu.be/${ID}/extra`],
    ['watch path with a segment', `https://www.youtube.com/watch/${ID}`],
    ['no-cookie host watch', `https://www.youtube-nocookie.com/watch?v=${ID}`],
  ])('rejects %s', (_label, url) => {
    expect(parseVideoLink(url)).toBeNull()
  })
})
