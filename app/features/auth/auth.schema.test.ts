import { describe, expect, it } from 'vitest'
import { parseForm } from '~/utils/parse-form'
import {
  ContactEmailSchema,
  ForgotPasswordSchema,
  ResetPasswordSchema,
  SignInSchema,
  SignUpSchema,
} from './auth.schema'

function submit(schema: Parameters<typeof parseForm>[1]['schema'], fields: Record<string, string>) {
  const formData = new FormData()
  for (const [name, value] of Object.entries(fields)) formData.set(name, value)
  return parseForm(formData, { schema })
}

function errorsOf(
  schema: Parameters<typeof parseForm>[1]['schema'],
  fields: Record<string, string>,
) {
  const submission = submit(schema, fields)
  return submission.status === 'error' ? submission.error : {}
}

describe('the messages of the spec (§5), exactly', () => {
  it.each([
    ['sign-in', SignInSchema, { intent: 'signin', email: 'camille@', password: 'x' }],
    [
      'sign-up',
      SignUpSchema,
      { intent: 'signup', email: 'pas une adresse', password: 'Assez-long-26' },
    ],
    ['reset', ForgotPasswordSchema, { intent: 'forgot-password', email: '' }],
    ['sign-in', SignInSchema, { intent: 'signin', email: 'awa\u0000@exemple.fr', password: 'x' }],
    // Addresses the account service refuses: told as the spec says, not as an unexpected error.
    [
      'sign-up',
      SignUpSchema,
      { intent: 'signup', email: 'prénom@exemple.fr', password: 'Assez-long-26' },
    ],
    [
      'sign-up',
      SignUpSchema,
      { intent: 'signup', email: 'jean@exemple.c', password: 'Assez-long-26' },
    ],
    ['reset', ForgotPasswordSchema, { intent: 'forgot-password', email: 'a!b@exemple.fr' }],
  ] as const)('%s: an invalid email', (_name, schema, fields) => {
    expect(errorsOf(schema, fields)?.email).toEqual(['Veuillez entrer une adresse email valide.'])
  })

  it('sign-up and new password: at least 8 characters', () => {
    expect(
      errorsOf(SignUpSchema, { intent: 'signup', email: 'a@b.fr', password: '1234567' })?.password,
    ).toEqual(['Le mot de passe doit contenir au moins 8 caractères.'])
    expect(
      errorsOf(ResetPasswordSchema, {
        intent: 'reset-password',
        token: 't',
        password: 'court',
        confirmPassword: 'court',
      })?.password,
    ).toEqual(['Le mot de passe doit contenir au moins 8 caractères.'])
  })

  it('the confirmation must equal the password', () => {
    expect(
      errorsOf(ResetPasswordSchema, {
        intent: 'reset-password',
        token: 't',
        password: 'Assez-long-26',
        confirmPassword: 'Assez-long-27',
      })?.confirmPassword,
    ).toEqual(['Les mots de passe ne correspondent pas.'])
  })

  it('first and last names are optional at sign-up; the email is normalised', () => {
    const fields = { intent: 'signup', email: '  Camille@Example.FR ', password: 'Assez-long-26' }
    expect(submit(SignUpSchema, fields)).toMatchObject({
      status: 'success',
      value: { email: 'camille@example.fr', firstName: '', lastName: '' },
    })
  })

  it('names given at sign-up are cleaned as the profile cleans them: no invisible or bidi character', () => {
    const submission = submit(SignUpSchema, {
      intent: 'signup',
      email: 'camille@example.fr',
      password: 'Assez-long-26',
      firstName: ' Ca\u200Bmi\u202Elle\u0000 ',
      lastName: '  Du   rand ',
    })
    expect(submission).toMatchObject({
      status: 'success',
      value: { firstName: 'Camille', lastName: 'Du rand' },
    })
  })
})

describe('email addresses', () => {
  it('lets the contact form take an address the simple pattern takes, accents included', () => {
    expect(ContactEmailSchema.safeParse('José@École.fr').data).toBe('josé@école.fr')
    expect(ContactEmailSchema.safeParse('pas une adresse').success).toBe(false)
    // Nor one hiding an invisible character (a joiner, a bidirectional override).
    expect(ContactEmailSchema.safeParse('jean@exa\u200Dmple.fr').success).toBe(false)
    expect(ContactEmailSchema.safeParse('\u202Ejean@exemple.fr').success).toBe(false)
  })

  // Counted against a bound a quadratic check would pass by far, not timed for speed.
  it('checks a huge field in time linear in its length, refused as too long', () => {
    const huge = `a@${'.'.repeat(200_000)}@`
    for (const schema of [ContactEmailSchema, SignInSchema.shape.email]) {
      const started = performance.now()
      expect(schema.safeParse(huge).success).toBe(false)
      expect(performance.now() - started).toBeLessThan(2_000)
    }
  })
})
