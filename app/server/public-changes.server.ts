/**
 * How many writes this process has accepted that changed which pages visitors can find or their
 * addresses (a post published or deleted, a member renamed or gone: `notePublicChange(context,
 * { listing: true })`, counted once the write has committed). What a process
 * keeps for longer than a page and lists pages (the sitemap) is built again once it moves; votes
 * and comments, which change no address, leave it.
 */
let accepted = 0

export function listingChangesAccepted(): number {
  return accepted
}

export function countListingChange(): void {
  accepted += 1
}
