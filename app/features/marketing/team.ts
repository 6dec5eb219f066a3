// The about page's team (spec §2: fixed sample content), also the authors of the blog.

export const TEAM = [
  {
    id: 'helene-riviere',
    name: 'Hélène Rivière',
    role: 'Cofondatrice et directrice générale',
    bio: 'Douze ans de conseil aux PME, puis sa propre agence : elle a créé Tremplin pour ne plus entreprendre seule.',
  },
  {
    id: 'olivier-chevalier',
    name: 'Olivier Chevalier',
    role: 'Cofondateur et directeur technique',
    bio: 'Développeur depuis quinze ans, passé par deux start-up : il veille à ce que Tremplin reste rapide, sûr et accessible.',
  },
  {
    id: 'samira-ouali',
    name: 'Samira Ouali',
    role: 'Responsable communauté',
    bio: 'Ancienne chargée d’accompagnement en incubateur, elle anime les communautés et les événements de Tremplin.',
  },
  {
    id: 'maxime-leroy',
    name: 'Maxime Leroy',
    role: 'Responsable produit',
    bio: 'Il écoute les membres, trie leurs idées et décide avec l’équipe de ce que Tremplin construit ensuite.',
  },
] as const

export type TeamMemberId = (typeof TEAM)[number]['id']

export function teamMember(id: TeamMemberId) {
  return TEAM.find((member) => member.id === id)!
}
