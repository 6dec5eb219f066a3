import { formatNumber } from '~/utils/format-count'
import { sanitizeLongText, sanitizeText } from '~/utils/sanitize-text'
/**
 * The engagement score of a draft (spec §9): 0 to 100 points that reward what makes a post
 * read and answered. Publishing needs at least PUBLISH_MIN_SCORE.
 */
export const PUBLISH_MIN_SCORE = 30

export interface ScoredDraft {
  title: string
  content: string
  type: string
  hasImage: boolean
  categories: readonly string[]
  sectors: readonly string[]
  tags: string
}

export interface ScoreRule {
  /** What the rule rewards, as shown to the author. */
  label: string
  earned: number
  max: number
}

export interface EngagementScore {
  score: number
  band: ScoreBand
  rules: ScoreRule[]
}

export type ScoreBand = 'low' | 'fair' | 'good' | 'excellent'

export const TITLE_IDEAL = { min: 10, max: 100 } as const
export const CONTENT_IDEAL = { min: 50, max: 500, articleMax: 5000 } as const

function lengthPoints(length: number, min: number, max: number): number {
  if (length >= min && length <= max) return 25
  return length > 0 ? 10 : 0
}

/** The score, its colour band and each rule's points, from the draft as it will be stored. */
export function engagementScore(draft: ScoredDraft): EngagementScore {
  // The text as the server stores it: the browser's field and the form it sends (each line
  // break as CR LF) score alike.
  const title = sanitizeText(draft.title)
  const content = sanitizeLongText(draft.content)
  const contentMax = draft.type === 'article' ? CONTENT_IDEAL.articleMax : CONTENT_IDEAL.max
  const rules: ScoreRule[] = [
    {
      label: `Un titre de ${TITLE_IDEAL.min} à ${TITLE_IDEAL.max} caractères`,
      earned: lengthPoints(title.length, TITLE_IDEAL.min, TITLE_IDEAL.max),
      max: 25,
    },
    {
      label: `Un contenu de ${CONTENT_IDEAL.min} à ${formatNumber(contentMax)} caractères`,
      earned: lengthPoints(content.length, CONTENT_IDEAL.min, contentMax),
      max: 25,
    },
    { label: 'Une image', earned: draft.hasImage ? 20 : 0, max: 20 },
    {
      label: 'Une question dans le titre ou le contenu',
      earned: title.includes('?') || content.includes('?') ? 10 : 0,
      max: 10,
    },
    { label: 'Une catégorie', earned: draft.categories.length > 0 ? 10 : 0, max: 10 },
    { label: 'Un secteur', earned: draft.sectors.length > 0 ? 5 : 0, max: 5 },
    { label: 'Des tags', earned: parseTags(draft.tags).length > 0 ? 5 : 0, max: 5 },
  ]
  const score = Math.min(
    100,
    rules.reduce((sum, rule) => sum + rule.earned, 0),
  )
  return { score, band: scoreBand(score), rules }
}

/** Colour bands: under 30, under 60, under 80, and 80 or more. */
export function scoreBand(score: number): ScoreBand {
  if (score < PUBLISH_MIN_SCORE) return 'low'
  if (score < 60) return 'fair'
  if (score < 80) return 'good'
  return 'excellent'
}

export const SCORE_BAND_LABELS: Record<ScoreBand, string> = {
  low: 'Insuffisant',
  fair: 'Correct',
  good: 'Bon',
  excellent: 'Excellent',
}

/** Tags from the comma string typed by the author: trimmed, without '#', lower-case, unique. */
export function parseTags(tags: string): string[] {
  const seen = new Set<string>()
  for (const raw of tags.split(',')) {
    const tag = raw.trim().replace(/^#+/, '').trim().toLocaleLowerCase('fr-FR')
    if (tag) seen.add(tag)
  }
  return [...seen]
}
