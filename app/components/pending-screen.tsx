/** A screen whose content arrives with a later version; it says so plainly. */
export function PendingScreen({ title, description }: { title: string; description: string }) {
  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-16">
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <p className="text-muted-foreground">{description}</p>
      <p className="rounded-lg border border-dashed bg-muted px-4 py-3 text-sm">
        Cette page est en cours de construction : elle arrive dans une prochaine version de
        Tremplin.
      </p>
    </section>
  )
}
