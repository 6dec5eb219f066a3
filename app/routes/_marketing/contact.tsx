import { keepRetryAfter, retryAfterHeader } from '~/server/rate-limit.server'
import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint } from '@conform-to/zod/v4'
import { Bug, HelpCircle, Mail, MapPin, Phone, ShieldCheck } from 'lucide-react'
import { useEffect, useEffectEvent } from 'react'
import { data, Form, Link, redirect, useNavigation } from 'react-router'
import { toast } from '~/components/toaster'
import { Field, FormErrors, SubmitButton, TextareaField } from '~/components/forms'
import { Button } from '~/components/ui/button'
import {
  CONTACT_LIMITS,
  CONTACT_SUCCESS_MESSAGE,
  ContactSchema,
  type ContactInput,
} from '~/features/contact/contact.schema'
import { sendContactMessage } from '~/features/contact/contact.server'
import { getLegalIdentity } from '~/features/marketing/legal.server'
import { OperatorDetail, PageIntro } from '~/features/marketing/marketing-ui'
import { pageMeta } from '~/features/marketing/page-meta'
import { PHONE_HOURS, SOCIAL_LINKS, SUPPORT_EMAILS } from '~/features/marketing/site-info'
import { clientAddressForLimits } from '~/server/auth/client-ip.server'
import { getCurrentSession } from '~/server/auth/session.server'
import { isDataRequest } from '~/server/document-json.server'
import { requestForm } from '~/server/errors.server'
import { flashToast } from '~/server/toast.server'
import {
  CONNECTION_FAILED_MESSAGE,
  keptOffline,
  skipRevalidationOffline,
} from '~/utils/form-kept-offline'
import { parseForm } from '~/utils/parse-form'
import type { Route } from './+types/contact'

export const meta: Route.MetaFunction = (page) =>
  pageMeta(
    'Contact',
    'Écrivez à l’équipe Tremplin : support, signalement de bug, sécurité, partenariats. Réponse sous 24h.',
    page,
  )

export async function loader({ request, context }: Route.LoaderArgs) {
  const current = await getCurrentSession(context)
  // /careers links here with the position as subject (?sujet=…).
  const subject = new URL(request.url).searchParams.get('sujet')?.slice(0, CONTACT_LIMITS.subject)
  const { contactPhone, publisherAddress } = getLegalIdentity()
  return {
    defaults: {
      // Two names of 50 characters and the space between them: one more than the field takes.
      name: current
        ? `${current.user.firstName} ${current.user.lastName}`
            .trim()
            .slice(0, CONTACT_LIMITS.name)
            .trim() || undefined
        : undefined,
      email: current?.user.email,
      subject: subject || undefined,
    },
    contactPhone,
    publisherAddress,
  }
}

export const headers = keepRetryAfter

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await requestForm(request)
  const submission = parseForm(formData, { schema: ContactSchema })
  if (submission.status !== 'success') {
    return data({ result: submission.reply(), message: null }, { status: 400 })
  }
  const current = await getCurrentSession(context)
  const outcome = await sendContactMessage({
    ...submission.value,
    userId: current?.user.id ?? null,
    ip: clientAddressForLimits(request),
  })
  if (!outcome.ok) {
    const reply =
      outcome.status === 400
        ? submission.reply({ fieldErrors: outcome.fieldErrors })
        : submission.reply({ formErrors: [outcome.message] })
    const wait = outcome.status === 429 ? outcome.retryAfterSeconds : undefined
    return data(
      { result: reply, message: null },
      { status: outcome.status, headers: retryAfterHeader(wait) },
    )
  }
  // A form posted without scripts is answered by a redirect, its thanks flashed: reloading the
  // page then sends no second message.
  if (!isDataRequest(request)) {
    await flashToast(context, { type: 'success', message: CONTACT_SUCCESS_MESSAGE })
    throw redirect('/contact')
  }
  return { result: submission.reply({ resetForm: true }), message: CONTACT_SUCCESS_MESSAGE }
}

/** The message stays as typed when the connection fails (ADR 052). */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return keptOffline(request, serverAction, (formData) => ({
    result: parseForm(formData, { schema: ContactSchema }).reply({
      formErrors: [CONNECTION_FAILED_MESSAGE],
    }),
    message: null,
  }))
}
export const shouldRevalidate = skipRevalidationOffline

export default function ContactScreen({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageIntro
        eyebrow="Contact"
        title="Parlons de votre projet"
        lead="Une question sur Tremplin, un bug à signaler, une idée de partenariat ? Écrivez-nous : l’équipe répond à chaque message sous 24h."
      />
      <div className="mx-auto grid max-w-6xl items-start gap-10 px-4 py-12 sm:py-16 lg:grid-cols-[3fr_2fr]">
        <ContactForm defaults={loaderData.defaults} actionData={actionData} />
        <ContactDetails
          contactPhone={loaderData.contactPhone}
          publisherAddress={loaderData.publisherAddress}
        />
      </div>
    </>
  )
}

