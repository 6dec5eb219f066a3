import { Building2, CalendarDays, ExternalLink, Lock, MapPin, Pencil } from 'lucide-react'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import { Button } from '~/components/ui/button'
import { authorName, type FeedItem } from '~/features/feed/feed-item'
import { PostList } from '~/features/feed/post-list'
import { cn } from '~/utils/cn'
import { formatMonthYear } from '~/utils/french-date'
import { useJsonText, type JsonText } from '~/utils/json-text'
import { ProfileImageUpload } from './profile-image-upload'
import { initials } from '~/utils/initials'

/** A profile as the page receives it: public fields, plus the private ones for its owner. */
export interface ProfileView {
  id: string
  userId: string
  firstName: string
  lastName: string
  job: string | null
  company: string | null
  city: string | null
  country: string | null
  bio: string | null
  avatar: string | null
  bannerImage: string | null
  createdAt: string
  links: { title: string; url: string }[]
  /** Owner only. */
  description?: string | null
  linkedin?: string | null
  website?: string | null
}

export type ProfileTab = 'publications' | 'sauvegardes'

export interface ProfilePageData {
  profile: ProfileView
  isOwner: boolean
  tab: ProfileTab
  posts: JsonText<FeedItem[]>
  nextCursor: string | null
  signedIn: boolean
  viewerId: string | null
  now: string
}

export function profileTabUrl(userId: string, tab: ProfileTab, cursor?: string): string {
  const params = new URLSearchParams()
  if (tab === 'sauvegardes') params.set('onglet', tab)
  if (cursor) params.set('cursor', cursor)
  const query = params.toString()
  return `/profile/${userId}${query ? `?${query}` : ''}`
}

