import { Icon, type IconName } from '~/components/icons/icon'

/**
 * The sprite's icon for the lucide name a sector carries in the sectors table (reference
 * data): 'UtensilsCrossed' → 'utensils-crossed', 'Building2' → 'building-2', as lucide names
 * its files. `sector-icons.test.ts` checks that the sprite has every sector's icon.
 */
export function sectorIconName(name: string | undefined): IconName {
  if (!name) return 'layout-grid'
  return name.replace(/(?<=[a-z0-9])(?=[A-Z])|(?<=[a-z])(?=\d)/g, '-').toLowerCase() as IconName
}

export function SectorIcon({ name, className }: { name?: string; className?: string }) {
  return <Icon name={sectorIconName(name)} className={className} />
}
