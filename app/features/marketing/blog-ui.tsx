import { teamMember } from './team'
import { formatArticleDate, type BlogArticle } from './blog-articles'

/** Category, author, date and reading time of an article, as the list and the page show them. */
function ArticleByline({ article }: { article: BlogArticle }) {
  return (
    <p className="flex flex-col gap-0.5 text-sm text-muted-foreground">
      <span className="font-medium text-foreground">{teamMember(article.authorId).name}</span>
      <span>
        <time dateTime={article.publishedAt}>{formatArticleDate(article.publishedAt)}</time>
        {' · '}
        {article.readingMinutes} min de lecture
      </span>
    </p>
  )
}

function CategoryBadge({ category }: { category: BlogArticle['category'] }) {
  return (
    <p className="self-start rounded-full bg-accent px-3 py-0.5 text-xs font-semibold text-accent-foreground">
      {category}
    </p>
  )
}

export { ArticleByline, CategoryBadge }