function ContactForm({
  defaults,
  actionData,
}: {
  defaults: Route.ComponentProps['loaderData']['defaults']
  actionData: Route.ComponentProps['actionData']
}) {
  const navigation = useNavigation()
  // Until the page's data is read again after the action (the fields are cleared then): busy
  // only while `submitting`, the button came back first, and a second press sent it twice.
  const busy = navigation.state !== 'idle' && Boolean(navigation.formAction?.startsWith('/contact'))
  const [form, fields] = useForm<ContactInput>({
    id: 'contact',
    lastResult: actionData?.result,
    defaultValue: defaults,
    constraint: getZodConstraint(ContactSchema),
    onValidate: ({ formData }) => parseForm(formData, { schema: ContactSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  const sent = useEffectEvent((message: string) => {
    toast.success(message)
    // The form goes back to the page's defaults when sent, the subject of a link (?sujet=) with
    // them: emptied too, as the page without JavaScript comes back (a second application is not
    // one click away).
    if (defaults.subject) form.update({ name: fields.subject.name, value: '' })
  })
  useEffect(() => {
    if (actionData?.message) sent(actionData.message)
  }, [actionData])
  return (
    <section
      aria-labelledby="ecrire"
      className="flex flex-col gap-6 rounded-xl border bg-card p-5 text-card-foreground shadow-sm sm:p-6"
    >
      <h2 id="ecrire" className="text-xl font-bold tracking-tight">
        Envoyer un message
      </h2>
      {/* The browser checks the required fields and the email's form first (noValidate off),
          then the same schema runs on blur and on the server. */}
      <Form
        method="post"
        {...getFormProps(form)}
        noValidate={false}
        className="flex flex-col gap-4"
      >
        <FormErrors id={form.errorId} errors={form.errors} />
        {actionData?.message ? (
          <output className="block rounded-md bg-accent px-3 py-2 text-sm text-accent-foreground">
            {actionData.message}
          </output>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Nom complet" field={fields.name} autoComplete="name" />
          <Field label="Email" field={fields.email} type="email" autoComplete="email" />
        </div>
        <Field label="Sujet" field={fields.subject} />
        <TextareaField label="Message" field={fields.message} rows={6} />
        <SubmitButton busy={busy} className="self-start">
          {busy ? 'Envoi...' : 'Envoyer le message'}
        </SubmitButton>
        <p className="text-sm text-muted-foreground">
          Vos données servent seulement à vous répondre ; elles sont conservées au plus trois ans.
          Voir la{' '}
          <Link to="/privacy" className="underline underline-offset-4 hover:text-foreground">
            politique de confidentialité
          </Link>
          .
        </p>
      </Form>
    </section>
  )
}

function ContactDetails({
  contactPhone,
  publisherAddress,
}: {
  contactPhone: string | null
  publisherAddress: string | null
}) {
  const emails = [
    {
      icon: Mail,
      title: 'Support',
      text: 'Votre compte, vos publications',
      email: SUPPORT_EMAILS.support,
    },
    {
      icon: Bug,
      title: 'Signaler un bug',
      text: 'Ce qui ne marche pas comme prévu',
      email: SUPPORT_EMAILS.bugs,
    },
    {
      icon: ShieldCheck,
      title: 'Sécurité',
      text: 'Une faille, un accès suspect',
      email: SUPPORT_EMAILS.security,
    },
  ] as const
  return (
    <aside aria-labelledby="coordonnees" className="flex flex-col gap-8">
      <h2 id="coordonnees" className="sr-only">
        Nos coordonnées
      </h2>
      <section aria-labelledby="par-email" className="flex flex-col gap-4">
        <h3 id="par-email" className="text-lg font-semibold">
          Par email
        </h3>
        <ul className="flex flex-col gap-4">
          {emails.map(({ icon: Icon, title, text, email }) => (
            <li key={email} className="flex gap-3">
              <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
              <div className="flex flex-col text-sm">
                <span className="font-medium">{title}</span>
                <span className="text-muted-foreground">{text}</span>
                <a
                  href={`mailto:${email}`}
                  className="inline-flex min-h-8 items-center font-medium text-primary underline underline-offset-4"
                >
                  {email}
                </a>
              </div>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="par-telephone" className="flex gap-3">
        <Phone aria-hidden="true" className="mt-1 size-5 shrink-0 text-primary" />
        <div className="flex flex-col gap-1 text-sm">
          <h3 id="par-telephone" className="text-lg font-semibold">
            Par téléphone
          </h3>
          <p>
            {contactPhone ? (
              <a
                href={`tel:${contactPhone.replaceAll(/[^\d+]/g, '')}`}
                className="font-medium text-primary underline underline-offset-4"
              >
                {contactPhone}
              </a>
            ) : (
              <OperatorDetail value={null} />
            )}
          </p>
          <p className="text-muted-foreground">Joignable {PHONE_HOURS}.</p>
        </div>
      </section>
      <section aria-labelledby="par-courrier" className="flex gap-3">
        <MapPin aria-hidden="true" className="mt-1 size-5 shrink-0 text-primary" />
        <div className="flex flex-col gap-1 text-sm">
          <h3 id="par-courrier" className="text-lg font-semibold">
            Par courrier
          </h3>
          <address className="not-italic">
            <OperatorDetail value={publisherAddress} />
          </address>
        </div>
      </section>
      <section aria-labelledby="reseaux" className="flex flex-col gap-3">
        <h3 id="reseaux" className="text-lg font-semibold">
          Sur les réseaux
        </h3>
        <ul className="flex flex-wrap gap-2">
          {SOCIAL_LINKS.map((link) => (
            <li key={link.href}>
              <Button asChild variant="outline" size="sm">
                <a href={link.href} rel="noopener noreferrer">
                  {link.label}
                </a>
              </Button>
            </li>
          ))}
        </ul>
      </section>
      <div className="flex flex-col items-start gap-3 rounded-xl border bg-muted p-5">
        <HelpCircle aria-hidden="true" className="size-6 text-primary" />
        <p className="text-sm">
          Votre question a peut-être déjà sa réponse : création de compte, gratuité, publication,
          suppression du compte.
        </p>
        <Button asChild variant="outline">
          <Link to="/faq">Consulter la FAQ</Link>
        </Button>
      </div>
    </aside>
  )
}
