import { ArrowLeft, Hash } from 'lucide-react'
import { isRouteErrorResponse, Link, useLocation, type MetaDescriptor } from 'react-router'
import { Button } from '~/components/ui/button'
import { authorName, feedUrl, type FeedItem } from '~/features/feed/feed-item'
import type { FeedCommunity } from '~/features/feed/feed.server'
import { PostCard } from '~/features/feed/post-card'
import type { CommentsPage, RefusedComment } from '~/features/comments/comment-item'
// The page shows its comments open: their panel's code comes with the page's own, which a
// list's cards fetch when first opened (ADR 070).
import '~/features/comments/comments-panel'

export interface PostPageData {
  post: FeedItem & { sectors: FeedCommunity[] }
  comments: CommentsPage
  signedIn: boolean
  viewerId: string | null
  now: string
  origin: string
}

const DESCRIPTION_LENGTH = 160

function describe(post: FeedItem): string {
  const text = (post.content || post.title).replaceAll(/\s+/g, ' ').trim()
  if (text.length <= DESCRIPTION_LENGTH) return text
  const cut = text.slice(0, DESCRIPTION_LENGTH - 1)
  const lastSpace = cut.lastIndexOf(' ')
  return `${lastSpace > DESCRIPTION_LENGTH / 2 ? cut.slice(0, lastSpace) : cut}…`
}

function absolute(origin: string, url: string): string {
  return new URL(url, `${origin}/`).toString()
}

/** Words that say an event takes place online (the composer suggests « En ligne »). */
const ONLINE_EVENT =
  /\b(?:en ligne|online|visio(?:conf[ée]rence)?|webinaire|webinar|distanciel|zoom|teams|google meet)\b/i

/**
 * Where an event takes place, for search engines: online (at the link its location gives, else
 * its post) when the location says so in words, else the place the author wrote (a link alone
 * may be a venue's site or map).
 */
function eventPlace(location: string, postUrl: string) {
  if (ONLINE_EVENT.test(location)) {
    // Without the punctuation that ends a sentence or closes a parenthesis after it.
    const link = /https?:\/\/\S+/.exec(location)?.[0].replace(/[).,;:!?»]+$/, '')
    return {
      eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
      location: { '@type': 'VirtualLocation', url: link ?? postUrl },
    }
  }
  return {
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: { '@type': 'Place', name: location, address: location },
  }
}

/** Structured data: an Event when the post is a dated event, else a forum posting. */
function structuredData(data: PostPageData) {
  const { post, origin } = data
  const url = absolute(origin, post.url)
  // The image with what it shows (ADR 064), as search engines read it beside the text.
  const image = post.imageUrl
    ? {
        '@type': 'ImageObject',
        url: absolute(origin, post.imageUrl),
        ...(post.imageAlt ? { caption: post.imageAlt } : {}),
      }
    : undefined
  const author = {
    '@type': 'Person',
    name: authorName(post.author),
    url: absolute(origin, `/profile/${post.author.userId}`),
  }
  if (post.type.name === 'evenement' && post.eventDate) {
    return {
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: post.title,
      description: describe(post),
      startDate: post.eventDate,
      url,
      ...(image ? { image } : {}),
      ...(post.eventLocation ? eventPlace(post.eventLocation, url) : {}),
      ...(post.price !== null
        ? { offers: { '@type': 'Offer', price: post.price, priceCurrency: 'EUR', url } }
        : {}),
      organizer: author,
    }
  }
  return {
    '@context': 'https://schema.org',
    '@type': 'DiscussionForumPosting',
    headline: post.title,
    text: post.content || post.title,
    url,
    datePublished: post.createdAt,
    ...(image ? { image } : {}),
    author,
    commentCount: post.commentsCount,
    interactionStatistic: [
      {
        '@type': 'InteractionCounter',
        interactionType: 'https://schema.org/LikeAction',
        userInteractionCount: post.upvotes,
      },
      {
        '@type': 'InteractionCounter',
        interactionType: 'https://schema.org/CommentAction',
        userInteractionCount: post.commentsCount,
      },
    ],
  }
}

