import { Link } from 'react-router'
import { CachedFragment } from '~/components/cached-fragment'
import { ACCESSIBILITY_COMPLIANCE } from '~/features/marketing/site-info'

const FOOTER_COLUMNS = [
  {
    id: 'pied-legal',
    title: 'Légal',
    links: [
      { to: '/terms', label: "Conditions d'utilisation" },
      { to: '/privacy', label: 'Confidentialité' },
      { to: '/moderation', label: 'Modération' },
      { to: '/mentions-legales', label: 'Mentions légales' },
      { to: '/accessibilite', label: `Accessibilité : ${ACCESSIBILITY_COMPLIANCE}` },
    ],
  },
  {
    id: 'pied-entreprise',
    title: 'Entreprise',
    links: [
      { to: '/about', label: 'À propos' },
      { to: '/careers', label: 'Recrutement' },
      { to: '/blog', label: 'Blog' },
    ],
  },
  {
    id: 'pied-support',
    title: 'Support',
    links: [
      { to: '/pricing', label: 'Tarifs' },
      { to: '/faq', label: 'FAQ' },
      { to: '/contact', label: 'Contact' },
    ],
  },
] as const

/**
 * The shared footer: what Tremplin is, and one labelled navigation per column. The same HTML on
 * every page, rendered once per process (ADR 022).
 */
function SiteFooter() {
  return (
    <CachedFragment cacheKey="site-footer">
      <FooterContent />
    </CachedFragment>
  )
}

function FooterContent() {
  return (
    <footer className="border-t bg-muted">
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-12 sm:grid-cols-3 lg:grid-cols-[2fr_repeat(3,1fr)]">
        <div className="col-span-2 flex max-w-sm flex-col gap-3 sm:col-span-3 lg:col-span-1">
          <Link to="/" className="self-start rounded-md text-lg font-bold tracking-tight">
            Tremplin
          </Link>
          <p className="text-sm leading-relaxed text-muted-foreground">
            Le réseau social des entrepreneurs francophones : partagez, apprenez, grandissez
            ensemble.
          </p>
        </div>
        {FOOTER_COLUMNS.map((column) => (
          <nav key={column.id} aria-labelledby={column.id}>
            <h2 id={column.id} className="text-sm font-semibold">
              {column.title}
            </h2>
            <ul className="mt-3 flex flex-col gap-1">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    className="inline-flex min-h-8 items-center rounded-sm text-sm text-muted-foreground underline-offset-4 transition-[color,background-color,border-color] hover:text-foreground hover:underline"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t">
        {/* The year of first publication, as the specification gives it (§1). */}
        <p className="mx-auto max-w-6xl px-4 py-6 text-sm text-muted-foreground">
          © 2024 Tremplin. Tous droits réservés.
        </p>
      </div>
    </footer>
  )
}

export { SiteFooter }
