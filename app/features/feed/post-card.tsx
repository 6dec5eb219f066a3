import { Link } from 'react-router'
import type { FeedPost } from './feed.server'

const dateFormat = new Intl.DateTimeFormat('fr-FR', {
  dateStyle: 'medium',
  timeZone: 'Europe/Paris',
})

/** The name shown for an author: the full name, or 'Utilisateur' when it is empty. */
export function authorName(author: { firstName: string; lastName: string }): string {
  return `${author.firstName} ${author.lastName}`.trim() || 'Utilisateur'
}

/** The community a post is shown under: its first category, else its sector, else 'Général'. */
export function communityLabel(post: Pick<FeedPost, 'categories' | 'sector'>): string {
  return post.categories[0]?.displayName ?? post.sector?.displayName ?? 'Général'
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase()
}

function PostCard({ post }: { post: FeedPost }) {
  const name = authorName(post.author)
  const titleId = `post-${post.id}-title`
  return (
    <article
      aria-labelledby={titleId}
      data-slot="post-card"
      className="rounded-xl border bg-card p-4 text-card-foreground shadow-sm sm:p-5"
    >
      <header className="flex items-center gap-3">
        {post.author.avatar ? (
          <img
            src={post.author.avatar}
            alt=""
            width={40}
            height={40}
            loading="lazy"
            className="size-10 rounded-full object-cover"
          />
        ) : (
          <span
            aria-hidden="true"
            className="flex size-10 items-center justify-center rounded-full bg-accent text-sm font-semibold text-accent-foreground"
          >
            {initials(name)}
          </span>
        )}
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium">{name}</p>
          <p className="text-sm text-muted-foreground">
            {communityLabel(post)} ·{' '}
            <time dateTime={post.createdAt.toISOString()}>{dateFormat.format(post.createdAt)}</time>
          </p>
        </div>
        <span className="rounded-full bg-muted px-2.5 py-0.5 text-xs font-medium text-muted-foreground">
          {post.type.displayName}
        </span>
      </header>
      <h2 id={titleId} className="mt-3 text-lg font-semibold leading-snug">
        <Link to={`/post/${post.id}`} className="hover:underline">
          {post.title}
        </Link>
      </h2>
      {post.content ? (
        <p className="mt-2 line-clamp-4 whitespace-pre-line text-muted-foreground">
          {post.content}
        </p>
      ) : null}
      <p className="mt-3 flex gap-4 text-sm text-muted-foreground">
        <span>{post.upvotes} j’aime</span>
        <span>
          {post.commentsCount} commentaire{post.commentsCount > 1 ? 's' : ''}
        </span>
        <span>{post.viewsCount} vues</span>
      </p>
    </article>
  )
}

export { PostCard }
