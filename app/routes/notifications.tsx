import { Bell, MessageCircle, ThumbsUp } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { Link, useLocation } from 'react-router'
import { MemberAvatar } from '~/components/member-avatar'
import { Button } from '~/components/ui/button'
import { FeedHeader } from '~/features/feed/feed-header'
import { listNotifications } from '~/features/notifications/notifications.server'
import { requireSession } from '~/server/auth/session.server'
import { formatFullDate } from '~/utils/french-date'
import { formatRelativeTime } from '~/utils/relative-time'
import type { AppShellHandle } from '~/root'
import type { Route } from './+types/notifications'

export const handle: AppShellHandle = { appHeader: (props) => <FeedHeader {...props} /> }

export const meta: Route.MetaFunction = () => [
  { title: 'Notifications · Tremplin' },
  { name: 'robots', content: 'noindex' },
]

export async function loader({ request, context }: Route.LoaderArgs) {
  const current = await requireSession(request, context)
  const cursor = new URL(request.url).searchParams.get('cursor')
  const { notifications, nextCursor, paged } = await listNotifications({
    userId: current.user.id,
    cursor,
  })
  const now = new Date()
  return {
    // Written here, as the server reads the time: the page hydrates with the same words.
    notifications: notifications.map((notification) => ({
      ...notification,
      createdAt: notification.createdAt.toISOString(),
      timeAgo: formatRelativeTime(notification.createdAt, now),
      fullDate: formatFullDate(notification.createdAt),
    })),
    nextCursor,
    paged,
  }
}

type ShownNotification = Route.ComponentProps['loaderData']['notifications'][number]

export default function Screen({ loaderData }: Route.ComponentProps) {
  const { notifications, nextCursor, paged } = loaderData
  // Another page of notifications: the link that led there is at the bottom, or gone; the
  // heading takes the focus, so that the next Tab reads the page from its top.
  const heading = useRef<HTMLHeadingElement>(null)
  const { search } = useLocation()
  const shownSearch = useRef(search)
  useEffect(() => {
    if (shownSearch.current === search) return
    shownSearch.current = search
    heading.current?.focus()
  }, [search])
  return (
    <section
      aria-labelledby="notifications-titre"
      className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-6 sm:py-10"
    >
      <header className="flex flex-col gap-2">
        <h1
          ref={heading}
          id="notifications-titre"
          tabIndex={-1}
          className="text-3xl font-bold tracking-tight focus:outline-none"
        >
          Notifications
        </h1>
        <p className="text-muted-foreground">
          Les commentaires et les «&nbsp;J’aime&nbsp;» que vos publications reçoivent des autres
          membres.
        </p>
      </header>
      {notifications.length === 0 ? (
        <EmptyNotifications paged={paged} />
      ) : (
        <ol className="flex flex-col divide-y rounded-xl border bg-card text-card-foreground shadow-xs">
          {notifications.map((notification) => (
            <NotificationItem key={notification.id} notification={notification} />
          ))}
        </ol>
      )}
      {nextCursor || paged ? (
        <nav aria-label="Pages de notifications" className="flex flex-wrap justify-center gap-3">
          {paged ? (
            <Button asChild variant="ghost">
              <Link to="/notifications">Notifications récentes</Link>
            </Button>
          ) : null}
          {nextCursor ? (
            <Button asChild variant="outline">
              <Link to={`?cursor=${encodeURIComponent(nextCursor)}`}>
                Notifications plus anciennes
              </Link>
            </Button>
          ) : null}
        </nav>
      ) : null}
    </section>
  )
}

function NotificationItem({ notification }: { notification: ShownNotification }) {
  const { actor, post } = notification
  const title = (
    <Link to={post.url} className="font-medium break-words text-primary hover:underline">
      «&nbsp;{post.title}&nbsp;»
    </Link>
  )
  return (
    <li className="flex gap-3 p-4">
      {actor ? (
        <span className="relative shrink-0 self-start">
          <MemberAvatar name={actor.name} avatar={actor.avatar} size="md" />
          <span className="absolute -right-1 -bottom-1 flex size-5 items-center justify-center rounded-full border-2 border-card bg-primary text-primary-foreground">
            <MessageCircle aria-hidden="true" className="size-3" />
          </span>
        </span>
      ) : (
        <span className="flex size-10 shrink-0 items-center justify-center self-start rounded-full bg-accent text-accent-foreground">
          <ThumbsUp aria-hidden="true" className="size-5" />
        </span>
      )}
      <div className="flex min-w-0 flex-col gap-1">
        <p className="text-sm leading-relaxed">
          {actor ? (
            <>
              <Link
                to={`/profile/${encodeURIComponent(actor.userId)}`}
                className="font-semibold hover:underline"
              >
                {actor.name}
              </Link>{' '}
              a commenté votre publication {title}
            </>
          ) : (
            <>Votre publication {title} a reçu un «&nbsp;J’aime&nbsp;».</>
          )}
        </p>
        {notification.excerpt ? (
          <p className="text-sm break-words text-muted-foreground">{notification.excerpt}</p>
        ) : null}
        <time
          dateTime={notification.createdAt}
          title={notification.fullDate}
          className="text-xs text-muted-foreground"
        >
          {notification.timeAgo}
          <span className="sr-only"> ({notification.fullDate})</span>
        </time>
      </div>
    </li>
  )
}

function EmptyNotifications({ paged }: { paged: boolean }) {
  return (
    <div className="flex items-start gap-4 rounded-xl border bg-card p-5 text-card-foreground shadow-xs">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <Bell aria-hidden="true" className="size-5" />
      </span>
      <div className="flex flex-col gap-2 text-sm leading-relaxed">
        <p className="font-semibold">
          {paged ? 'Pas de notification plus ancienne.' : 'Aucune notification pour le moment.'}
        </p>
        <p className="text-muted-foreground">
          Quand un membre commente ou aime l’une de vos publications, vous le verrez ici.
        </p>
        <Link to="/post/create" className="font-medium text-primary hover:underline">
          Publier quelque chose
        </Link>
      </div>
    </div>
  )
}
