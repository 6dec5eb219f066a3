/**
 * How many writes this process has accepted that changed what visitors see (each action says
 * so with `notePublicChange`; server.ts's handler counts them, visitor-pages.server.ts). What a
 * process keeps for visitors longer than a page (the sitemap) is built again once it moves.
 */
let accepted = 0

export function publicChangesAccepted(): number {
  return accepted
}

export function countPublicChange(): void {
  accepted += 1
}
