/**
 * The fixed communities and post types, in display order (spec §3). Seeded at every start.
 * 'tous' is the "no filter" entry of each sidebar list.
 */
export const CATEGORIES = [
  { name: 'tous', displayName: 'Tous' },
  { name: 'feedback', displayName: 'Feedback' },
  { name: 'idees-business', displayName: 'Idées Business' },
  { name: 'mindset', displayName: 'Mindset' },
  { name: 'productivite', displayName: 'Productivité' },
  { name: 'etude-marche', displayName: 'Étude de Marché' },
  { name: 'business-model', displayName: 'Business Model' },
  { name: 'rd', displayName: 'R&D' },
  { name: 'marque', displayName: 'Marque' },
  { name: 'digital', displayName: 'Digital' },
  { name: 'juridique', displayName: 'Juridique' },
  { name: 'comptabilite', displayName: 'Comptabilité' },
  { name: 'financement', displayName: 'Financement' },
  { name: 'marketing', displayName: 'Marketing' },
  { name: 'logistique', displayName: 'Logistique' },
  { name: 'commercial', displayName: 'Commercial' },
  // The original labels this community 'Service Client' but shows it as 'Relation Client'.
  { name: 'service-client', displayName: 'Relation Client' },
  { name: 'networking', displayName: 'Networking' },
  { name: 'rh', displayName: 'RH' },
  { name: 'developpement', displayName: 'Développement' },
  { name: 'sortie-reprise', displayName: 'Sortie & Reprise' },
  { name: 'rse', displayName: 'RSE' },
  { name: 'autres', displayName: 'Autres' },
] as const

/** Sectors with the lucide icon each one shows (names as exported by lucide-react). */
export const SECTORS = [
  { name: 'tous', displayName: 'Tous', icon: 'LayoutGrid' },
  { name: 'administration', displayName: 'Administration', icon: 'Landmark' },
  { name: 'agriculture', displayName: 'Agriculture', icon: 'Tractor' },
  { name: 'alimentaire', displayName: 'Alimentaire', icon: 'UtensilsCrossed' },
  { name: 'artisanat', displayName: 'Artisanat', icon: 'Hammer' },
  { name: 'arts-culture', displayName: 'Arts & Culture', icon: 'Palette' },
  { name: 'banque', displayName: 'Banque & Assurance', icon: 'Banknote' },
  { name: 'benevolat', displayName: 'Bénévolat', icon: 'HandHeart' },
  { name: 'commerce', displayName: 'Commerce', icon: 'Store' },
  { name: 'consulting', displayName: 'Consulting', icon: 'Briefcase' },
  { name: 'droit', displayName: 'Droit', icon: 'Scale' },
  { name: 'ecommerce', displayName: 'E-commerce', icon: 'ShoppingCart' },
  { name: 'education', displayName: 'Éducation', icon: 'GraduationCap' },
  { name: 'energies', displayName: 'Énergies', icon: 'Zap' },
  { name: 'environnement', displayName: 'Environnement', icon: 'Leaf' },
  { name: 'immobilier', displayName: 'Immobilier & Construction', icon: 'Building2' },
  { name: 'import-export', displayName: 'Import-Export', icon: 'Ship' },
  { name: 'industrie', displayName: 'Industrie', icon: 'Factory' },
  { name: 'informatique', displayName: 'Informatique', icon: 'Laptop' },
  { name: 'journalisme', displayName: 'Journalisme', icon: 'Newspaper' },
  { name: 'litterature', displayName: 'Littérature', icon: 'BookOpen' },
  { name: 'marketing', displayName: 'Marketing & Communication', icon: 'Megaphone' },
  { name: 'medias', displayName: 'Médias', icon: 'Tv' },
  { name: 'sante', displayName: 'Santé', icon: 'HeartPulse' },
  { name: 'sciences', displayName: 'Sciences', icon: 'FlaskConical' },
  { name: 'social', displayName: 'Social', icon: 'Users' },
  { name: 'sport', displayName: 'Sport', icon: 'Dumbbell' },
  { name: 'textile', displayName: 'Textile', icon: 'Shirt' },
  { name: 'tourisme', displayName: 'Tourisme & Hôtellerie', icon: 'Plane' },
  { name: 'transport', displayName: 'Transport', icon: 'Truck' },
] as const

export const POST_TYPES = [
  { name: 'post', displayName: 'Post' },
  { name: 'ressource', displayName: 'Ressource' },
  { name: 'discussion', displayName: 'Discussion' },
  { name: 'evenement', displayName: 'Événement' },
  { name: 'article', displayName: 'Article' },
] as const

export type CategoryName = (typeof CATEGORIES)[number]['name']
export type SectorName = (typeof SECTORS)[number]['name']
export type PostTypeName = (typeof POST_TYPES)[number]['name']
