import path from 'node:path'

/** What tests/setup/e2e-data.ts wrote for the journeys. */
export interface E2eFixtures {
  /** A profile whose card is taller than a laptop's screen (ten links « Ressource n° … »). */
  longProfilePath: string
  /** As tall, with no link nor button for a visitor: a long bio (« Saison 1 … 24 »). */
  longBioProfilePath: string
  /** The oldest post, with a video link (its thumbnail and player are unreachable here). */
  videoPostPath: string
  /** A post with more comments than its panel lists at first. */
  olderCommentsPostPath: string
  /** That post's comments, all of them. */
  olderCommentsTotal: number
  /**
   * The demo's posts, the newest first: the cards the journeys vote and comment on, never a
   * post that another journey publishes, votes on or deletes at the same time.
   */
  demoPostIds: string[]
}

/** The end-to-end server's data directory (playwright.config.ts gives it as DATA_DIR). */
export const E2E_DATA_DIR = 'data/e2e'

export const E2E_FIXTURES_FILE = path.resolve(
  import.meta.dirname,
  '../..',
  E2E_DATA_DIR,
  'fixtures.json',
)

/** The text of the n-th comment e2e-data.ts adds, the oldest first. */
export const olderCommentText = (position: number) => `Commentaire ancien n° ${position}`
