import { ArrowRight } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '~/components/ui/button'
import type { Route } from './+types/index'

/** A confirmation link from a sign-up email lands here (?confirmation=ok, or ?error=…). */
export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams
  if (params.get('error')) {
    return {
      notice: {
        type: 'error' as const,
        message:
          'Ce lien de confirmation est invalide ou a expiré : connectez-vous pour en recevoir un nouveau.',
      },
    }
  }
  if (params.get('confirmation') === 'ok') {
    return {
      notice: {
        type: 'success' as const,
        message: 'Adresse email confirmée : vous pouvez maintenant vous connecter.',
      },
    }
  }
  return { notice: null }
}

export default function Landing({ loaderData }: Route.ComponentProps) {
  const { notice } = loaderData
  return (
    <>
      {notice ? (
        <div className="mx-auto w-full max-w-4xl px-4 pt-6">
          <p
            role={notice.type === 'error' ? 'alert' : 'status'}
            className={
              notice.type === 'error'
                ? 'rounded-md border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm text-destructive'
                : 'rounded-md bg-accent px-4 py-3 text-sm text-accent-foreground'
            }
          >
            {notice.message}{' '}
            <Link to="/auth" className="font-medium underline underline-offset-4">
              Se connecter
            </Link>
          </p>
        </div>
      ) : null}
      <section
        aria-labelledby="accroche"
        className="relative isolate overflow-hidden border-b bg-linear-to-b from-accent/60 to-background"
      >
        <div className="mx-auto flex max-w-4xl flex-col items-center gap-6 px-4 py-20 text-center sm:py-28">
          <p className="rounded-full border bg-background px-3 py-1 text-sm font-medium text-muted-foreground">
            Gratuit, en version bêta
          </p>
          <h1
            id="accroche"
            className="text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl"
          >
            Le tremplin des <span className="text-primary">entrepreneurs francophones</span>
          </h1>
          <p className="max-w-2xl text-lg leading-relaxed text-pretty text-muted-foreground">
            Tremplin est le réseau social professionnel gratuit des entrepreneurs. Partagez vos
            publications, lancez des discussions, annoncez vos événements, échangez ressources et
            articles ; votez, commentez et suivez les communautés qui font avancer vos projets.
          </p>
          <div className="flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
            <Button asChild size="lg">
              <Link to="/auth">
                Rejoindre la Communauté
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/feed">Découvrir la Plateforme</Link>
            </Button>
          </div>
        </div>
      </section>
    </>
  )
}
