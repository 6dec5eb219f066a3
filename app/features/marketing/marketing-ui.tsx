import type { LucideIcon } from 'lucide-react'
import { cn } from '~/utils/cn'
import { frenchSpacing } from '~/utils/french-spacing'

// Building blocks of the landing and static pages: page intro, titled sections, icon cards
// and the numbered legal documents. Content comes from props; no data is fetched here.

/** The top of a static page: its one h1 and a lead paragraph. */
function PageIntro({
  eyebrow,
  title,
  lead,
  width = 'wide',
}: {
  eyebrow?: string
  title: string
  lead?: React.ReactNode
  /** Matches the page body, so that the title lines up with the content below it. */
  width?: 'wide' | 'narrow'
}) {
  return (
    <header data-slot="page-intro" className="border-b bg-linear-to-b from-accent/60 to-background">
      <div
        className={cn(
          'mx-auto flex flex-col items-start gap-4 px-4 py-14 sm:py-20',
          width === 'wide' ? 'max-w-6xl' : 'max-w-3xl',
        )}
      >
        {eyebrow ? <p className="text-sm font-semibold text-primary">{eyebrow}</p> : null}
        <h1 className="max-w-4xl text-3xl font-bold tracking-tight text-balance sm:text-5xl">
          {frenchSpacing(title)}
        </h1>
        {lead ? (
          <div className="max-w-2xl text-lg leading-relaxed text-pretty text-muted-foreground">
            {lead}
          </div>
        ) : null}
      </div>
    </header>
  )
}

/** A section with an h2 that names it; narrow ones keep long text to a readable measure. */
function Section({
  id,
  title,
  description,
  children,
  className,
  width = 'wide',
}: {
  id: string
  title: string
  description?: React.ReactNode
  children: React.ReactNode
  className?: string
  width?: 'wide' | 'narrow'
}) {
  return (
    <section
      aria-labelledby={id}
      className={cn('mx-auto w-full max-w-6xl px-4 py-14 sm:py-20', className)}
    >
      <div className="mb-8 flex max-w-3xl flex-col gap-3 sm:mb-10">
        <h2 id={id} className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">
          {frenchSpacing(title)}
        </h2>
        {description ? (
          <div className="text-base leading-relaxed text-pretty text-muted-foreground sm:text-lg">
            {description}
          </div>
        ) : null}
      </div>
      {width === 'narrow' ? <div className="max-w-3xl">{children}</div> : children}
    </section>
  )
}

/** A card with an icon, a title (h3 by default) and a short text. */
function IconCard({
  icon: Icon,
  title,
  children,
  headingLevel = 'h3',
  className,
}: {
  icon: LucideIcon
  title: string
  children?: React.ReactNode
  headingLevel?: 'h3' | 'h4'
  className?: string
}) {
  const Heading = headingLevel
  return (
    <div
      data-slot="icon-card"
      className={cn(
        'flex flex-col gap-3 rounded-xl border bg-card p-5 text-card-foreground shadow-xs',
        className,
      )}
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <Heading className="text-lg font-semibold">{frenchSpacing(title)}</Heading>
      {children ? (
        <div className="text-sm leading-relaxed text-muted-foreground">{children}</div>
      ) : null}
    </div>
  )
}

interface IconCardItem {
  icon: LucideIcon
  title: string
  text: string
}

const GRID_COLUMNS = {
  'sm-3': 'sm:grid-cols-3',
  'sm-2-lg-3': 'sm:grid-cols-2 lg:grid-cols-3',
  'md-3': 'md:grid-cols-3',
} as const

/** Icon cards in a responsive grid; `ordered` when their order means something (steps). */
function IconCardGrid({
  items,
  columns,
  ordered = false,
}: {
  items: readonly IconCardItem[]
  columns: keyof typeof GRID_COLUMNS
  ordered?: boolean
}) {
  const List = ordered ? 'ol' : 'ul'
  return (
    <List className={cn('grid gap-4', GRID_COLUMNS[columns])}>
      {items.map((item) => (
        <li key={item.title}>
          <IconCard icon={item.icon} title={item.title} className="h-full">
            <p>{item.text}</p>
          </IconCard>
        </li>
      ))}
    </List>
  )
}

