import { describe, expect, it } from 'vitest'
import { CommentSchema } from '~/features/comments/comment.schema'
import { ContactSchema } from '~/features/contact/contact.schema'
import { PostSchema } from './post.schema'

const post = (fields: Record<string, unknown>) =>
  PostSchema.safeParse({ title: 'Levée de fonds', categories: ['feedback'], ...fields })

const errorsOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? []

// A browser sends each line break of a textarea as CR LF, where its field counted one.
const lines = (count: number, length: number) =>
  Array.from({ length: count }, () => 'a'.repeat(length)).join('\r\n')

describe('the texts a browser sends with its form, as its fields counted them', () => {
  it('takes a post of 1 000 characters as typed, whatever its line breaks', () => {
    // 10 lines of 99 letters and 9 line breaks: 999 characters in the field.
    const result = post({ content: lines(10, 99) })
    expect(errorsOf(result)).toEqual([])
    expect(result.data?.content).toBe(lines(10, 99).replaceAll('\r\n', '\n'))
    expect(result.data?.content).toHaveLength(999)
    expect(errorsOf(post({ content: `${lines(10, 99)}ab` }))).toEqual([
      'Le contenu contient au plus 1\u202f000 caractères.',
    ])
  })

  it('takes a comment of 2 000 characters as typed, whatever its line breaks', () => {
    const content = lines(20, 99) + 'a'.repeat(1)
    const result = CommentSchema.safeParse({ intent: 'comment', content })
    expect(errorsOf(result)).toEqual([])
    expect(result.data?.content).toHaveLength(2000)
  })

  it('takes a contact message of 5 000 characters as typed, whatever its line breaks', () => {
    const message = lines(50, 99) + 'a'.repeat(1)
    const result = ContactSchema.safeParse({
      name: 'Awa Diallo',
      email: 'awa@exemple.fr',
      subject: 'Partenariat',
      message,
    })
    expect(errorsOf(result)).toEqual([])
    expect(result.data?.message).toHaveLength(5000)
  })
})

describe('texts made of nothing visible', () => {
  it('refuses a title of invisible characters as a missing one', () => {
    for (const title of ['\u200B', ' \u200D\uFEFF ', '\u202E\u2066']) {
      expect(errorsOf(post({ title }))).toEqual(['Le titre est obligatoire'])
    }
  })

  it('refuses a comment of invisible characters as an empty one', () => {
    const result = CommentSchema.safeParse({ intent: 'comment', content: '\u200B\r\n\u200D' })
    expect(errorsOf(result)).toEqual(['Le commentaire ne peut pas être vide.'])
  })

  it('keeps the emoji and blank lines the author wrote', () => {
    const content = 'Notre équipe 👩‍💻👨‍👩‍👧\n\n\nÀ bientôt'
    expect(post({ title: 'Recrutement 🚀', content }).data).toMatchObject({
      title: 'Recrutement 🚀',
      content,
    })
  })
})