function ProfileCard({ profile, isOwner }: { profile: ProfileView; isOwner: boolean }) {
  const name = authorName(profile)
  const place = [profile.city, profile.country].filter(Boolean).join(', ')
  const role = [profile.job, profile.company].filter(Boolean).join(' · ')
  return (
    <div className="overflow-hidden rounded-xl border bg-card text-card-foreground shadow-xs">
      <div className="relative aspect-[3/1] bg-gradient-to-br from-primary/70 via-primary/40 to-accent">
        {profile.bannerImage ? (
          <img
            src={profile.bannerImage}
            alt=""
            className="size-full object-cover"
            width={1500}
            height={500}
          />
        ) : null}
        {isOwner ? (
          <ProfileImageUpload
            kind="banner"
            label="Changer la bannière"
            className="absolute top-2 right-2"
          />
        ) : null}
      </div>
      <div className="flex flex-col gap-4 px-4 pb-5 sm:px-6">
        {/* Positioned, so that it is painted over the banner (itself positioned) it overlaps. */}
        <div className="relative -mt-12 flex flex-wrap items-end justify-between gap-3">
          {profile.avatar ? (
            <img
              src={profile.avatar}
              // The name is the heading right below: the picture adds nothing to read.
              alt=""
              width={96}
              height={96}
              className="size-24 rounded-full border-4 border-card bg-card object-cover"
            />
          ) : (
            <span
              aria-hidden="true"
              className="flex size-24 items-center justify-center rounded-full border-4 border-card bg-accent text-2xl font-semibold text-accent-foreground"
            >
              {initials(name)}
            </span>
          )}
          {isOwner ? (
            <div className="flex flex-wrap gap-2">
              <ProfileImageUpload kind="avatar" label="Changer l’avatar" />
              <Button asChild variant="outline" size="sm">
                <Link to="/profile/edit">
                  <Pencil aria-hidden="true" /> Modifier le profil
                </Link>
              </Button>
            </div>
          ) : null}
        </div>
        <div className="flex flex-col gap-1">
          <h1 id="profil-nom" className="text-2xl font-bold tracking-tight break-words">
            {name}
          </h1>
          {role ? (
            <p className="flex items-center gap-1.5 text-muted-foreground">
              <Building2 aria-hidden="true" className="size-4 shrink-0" />
              <span className="min-w-0 break-words">{role}</span>
            </p>
          ) : null}
          {place ? (
            <p className="flex items-center gap-1.5 text-muted-foreground">
              <MapPin aria-hidden="true" className="size-4 shrink-0" />
              <span className="min-w-0 break-words">{place}</span>
            </p>
          ) : null}
          <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
            <CalendarDays aria-hidden="true" className="size-4 shrink-0" />
            Membre depuis {formatMonthYear(new Date(profile.createdAt))}
          </p>
        </div>
        {profile.bio ? <p className="break-words whitespace-pre-line">{profile.bio}</p> : null}
        {profile.links.length > 0 ? (
          <ul aria-label="Liens" className="flex flex-col gap-1.5">
            {/* By place: nothing keeps a member from giving the same link twice. */}
            {profile.links.map((link, index) => (
              <li key={index}>
                <a
                  href={link.url}
                  target="_blank"
                  rel="me noopener noreferrer nofollow ugc"
                  className="inline-flex min-h-6 items-center gap-1.5 font-medium break-all text-primary hover:underline"
                >
                  <ExternalLink aria-hidden="true" className="size-4 shrink-0" />
                  {link.title}
                  <span className="sr-only"> (nouvel onglet)</span>
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        {isOwner && (profile.description || profile.linkedin || profile.website) ? (
          <div className="flex flex-col gap-1 rounded-lg border border-dashed p-3 text-sm">
            <p className="flex items-center gap-1.5 font-medium">
              <Lock aria-hidden="true" className="size-4" /> Visible par vous seul
            </p>
            {/* minmax(0, 1fr): a long unbroken value wraps instead of widening the card. */}
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-muted-foreground">
              {profile.description ? (
                <>
                  <dt>Accroche</dt>
                  <dd className="break-words">{profile.description}</dd>
                </>
              ) : null}
              {profile.linkedin ? (
                <>
                  <dt>LinkedIn</dt>
                  <dd className="break-all">{profile.linkedin}</dd>
                </>
              ) : null}
              {profile.website ? (
                <>
                  <dt>Site web</dt>
                  <dd className="break-all">{profile.website}</dd>
                </>
              ) : null}
            </dl>
          </div>
        ) : null}
      </div>
    </div>
  )
}

/**
 * Beside a long list of publications the card stays in view, and scrolls on its own when it is
 * taller than the screen (its last links reachable); 4 px each side keep its shadow and focus
 * rings whole, the negative margin the column where it was. The region named by the member's
 * name; while it scrolls, a tab stop: a card with nothing focusable in it (a visitor reading a long bio)
 * is then within the keyboard's reach in every browser, not only those that focus scrollers.
 */
function StickyCard({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLElement>(null)
  const [scrolls, setScrolls] = useState(false)
  useEffect(() => {
    const element = ref.current
    if (!element) return
    const measure = () => setScrolls(element.scrollHeight > element.clientHeight + 1)
    // Its height follows the window's, its content's the card's (a picture, an edit).
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    if (element.firstElementChild) observer.observe(element.firstElementChild)
    return () => observer.disconnect()
  }, [])
  return (
    <section
      ref={ref}
      aria-labelledby="profil-nom"
      // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region is reached by keyboard
      tabIndex={scrolls ? 0 : undefined}
      className="lg:sticky lg:top-20 lg:-m-1 lg:max-h-[calc(100dvh-7rem)] lg:overflow-y-auto lg:p-1"
    >
      {children}
    </section>
  )
}

/** A member's profile and their posts (spec §2 'Profile'); saved posts for the owner. */
export function ProfilePage({ data }: { data: ProfilePageData }) {
  const { profile, isOwner, tab } = data
  const posts = useJsonText(data.posts)
  const tabs: { tab: ProfileTab; label: string }[] = [
    { tab: 'publications', label: 'Publications' },
    ...(isOwner ? [{ tab: 'sauvegardes' as const, label: 'Posts sauvegardés' }] : []),
  ]
  const apiUrl = (cursor: string) =>
    `/api/profiles/${profile.userId}/posts?${new URLSearchParams({ onglet: tab, cursor })}`
  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-6 px-4 py-6 sm:py-10 lg:grid-cols-[22rem_minmax(0,1fr)] lg:items-start">
      <StickyCard>
        <ProfileCard profile={profile} isOwner={isOwner} />
      </StickyCard>
      <section aria-labelledby="profil-contenus" className="flex min-w-0 flex-col gap-4">
        <h2 id="profil-contenus" className="sr-only">
          Contenus du profil
        </h2>
        <nav aria-label="Onglets du profil" className="flex gap-1 border-b">
          {tabs.map((item) => (
            <Link
              key={item.tab}
              to={profileTabUrl(profile.userId, item.tab)}
              aria-current={item.tab === tab ? 'page' : undefined}
              preventScrollReset
              className={cn(
                '-mb-px inline-flex min-h-10 items-center border-b-2 px-3 text-sm font-medium',
                item.tab === tab
                  ? 'border-primary text-foreground'
                  : 'border-transparent text-muted-foreground hover:text-foreground',
              )}
            >
              {item.label}
            </Link>
          ))}
        </nav>
        {posts.length === 0 ? (
          <p className="rounded-xl border border-dashed p-8 text-center text-muted-foreground">
            {tab === 'sauvegardes'
              ? 'Aucun post sauvegardé pour le moment'
              : 'Aucune publication pour le moment'}
          </p>
        ) : (
          <PostList
            key={`${profile.userId}:${tab}`}
            posts={posts}
            nextCursor={data.nextCursor}
            now={data.now}
            signedIn={data.signedIn}
            viewerId={data.viewerId}
            pageUrl={(cursor) => profileTabUrl(profile.userId, tab, cursor)}
            apiUrl={apiUrl}
            label={tabs.find((item) => item.tab === tab)?.label}
            savedList={tab === 'sauvegardes'}
          />
        )}
      </section>
    </div>
  )
}