/** A list whose items each start with the same icon (a check, a cross). */
function IconList({
  items,
  icon: Icon,
  iconClassName,
  className,
}: {
  items: readonly string[]
  icon: LucideIcon
  iconClassName?: string
  className?: string
}) {
  return (
    <ul className={cn('flex flex-col gap-3', className)}>
      {items.map((item) => (
        <li key={item} className="flex gap-3 text-sm leading-relaxed">
          <Icon aria-hidden="true" className={cn('mt-0.5 size-5 shrink-0', iconClassName)} />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  )
}

/** Readable long-form text: paragraphs, lists and links styled in one place. */
function Prose({ children, className }: { children: React.ReactNode; className?: string }) {
  return (
    <div
      className={cn(
        'flex flex-col gap-4 text-base leading-relaxed text-pretty',
        '[&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4',
        '[&_ul]:flex [&_ul]:list-disc [&_ul]:flex-col [&_ul]:gap-2 [&_ul]:pl-6',
        '[&_ol]:flex [&_ol]:list-decimal [&_ol]:flex-col [&_ol]:gap-2 [&_ol]:pl-6',
        '[&_h3]:mt-2 [&_h3]:text-lg [&_h3]:font-semibold [&_strong]:font-semibold',
        className,
      )}
    >
      {children}
    </div>
  )
}

interface DocumentSection {
  id: string
  title: string
  content: React.ReactNode
}

/**
 * A legal document (terms, privacy): title, date of the last update, a table of contents and
 * numbered sections, each reachable by its anchor.
 */
function LegalDocument({
  title,
  lead,
  updated,
  sections,
  children,
}: {
  title: string
  lead?: React.ReactNode
  /** The French date of the last update, like '12 octobre 2025'. */
  updated?: string
  sections: readonly DocumentSection[]
  children?: React.ReactNode
}) {
  return (
    <>
      <PageIntro
        title={title}
        lead={
          <>
            {lead}
            {updated ? (
              <p className="mt-3 text-sm">
                Dernière mise à jour : <time>{updated}</time>
              </p>
            ) : null}
          </>
        }
      />
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:py-16 lg:grid-cols-[16rem_1fr]">
        <nav aria-labelledby="sommaire" className="lg:sticky lg:top-24 lg:self-start">
          <h2 id="sommaire" className="text-sm font-semibold">
            Sommaire
          </h2>
          <ol className="mt-3 flex flex-col gap-1 text-sm">
            {sections.map((section, index) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="inline-flex min-h-8 items-center rounded-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
                >
                  {index + 1}. {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="flex max-w-3xl flex-col gap-10">
          {sections.map((section, index) => (
            <section key={section.id} aria-labelledby={section.id}>
              {/* The contents' links aim at the heading: the root's scroll padding (5rem) and
                  its margin (1rem) bring it level with the sticky contents (top-24). */}
              <h2
                id={section.id}
                className="mb-4 scroll-mt-4 text-xl font-bold tracking-tight sm:text-2xl"
              >
                {index + 1}. {section.title}
              </h2>
              <Prose>{section.content}</Prose>
            </section>
          ))}
          {children}
        </div>
      </div>
    </>
  )
}

export {
  IconCard,
  IconCardGrid,
  IconList,
  LegalDocument,
  PageIntro,
  Prose,
  Section,
  type DocumentSection,
}

/** A configured detail, or the visible note that the operator still has to provide it. */
function OperatorDetail({ value }: { value: string | null }) {
  if (value) return <>{value}</>
  return (
    <span data-slot="missing-detail" className="font-medium text-destructive">
      À compléter par l’exploitant
    </span>
  )
}

export { OperatorDetail }
