import { Icon, type IconName } from '~/components/icons/icon'

// The icon each sector names in the sectors table (reference data, lucide's PascalCase names),
// drawn from the sprite like the cards' icons: no icon code in the page's scripts.
const SPRITE_NAMES: Record<string, IconName> = {
  Banknote: 'banknote',
  BookOpen: 'book-open',
  Briefcase: 'briefcase',
  Building2: 'building-2',
  Dumbbell: 'dumbbell',
  Factory: 'factory',
  FlaskConical: 'flask-conical',
  GraduationCap: 'graduation-cap',
  Hammer: 'hammer',
  HandHeart: 'hand-heart',
  HeartPulse: 'heart-pulse',
  Landmark: 'landmark',
  Laptop: 'laptop',
  LayoutGrid: 'layout-grid',
  Leaf: 'leaf',
  Megaphone: 'megaphone',
  Newspaper: 'newspaper',
  Palette: 'palette',
  Plane: 'plane',
  Scale: 'scale',
  Ship: 'ship',
  Shirt: 'shirt',
  ShoppingCart: 'shopping-cart',
  Store: 'store',
  Tractor: 'tractor',
  Truck: 'truck',
  Tv: 'tv',
  Users: 'users',
  UtensilsCrossed: 'utensils-crossed',
  Zap: 'zap',
}

/** The sprite's icon for a sector's icon name; the grid for an unknown one. */
export function sectorIconName(name: string | undefined): IconName {
  return (name && SPRITE_NAMES[name]) || 'layout-grid'
}

export function SectorIcon({ name, className }: { name?: string; className?: string }) {
  return <Icon name={sectorIconName(name)} className={className} />
}
