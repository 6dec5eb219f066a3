// The composer's refusals come back where the form shows them: under the image field for an
// image the server cannot take, for the whole form otherwise (a publication too weak to post).
import { describe, expect, it } from 'vitest'
import { IMAGE_UPLOAD_FAILED_MESSAGE } from '../../app/features/posts/post.schema'
import { db } from '../../app/server/db/db.server'
import { createProfile } from '../factories'
import { callRoute, form } from '../setup/route-harness'
import { sessionCookie } from '../setup/session-cookie'

interface Refusal {
  result: { status: string; error: Record<string, string[] | null> }
}

async function publish(fields: Record<string, string>) {
  const member = await createProfile(db)
  const answer = await callRoute({
    url: '/post/create',
    cookie: await sessionCookie(member.userId),
    body: form(fields),
  })
  return { status: answer.status, refusal: JSON.parse(answer.text) as Refusal }
}

describe('POST /post/create refused', () => {
  it('says an image from outside the posts folder under the image field', async () => {
    const { status, refusal } = await publish({
      title: 'Une question assez longue pour publier ?',
      content: 'Avec un texte qui donne assez de points d’engagement pour être publié.',
      categories: 'feedback',
      imageUrl: '/uploads/avatars/00000000-0000-4000-8000-000000000000.webp',
    })
    expect(status).toBe(400)
    expect(refusal.result.error.image).toEqual([IMAGE_UPLOAD_FAILED_MESSAGE])
  })

  it('says a publication below the engagement threshold for the whole form', async () => {
    const { status, refusal } = await publish({ title: 'Court', categories: 'feedback' })
    expect(status).toBe(400)
    expect(refusal.result.error.image).toBeUndefined()
    expect(refusal.result.error['']).toEqual([
      expect.stringMatching(/^Votre publication atteint \d+ points d’engagement sur 100/),
    ])
  })
})
