import path from 'node:path'

/** What tests/setup/e2e-data.ts wrote for the journeys, next to the server's database. */
export interface E2eFixtures {
  /** A post with more comments than its panel lists at first. */
  olderCommentsPostPath: string
}

export const E2E_FIXTURES_FILE = path.resolve(import.meta.dirname, '../../data/e2e/fixtures.json')

/** The text of the n-th comment e2e-data.ts adds, the oldest first. */
export const OLDER_COMMENTS_TEXT = (position: number) => `Commentaire ancien n° ${position}`
