import { exportAccountData } from '~/features/account/data-export.server'
import { requireSession } from '~/server/auth/session.server'
import type { Route } from './+types/settings.export'

const PARIS_DATE = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
})

/** YYYY-MM-DD as a member in France reads the day of the export. */
function fileDate(date: Date): string {
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    PARIS_DATE.formatToParts(date).find((entry) => entry.type === type)?.value ?? ''
  return `${part('year')}-${part('month')}-${part('day')}`
}

/** 'Exporter mes données': the member's data as a JSON download (GDPR art. 20). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const current = await requireSession(request, context)
  const data = await exportAccountData(current.user.id)
  const filename = `tremplin-export-${fileDate(new Date(data.exportedAt))}.json`
  return new Response(`${JSON.stringify(data, null, 2)}\n`, {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename}"`,
      // Personal data: neither the browser nor any proxy keeps a copy.
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
