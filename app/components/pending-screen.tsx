import { Hammer } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '~/components/ui/button'

/** A screen whose content arrives with a later version; it says so plainly. */
export function PendingScreen({ title, description }: { title: string; description: string }) {
  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-16 sm:py-24">
      <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{title}</h1>
      <p className="text-lg text-muted-foreground">{description}</p>
      <div className="mt-6 flex items-start gap-4 rounded-xl border bg-card p-5 text-card-foreground shadow-xs">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <Hammer aria-hidden="true" className="size-5" />
        </span>
        <p className="text-sm leading-relaxed">
          <strong className="block font-semibold">Page en construction</strong>
          Cette page est en cours de construction : elle arrive dans une prochaine version de
          Tremplin.
        </p>
      </div>
      <Button asChild variant="outline" className="mt-4 self-start">
        <Link to="/">Retour à l’accueil</Link>
      </Button>
    </section>
  )
}
