import { ArrowLeft } from 'lucide-react'
import { data, Link } from 'react-router'
import { Button } from '~/components/ui/button'
import { findBlogArticle } from '~/features/marketing/blog-articles'
import { ArticleByline, CategoryBadge } from '~/features/marketing/blog-ui'
import { Prose } from '~/features/marketing/marketing-ui'
import { pageMeta } from '~/features/marketing/page-meta'
import type { Route } from './+types/blog.$slug'
import { frenchSpacing } from '~/utils/french-spacing'

export const meta: Route.MetaFunction = ({ loaderData, ...page }) =>
  loaderData
    ? pageMeta(loaderData.article.title, loaderData.article.excerpt, page)
    : pageMeta('Article introuvable', 'Cet article du blog de Tremplin n’existe pas.')

export function loader({ params }: Route.LoaderArgs) {
  const article = findBlogArticle(params.slug)
  if (!article) throw data('Article introuvable', { status: 404 })
  return { article }
}

export default function BlogArticleScreen({ loaderData }: Route.ComponentProps) {
  const { article } = loaderData
  return (
    <article className="mx-auto flex w-full max-w-3xl flex-col gap-8 px-4 py-12 sm:py-16">
      <Link
        to="/blog"
        className="inline-flex min-h-8 items-center gap-2 self-start rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Tous les articles
      </Link>
      <header className="flex flex-col gap-4">
        <CategoryBadge category={article.category} />
        <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          {frenchSpacing(article.title)}
        </h1>
        <p className="text-lg leading-relaxed text-pretty text-muted-foreground">
          {article.excerpt}
        </p>
        <ArticleByline article={article} />
      </header>
      <Prose className="border-t pt-8">
        {article.sections.map((section, index) => (
          <div key={section.heading ?? index} className="flex flex-col gap-4">
            {section.heading ? (
              <h2 className="mt-4 text-2xl font-bold tracking-tight">{section.heading}</h2>
            ) : null}
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            {section.list ? (
              <ul>
                {section.list.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ) : null}
          </div>
        ))}
      </Prose>
      <aside className="flex flex-col items-start gap-4 rounded-xl border bg-muted p-6">
        <p className="font-semibold">Une question sur ce sujet ?</p>
        <p className="text-sm leading-relaxed text-muted-foreground">
          Posez-la à la communauté : des entrepreneurs qui sont passés par là vous répondront.
        </p>
        <Button asChild>
          <Link to="/feed">Découvrir la Plateforme</Link>
        </Button>
      </aside>
    </article>
  )
}