/** <title>, description, canonical URL, OpenGraph, Twitter and JSON-LD of a post page. */
export function postPageMeta(data: PostPageData | undefined): MetaDescriptor[] {
  if (!data) return [{ title: 'Post non trouvé · Tremplin' }]
  const { post, origin } = data
  const url = absolute(origin, post.url)
  const description = describe(post)
  const image = post.imageUrl ? absolute(origin, post.imageUrl) : null
  return [
    { title: `${post.title} · Tremplin` },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:site_name', content: 'Tremplin' },
    { property: 'og:locale', content: 'fr_FR' },
    { property: 'og:type', content: 'article' },
    { property: 'og:title', content: post.title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { property: 'article:published_time', content: post.createdAt },
    ...(image ? [{ property: 'og:image', content: image }] : []),
    ...(image && post.imageAlt ? [{ property: 'og:image:alt', content: post.imageAlt }] : []),
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: post.title },
    { name: 'twitter:description', content: description },
    ...(image ? [{ name: 'twitter:image', content: image }] : []),
    ...(image && post.imageAlt ? [{ name: 'twitter:image:alt', content: post.imageAlt }] : []),
    { 'script:ld+json': structuredData(data) },
  ]
}

function Communities({ post }: { post: PostPageData['post'] }) {
  const chips = [
    ...post.categories.map((category) => ({
      key: `c-${category.name}`,
      label: category.displayName,
      to: feedUrl({ category: category.name }),
    })),
    ...post.sectors.map((sector) => ({
      key: `s-${sector.name}`,
      label: sector.displayName,
      to: feedUrl({ sector: sector.name }),
    })),
  ]
  if (chips.length === 0 && post.tags.length === 0) return null
  return (
    <nav aria-label="Communautés et tags" className="flex flex-wrap gap-2">
      {chips.map((chip) => (
        <Link
          key={chip.key}
          to={chip.to}
          className="inline-flex min-h-7 items-center rounded-full border bg-card px-3 text-sm hover:bg-accent hover:text-accent-foreground"
        >
          {chip.label}
        </Link>
      ))}
      {post.tags.map((tag) => (
        <Link
          key={`t-${tag}`}
          to={feedUrl({ q: tag })}
          className="inline-flex min-h-7 items-center gap-0.5 rounded-full bg-muted px-3 text-sm text-muted-foreground hover:bg-accent hover:text-accent-foreground"
        >
          <Hash aria-hidden="true" className="size-3.5" />
          {tag}
        </Link>
      ))}
    </nav>
  )
}

/** A post on its own page, comments open (spec §2 'Post detail'). */
export function PostPage({
  data,
  refusedComment,
}: {
  data: PostPageData
  /** A comment this page's form sent without a script, refused (ADR 066). */
  refusedComment?: RefusedComment
}) {
  const location = useLocation()
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-6 sm:py-10">
      <Link
        to="/feed"
        className="inline-flex min-h-6 items-center gap-1.5 self-start text-sm font-medium text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft aria-hidden="true" className="size-4" /> Retour au fil
      </Link>
      <PostCard
        // Another post, or other comments of it (`?avant=`): a card of its own, not the last
        // one's state (its votes, its loaded comments).
        key={`${data.post.id} ${data.comments.olderPage ? location.search : ''}`}
        post={data.post}
        now={data.now}
        signedIn={data.signedIn}
        viewerId={data.viewerId}
        variant="page"
        initialComments={data.comments}
        refusedComment={refusedComment}
      />
      <Communities post={data.post} />
    </div>
  )
}

/** 'Post non trouvé', 'ID du post manquant' or 'Erreur lors du chargement du post'. */
export function PostErrorBoundary({ error }: { error: unknown }) {
  const known = isRouteErrorResponse(error) && (error.status === 404 || error.status === 400)
  const message = known ? String(error.data) : 'Erreur lors du chargement du post'
  return (
    <section className="mx-auto flex w-full max-w-2xl flex-col items-start gap-4 px-4 py-20 sm:py-28">
      <p className="text-sm font-semibold text-primary">
        {isRouteErrorResponse(error) ? `Erreur ${error.status}` : 'Erreur'}
      </p>
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{message}</h1>
      <p className="text-lg text-muted-foreground">
        {known
          ? 'Ce post a peut-être été supprimé par son auteur, ou le lien est incomplet.'
          : 'Réessayez dans un instant.'}
      </p>
      <Button asChild className="mt-4">
        <Link to="/feed">Retour au fil</Link>
      </Button>
    </section>
  )
}
