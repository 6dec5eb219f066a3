/**
 * What the end-to-end server's database holds beyond the demo content, written before the
 * server starts (playwright.config.ts): the server's PGlite lives in its process, and what a
 * journey needs cannot always be made through the screens in time. Here: a post with more
 * comments than its panel lists (ADR 047); a member may comment once per 5 s, so 101 comments
 * through the form would take over eight minutes.
 *
 * Run with the server's environment (DATA_DIR); writes what the journeys read to
 * E2E_FIXTURES_FILE.
 */
import fs from 'node:fs'
import path from 'node:path'
import { asc, desc, eq, min, ne } from 'drizzle-orm'
import { closeDatabase, db, startDatabase } from '../../app/server/db/db.server'
import { comments, posts, profileLinks, profiles } from '../../app/server/db/schema'
import {
  createComments,
  createPost,
  createProfile,
} from '../../app/server/db/seed/factories.server'
import { E2E_FIXTURES_FILE, olderCommentText, type E2eFixtures } from './e2e-fixtures'

/** Comments added: more than a page of 100, whatever the demo gave the post. */
const ADDED_COMMENTS = 105

let exitCode = 0
try {
  await startDatabase()
  // The oldest post: the last of the feed, out of the way of the journeys that use its top.
  const [post] = await db
    .select({ id: posts.id, authorId: posts.authorId, createdAt: posts.createdAt })
    .from(posts)
    .orderBy(asc(posts.createdAt))
    .limit(1)
  if (!post) throw new Error('Aucun post : le contenu de démonstration manque.')
  // Its own comments came later than these, a second apart from its publication on: the
  // journeys expect the first of them to be the first of all.
  const [demo] = await db
    .select({ first: min(comments.createdAt) })
    .from(comments)
    .where(eq(comments.postId, post.id))
  const last = new Date(post.createdAt.getTime() + ADDED_COMMENTS * 1_000)
  if (demo?.first && demo.first <= last) {
    throw new Error('Un commentaire de démonstration précède ceux des tests.')
  }
  const commenters = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(ne(profiles.id, post.authorId))
    .orderBy(asc(profiles.id))
  const added = await createComments(
    db,
    Array.from({ length: ADDED_COMMENTS }, (_, index) => ({
      postId: post.id,
      authorId: commenters[index % commenters.length]!.id,
      content: olderCommentText(index + 1),
      createdAt: new Date(post.createdAt.getTime() + (index + 1) * 1_000),
    })),
  )
  const [counted] = await db
    .select({ total: posts.commentsCount })
    .from(posts)
    .where(eq(posts.id, post.id))
  const demoPosts = await db
    .select({ id: posts.id })
    .from(posts)
    .orderBy(desc(posts.createdAt), desc(posts.id))
  // A post with a video link, older than every other: its thumbnail comes from the video site,
  // which these machines cannot reach (a console error on any page that shows it), so it is
  // written last, by an author of its own, never on a page the other journeys look at.
  const videoAuthor = await createProfile(db, { firstName: 'Vidéo', lastName: 'Démonstration' })
  const video = await createPost(db, {
    authorId: videoAuthor.id,
    title: 'Notre pitch en vidéo',
    externalUrl: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
    createdAt: new Date(post.createdAt.getTime() - 24 * 60 * 60 * 1000),
  })
  // A profile whose card runs taller than a laptop's screen: a long bio, every field, ten links.
  const longProfile = await createProfile(db, {
    firstName: 'Capucine',
    lastName: 'Delaunay-Marchand',
    description: 'Fondatrice d’une coopérative de torréfaction, mentore de jeunes pousses',
    job: 'Présidente',
    company: 'Torréfaction Coopérative du Val de Loire',
    city: 'Tours',
    country: 'France',
    bio: Array.from(
      { length: 12 },
      (_, index) =>
        `Étape ${index + 1} : nous avons appris à vendre en circuit court, à recruter sans lever de fonds et à tenir nos marges.`,
    ).join('\n\n'),
    linkedin: 'https://www.linkedin.com/in/capucine-delaunay-marchand',
    website: 'https://torrefaction-cooperative.fr',
  })
  await db.insert(profileLinks).values(
    Array.from({ length: 10 }, (_, index) => ({
      profileId: longProfile.id,
      title: `Ressource n° ${index + 1}`,
      url: `https://torrefaction-cooperative.fr/ressources/${index + 1}`,
      position: index,
    })),
  )
  // The same height with nothing a visitor could focus: a long bio alone.
  const longBioProfile = await createProfile(db, {
    firstName: 'Hortense',
    lastName: 'Vallier-Dumas',
    job: 'Fondatrice',
    company: 'Les Conserves de la Baie',
    bio: Array.from(
      { length: 24 },
      (_, index) => `Saison ${index + 1} : une récolte, une recette, un client de plus.`,
    ).join('\n\n'),
  })
  const fixtures: E2eFixtures = {
    longProfilePath: `/profile/${longProfile.userId}`,
    longBioProfilePath: `/profile/${longBioProfile.userId}`,
    videoPostPath: `/post/${video.id}`,
    olderCommentsPostPath: `/post/${post.id}`,
    olderCommentsTotal: counted?.total ?? added.length,
    demoPostIds: demoPosts.map((row) => row.id),
  }
  fs.mkdirSync(path.dirname(E2E_FIXTURES_FILE), { recursive: true })
  fs.writeFileSync(E2E_FIXTURES_FILE, JSON.stringify(fixtures))
} catch (error) {
  console.error('Échec des données de bout en bout :', error)
  exitCode = 1
} finally {
  await closeDatabase()
}
// PGlite and the logger may keep timers alive.
process.exit(exitCode)
