import { ArrowRight } from 'lucide-react'
import { Link, type MetaArgs } from 'react-router'
import { Button } from '~/components/ui/button'
import { BLOG_ARTICLES } from '~/features/marketing/blog-articles'
import { ArticleByline, CategoryBadge } from '~/features/marketing/blog-ui'
import { PageIntro } from '~/features/marketing/marketing-ui'
import { pageMeta } from '~/features/marketing/page-meta'
import { frenchSpacing } from '~/utils/french-spacing'

export const meta = (page: MetaArgs) =>
  pageMeta(
    'Blog',
    'Conseils de financement, de marketing et d’entrepreneuriat par l’équipe Tremplin.',
    page,
  )

export default function BlogScreen() {
  return (
    <>
      <PageIntro
        eyebrow="Blog"
        title="Le blog de Tremplin"
        lead="Des conseils concrets pour financer, lancer et faire grandir votre entreprise, écrits par l’équipe à partir des questions de la communauté."
      />
      <section aria-labelledby="articles" className="mx-auto w-full max-w-6xl px-4 py-12 sm:py-16">
        <h2 id="articles" className="sr-only">
          Articles
        </h2>
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {BLOG_ARTICLES.map((article) => (
            <li key={article.slug}>
              <article className="flex h-full flex-col gap-4 rounded-xl border bg-card p-6 text-card-foreground shadow-xs">
                <CategoryBadge category={article.category} />
                <h3 className="text-xl font-semibold text-balance">
                  {frenchSpacing(article.title)}
                </h3>
                <p className="flex-1 text-sm leading-relaxed text-muted-foreground">
                  {article.excerpt}
                </p>
                <ArticleByline article={article} />
                <Button asChild variant="outline" className="self-start">
                  <Link to={`/blog/${article.slug}`}>
                    Lire l'article<span className="sr-only"> : {article.title}</span>
                    <ArrowRight aria-hidden="true" />
                  </Link>
                </Button>
              </article>
            </li>
          ))}
        </ul>
      </section>
    </>
  )
}
