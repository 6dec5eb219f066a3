/**
 * The three sample articles shown, marked as examples, while the database holds no post at
 * all (spec §9 'Fallback feed'). Never stored, never votable.
 */
export interface SampleArticle {
  id: string
  title: string
  content: string
  author: string
  community: string
  publishedAt: string
}

export const SAMPLE_ARTICLES: readonly SampleArticle[] = [
  {
    id: 'exemple-premiers-clients',
    title: 'Trouver ses dix premiers clients sans budget marketing',
    content:
      'Avant la publicité, il y a le réseau : anciens collègues, associations professionnelles, groupes locaux. Listez cinquante personnes qui connaissent votre cible, demandez-leur une présentation plutôt qu’une vente, et notez chaque objection entendue : elles écriront votre future page d’accueil.',
    author: 'L’équipe Tremplin',
    community: 'Commercial',
    publishedAt: '2024-11-18T09:00:00.000Z',
  },
  {
    id: 'exemple-statut-juridique',
    title: 'Micro-entreprise, SASU ou EURL : comment choisir son statut',
    content:
      'Le bon statut dépend de votre chiffre d’affaires prévu, de vos charges, de votre besoin de protection sociale et de vos projets d’association. Simulez vos revenus nets dans chaque cas, puis faites valider votre choix par un expert-comptable avant l’immatriculation.',
    author: 'L’équipe Tremplin',
    community: 'Juridique',
    publishedAt: '2024-11-12T09:00:00.000Z',
  },
  {
    id: 'exemple-tresorerie',
    title: 'Trois tableaux pour piloter sa trésorerie chaque semaine',
    content:
      'Un plan de trésorerie sur treize semaines, un suivi des encaissements clients et une liste des dépenses à arbitrer suffisent à éviter la plupart des mauvaises surprises. Mettez-les à jour le même jour chaque semaine, en dix minutes.',
    author: 'L’équipe Tremplin',
    community: 'Comptabilité',
    publishedAt: '2024-11-05T09:00:00.000Z',
  },
]
