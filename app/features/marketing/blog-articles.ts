import type { TeamMemberId } from './team'

// The blog's three fixed articles (spec §2), each with its own page at /blog/{slug}.

export interface BlogArticle {
  slug: string
  category: 'Financement' | 'Marketing' | 'Entrepreneuriat'
  title: string
  excerpt: string
  authorId: TeamMemberId
  /** ISO date of publication. */
  publishedAt: string
  readingMinutes: number
  sections: readonly { heading?: string; paragraphs: readonly string[]; list?: readonly string[] }[]
}

export const BLOG_ARTICLES: readonly BlogArticle[] = [
  {
    slug: 'financer-son-projet-sans-lever-de-fonds',
    category: 'Financement',
    title: 'Financer son projet sans lever de fonds : les pistes à explorer en premier',
    excerpt:
      'Prêts d’honneur, aides à la création, subventions, financement participatif : avant de chercher des investisseurs, faites le tour des financements qui ne vous coûtent pas de parts.',
    authorId: 'helene-riviere',
    publishedAt: '2025-09-16',
    readingMinutes: 6,
    sections: [
      {
        paragraphs: [
          'La levée de fonds occupe beaucoup de place dans les récits d’entrepreneurs, mais la plupart des entreprises démarrent sans elle. Pour un premier projet, l’enjeu est souvent de réunir quelques dizaines de milliers d’euros pour tenir jusqu’aux premiers clients, sans céder une part de son capital trop tôt.',
          'Voici les pistes que nous conseillons d’explorer avant toute autre, dans l’ordre où elles se combinent le mieux.',
        ],
      },
      {
        heading: 'Les prêts d’honneur',
        paragraphs: [
          'Un prêt d’honneur est un prêt personnel à taux zéro, sans garantie, accordé au créateur par un réseau d’accompagnement comme Initiative France ou Réseau Entreprendre. Il renforce vos fonds propres et rassure ensuite la banque : beaucoup de prêts bancaires se décrochent sur sa base.',
          'Le dossier se prépare avec le réseau local, qui vous fait présenter votre projet devant un comité. C’est aussi un premier test sérieux de votre argumentaire.',
        ],
      },
      {
        heading: 'Les aides à la création',
        paragraphs: [
          'Si vous êtes demandeur d’emploi, France Travail peut maintenir une partie de vos allocations pendant le démarrage, ou vous en verser une partie en capital. L’exonération partielle de charges sociales des débuts d’activité allège aussi la première année. Les conditions évoluent régulièrement : vérifiez-les sur les sites officiels avant de bâtir votre plan de financement.',
        ],
      },
      {
        heading: 'Les subventions et concours',
        paragraphs: [
          'Régions, départements, Bpifrance et de nombreuses fondations financent l’innovation, l’emploi local ou la transition écologique. Les montants sont variables et les délais parfois longs : ne comptez pas sur une subvention pour payer vos premières factures, mais intégrez-la à votre calendrier.',
        ],
      },
      {
        heading: 'Le financement participatif et la « love money »',
        paragraphs: [
          'Une campagne de prévente ou de dons valide votre marché autant qu’elle vous finance. Les proches qui croient en votre projet peuvent aussi entrer au capital ou vous prêter : formalisez toujours ces apports par écrit.',
        ],
        list: [
          'Listez vos besoins réels sur 12 à 18 mois avant de chercher un euro.',
          'Combinez apport personnel, prêt d’honneur et prêt bancaire : chacun appelle l’autre.',
          'Demandez l’avis de la communauté Financement de Tremplin sur votre plan.',
        ],
      },
    ],
  },
  {
    slug: 'trouver-ses-premiers-clients',
    category: 'Marketing',
    title: 'Trouver ses premiers clients : une méthode en quatre étapes',
    excerpt:
      'Avant la publicité et les réseaux sociaux, les premiers clients se gagnent un par un. Une méthode simple pour les identifier, leur parler et apprendre de chaque échange.',
    authorId: 'samira-ouali',
    publishedAt: '2025-10-02',
    readingMinutes: 5,
    sections: [
      {
        paragraphs: [
          'Les premiers clients ne viennent presque jamais d’une campagne marketing. Ils viennent de conversations. Cette méthode en quatre étapes vous aide à les provoquer et à en tirer le maximum.',
        ],
      },
      {
        heading: '1. Décrire un client précis',
        paragraphs: [
          'Pas « les PME » ni « les jeunes actifs » : une personne, son métier, son problème, ce qu’elle utilise aujourd’hui pour le résoudre. Plus la description est étroite, plus il est facile de savoir où la trouver.',
        ],
      },
      {
        heading: '2. Parler à vingt personnes',
        paragraphs: [
          'Avant de vendre, écoutez. Vingt entretiens de trente minutes vous apprendront comment vos futurs clients décrivent leur problème, combien il leur coûte et ce qu’ils ont déjà essayé. Leurs mots deviendront ceux de votre site.',
        ],
      },
      {
        heading: '3. Choisir un seul canal',
        paragraphs: [
          'Salons professionnels, prospection directe, partenariats, bouche-à-oreille : choisissez le canal où se trouvent déjà vos clients et tenez-vous-y plusieurs semaines avant de juger.',
        ],
      },
      {
        heading: '4. Mesurer, puis recommencer',
        paragraphs: [
          'Notez chaque contact, chaque réponse, chaque vente. Au bout d’un mois, vous saurez ce qui marche. Partagez vos chiffres dans la communauté Marketing de Tremplin : d’autres entrepreneurs ont peut-être déjà rencontré le même blocage.',
        ],
      },
    ],
  },
  {
    slug: 'choisir-son-statut-juridique',
    category: 'Entrepreneuriat',
    title: 'Micro-entreprise, EURL ou SASU : comment choisir son statut',
    excerpt:
      'Le statut juridique engage votre protection sociale, votre fiscalité et votre image auprès des partenaires. Les questions à vous poser avant de trancher.',
    authorId: 'maxime-leroy',
    publishedAt: '2025-10-09',
    readingMinutes: 7,
    sections: [
      {
        paragraphs: [
          'Il n’existe pas de meilleur statut dans l’absolu, seulement un statut adapté à votre projet, à vos revenus attendus et à votre situation personnelle. Voici les grandes différences entre les trois formes les plus choisies par les créateurs seuls.',
        ],
      },
      {
        heading: 'La micro-entreprise',
        paragraphs: [
          'Formalités simples, cotisations calculées sur le chiffre d’affaires encaissé, comptabilité allégée : c’est le statut idéal pour tester une activité. Il est en revanche limité par des plafonds de chiffre d’affaires et ne permet pas de déduire ses charges. Si vos dépenses sont importantes, il devient vite coûteux.',
        ],
      },
      {
        heading: 'L’EURL',
        paragraphs: [
          'Société à associé unique, l’EURL sépare votre patrimoine de celui de l’entreprise. Le gérant relève du régime des travailleurs non salariés : des cotisations plus faibles, mais une protection sociale moins étendue.',
        ],
      },
      {
        heading: 'La SASU',
        paragraphs: [
          'Le président de SASU est assimilé salarié : sa protection sociale est proche de celle d’un salarié, au prix de cotisations plus élevées sur sa rémunération. Sa souplesse statutaire en fait la forme préférée des projets qui prévoient d’accueillir des associés ou des investisseurs.',
        ],
      },
      {
        heading: 'Les questions à vous poser',
        paragraphs: [
          'Les règles fiscales et sociales changent régulièrement : faites valider votre choix par un expert-comptable ou une chambre consulaire.',
        ],
        list: [
          'Quel chiffre d’affaires et quelles charges prévoyez-vous la première année ?',
          'Avez-vous besoin de vous verser une rémunération tout de suite ?',
          'Comptez-vous vous associer ou lever des fonds ?',
          'Quelle protection sociale souhaitez-vous pour vous et votre famille ?',
        ],
      },
    ],
  },
]

export function findBlogArticle(slug: string): BlogArticle | undefined {
  return BLOG_ARTICLES.find((article) => article.slug === slug)
}

/** A date like '16 septembre 2025'. */
export function formatArticleDate(isoDate: string): string {
  return new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  )
}
