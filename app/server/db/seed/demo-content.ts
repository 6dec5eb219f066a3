// The demo community: invented French-speaking entrepreneurs and what they write. Every name,
// company and venue is fictional; external links point to the home pages of public services.
import type { CategoryName, PostTypeName, SectorName } from './reference-data'

export interface DemoProfile {
  /** Stable key: the demo user id is `demo-<slug>` and the avatar `avatars/demo-<slug>.webp`. */
  slug: string
  firstName: string
  lastName: string
  job: string
  company: string
  city: string
  country: string
  /** One-line headline. */
  description: string
  bio: string
}

export interface DemoEvent {
  /** Days after the seeding day. */
  inDays: number
  /** Local start time, HH:MM. */
  time: string
  /** IANA zone of the venue; Europe/Paris unless given. */
  timeZone?: string
  /** Venue, city. */
  location: string
  /** In euros; 0 or null when free. */
  price: number | null
}

export interface DemoPost {
  author: DemoAuthor
  type: PostTypeName
  /** The first one is the post's main community. */
  categories: readonly Exclude<CategoryName, 'tous'>[]
  sector: Exclude<SectorName, 'tous'>
  title: string
  content: string
  externalUrl?: string
  event?: DemoEvent
}

const paragraphs = (...parts: string[]) => parts.join('\n\n')

export const DEMO_PROFILES = [
  {
    slug: 'camille-durand',
    firstName: 'Camille',
    lastName: 'Durand',
    job: 'Fondatrice',
    company: 'Grainette',
    city: 'Lyon',
    country: 'France',
    description: 'Épicerie vrac en ligne, livrée en bocaux consignés.',
    bio: "Ancienne acheteuse en grande distribution, j'ai lancé Grainette en 2022 pour rendre le zéro déchet aussi simple qu'une commande en ligne. On livre 1 800 foyers lyonnais.",
  },
  {
    slug: 'karim-benali',
    firstName: 'Karim',
    lastName: 'Benali',
    job: 'CEO',
    company: 'Flotteo',
    city: 'Lille',
    country: 'France',
    description: 'Le logiciel de gestion de flotte des PME du transport.',
    bio: 'Ingénieur de formation, passé par dix ans de logistique. Flotteo aide 140 transporteurs à suivre entretien, carburant et conformité de leurs véhicules.',
  },
  {
    slug: 'elodie-ndiaye',
    firstName: 'Élodie',
    lastName: 'Ndiaye',
    job: 'Fondatrice & directrice artistique',
    company: 'Wax & Co',
    city: 'Dakar',
    country: 'Sénégal',
    description: 'Mode éthique en wax, fabriquée à Dakar.',
    bio: "Entre Dakar et Paris, je crée des vêtements et accessoires en wax confectionnés par un atelier de douze couturières. Passionnée de circuits courts et d'artisanat textile.",
  },
  {
    slug: 'thomas-lefebvre',
    firstName: 'Thomas',
    lastName: 'Lefebvre',
    job: 'Directeur commercial',
    company: 'Batiscope',
    city: 'Nantes',
    country: 'France',
    description: 'Le suivi de chantier dans la poche des artisans.',
    bio: 'Quinze ans de vente terrain dans le BTP avant de rejoindre Batiscope. Je crois encore au téléphone, aux salons et aux cafés sur les chantiers.',
  },
  {
    slug: 'sophie-marchand',
    firstName: 'Sophie',
    lastName: 'Marchand',
    job: 'Expert-comptable associée',
    company: 'Marchand & Associés',
    city: 'Tours',
    country: 'France',
    description: 'Expertise comptable pour créateurs et TPE.',
    bio: "J'accompagne une centaine de TPE, surtout pendant leurs trois premières années. Mon combat : que chaque dirigeant sache lire son bilan sans moi.",
  },
  {
    slug: 'julien-moreau',
    firstName: 'Julien',
    lastName: 'Moreau',
    job: 'Co-fondateur & CTO',
    company: 'Dataviti',
    city: 'Bordeaux',
    country: 'France',
    description: 'Prévoir les maladies de la vigne avec des capteurs et de la donnée.',
    bio: 'Docteur en agronomie devenu développeur. Dataviti équipe 60 domaines bordelais de capteurs météo et de modèles de prévision du mildiou.',
  },
  {
    slug: 'amina-el-idrissi',
    firstName: 'Amina',
    lastName: 'El Idrissi',
    job: 'Fondatrice',
    company: 'Atlas Export Conseil',
    city: 'Casablanca',
    country: 'Maroc',
    description: "Accompagnement import-export entre le Maroc et l'Europe.",
    bio: "Douze ans en commerce international. J'aide les PME marocaines et françaises à sécuriser leurs premières opérations d'import-export : douane, logistique, contrats.",
  },
  {
    slug: 'lucas-girard',
    firstName: 'Lucas',
    lastName: 'Girard',
    job: 'Fondateur',
    company: 'Pédalo Logistique',
    city: 'Rennes',
    country: 'France',
    description: 'Livraison du dernier kilomètre en vélo cargo.',
    bio: "Ex-coursier devenu patron d'une équipe de 18 livreurs salariés. On livre commerçants et particuliers dans le centre de Rennes, sans camionnette.",
  },
  {
    slug: 'chloe-lambert',
    firstName: 'Chloé',
    lastName: 'Lambert',
    job: 'Avocate fondatrice',
    company: 'Lambert Avocats',
    city: 'Paris',
    country: 'France',
    description: 'Droit des sociétés pour startups et PME innovantes.',
    bio: "Avocate au barreau de Paris, j'accompagne les fondateurs de la création à la levée de fonds. J'aime traduire le jargon juridique en décisions concrètes.",
  },
  {
    slug: 'antoine-roux',
    firstName: 'Antoine',
    lastName: 'Roux',
    job: 'Gérant',
    company: 'Menuiserie Roux',
    city: 'Strasbourg',
    country: 'France',
    description: 'Menuiserie sur mesure, bois local.',
    bio: "Menuisier de troisième génération. J'ai repris l'atelier familial en 2019 et je le fais évoluer vers l'agencement sur mesure en bois des Vosges.",
  },
  {
    slug: 'ines-haddad',
    firstName: 'Inès',
    lastName: 'Haddad',
    job: 'Fondatrice & présidente',
    company: 'Kinésens',
    city: 'Marseille',
    country: 'France',
    description: 'La rééducation guidée à la maison, entre deux séances de kiné.',
    bio: "Kinésithérapeute pendant huit ans, j'ai créé Kinésens pour que les patients fassent enfin leurs exercices à la maison. Application utilisée par 300 cabinets.",
  },
  {
    slug: 'mathieu-dubois',
    firstName: 'Mathieu',
    lastName: 'Dubois',
    job: 'Consultant indépendant en stratégie',
    company: 'Dubois Stratégie',
    city: 'Toulouse',
    country: 'France',
    description: 'Stratégie et business model pour dirigeants de PME.',
    bio: "Dix ans en cabinet de conseil, cinq ans à mon compte. J'aide les dirigeants à clarifier leur modèle économique et à choisir leurs batailles.",
  },
  {
    slug: 'gabriel-tremblay',
    firstName: 'Gabriel',
    lastName: 'Tremblay',
    job: 'Président',
    company: 'Boréal Studio',
    city: 'Montréal',
    country: 'Canada',
    description: 'Jeux éducatifs pour apprendre autrement.',
    bio: 'Ancien enseignant au secondaire, je dirige un studio de huit personnes qui conçoit des jeux sérieux pour les écoles du Québec et, bientôt, de la francophonie.',
  },
  {
    slug: 'charlotte-peeters',
    firstName: 'Charlotte',
    lastName: 'Peeters',
    job: 'Éditrice & fondatrice',
    company: 'Plume & Pixel',
    city: 'Bruxelles',
    country: 'Belgique',
    description: "Maison d'édition indépendante et studio de contenus.",
    bio: "Je publie des livres illustrés et j'écris pour les marques. Plume & Pixel a sorti onze titres en trois ans, tous en autoédition accompagnée.",
  },
  {
    slug: 'leo-favre',
    firstName: 'Léo',
    lastName: 'Favre',
    job: 'CEO & co-fondateur',
    company: 'Alpen Assur',
    city: 'Genève',
    country: 'Suisse',
    description: "L'assurance professionnelle en ligne pour indépendants.",
    bio: 'Actuaire de formation, passé par deux grands assureurs suisses. Alpen Assur propose des contrats de responsabilité civile professionnelle souscrits en dix minutes.',
  },
  {
    slug: 'nadia-kone',
    firstName: 'Nadia',
    lastName: 'Koné',
    job: 'Directrice générale',
    company: 'Helio Partage',
    city: 'Montpellier',
    country: 'France',
    description: "Autoconsommation collective d'énergie solaire pour les quartiers.",
    bio: "Ingénieure énergie, j'ai fondé Helio Partage pour que voisins, commerces et écoles partagent l'électricité produite sur leurs toits.",
  },
  {
    slug: 'hugo-petit',
    firstName: 'Hugo',
    lastName: 'Petit',
    job: 'Fondateur',
    company: 'Stade Connect',
    city: 'Lyon',
    country: 'France',
    description: "L'application de gestion des clubs sportifs amateurs.",
    bio: 'Éducateur de football pendant dix ans, développeur en reconversion. Stade Connect simplifie les convocations, les licences et la buvette de 450 clubs.',
  },
  {
    slug: 'manon-garnier',
    firstName: 'Manon',
    lastName: 'Garnier',
    job: 'Co-fondatrice, directrice marketing',
    company: 'Ondine Cosmétiques',
    city: 'Nice',
    country: 'France',
    description: 'Cosmétiques solides fabriqués en Provence.',
    bio: "J'ai quitté une agence de publicité pour cofonder Ondine avec ma sœur. On vend 80 % en ligne, le reste chez 120 revendeurs.",
  },
  {
    slug: 'yanis-bouzid',
    firstName: 'Yanis',
    lastName: 'Bouzid',
    job: 'Fondateur',
    company: 'RécupTech',
    city: 'Marseille',
    country: 'France',
    description: "Ordinateurs reconditionnés par une entreprise d'insertion.",
    bio: "Technicien informatique de formation. RécupTech reconditionne le matériel des entreprises et forme des personnes éloignées de l'emploi aux métiers du numérique.",
  },
  {
    slug: 'claire-vasseur',
    firstName: 'Claire',
    lastName: 'Vasseur',
    job: 'Fondatrice, consultante RH',
    company: 'Talents & Territoires',
    city: 'Lille',
    country: 'France',
    description: 'Recrutement et RH à temps partagé pour les TPE.',
    bio: "Quinze ans de ressources humaines en PME. J'aide les petites entreprises à recruter, intégrer et garder leurs équipes, sans DRH à plein temps.",
  },
  {
    slug: 'pierre-delmas',
    firstName: 'Pierre',
    lastName: 'Delmas',
    job: 'Président',
    company: 'Delmas Industrie',
    city: 'Clermont-Ferrand',
    country: 'France',
    description: "Usinage de précision pour l'aéronautique et le médical.",
    bio: "Ingénieur passé par un grand groupe, j'ai repris en 2021 une PME d'usinage de 32 salariés. Je partage volontiers ce que j'apprends sur la reprise d'entreprise.",
  },
  {
    slug: 'sarah-cohen',
    firstName: 'Sarah',
    lastName: 'Cohen',
    job: 'Journaliste & fondatrice',
    company: 'Le Bulletin des Indés',
    city: 'Paris',
    country: 'France',
    description: 'La newsletter des indépendants et des petites entreprises.',
    bio: "Journaliste économique pendant douze ans. Depuis 2023, j'écris chaque semaine pour 9 000 lecteurs sur la vie des entrepreneurs indépendants.",
  },
  {
    slug: 'baptiste-morel',
    firstName: 'Baptiste',
    lastName: 'Morel',
    job: 'Fondateur',
    company: 'Cimes & Gîtes',
    city: 'Grenoble',
    country: 'France',
    description: 'Gîtes et séjours nature dans le Vercors et la Chartreuse.',
    bio: "Guide de moyenne montagne et gestionnaire de neuf gîtes. Je travaille à faire vivre nos vallées toute l'année, pas seulement l'hiver.",
  },
  {
    slug: 'fatou-diallo',
    firstName: 'Fatou',
    lastName: 'Diallo',
    job: 'Fondatrice',
    company: 'Saveurs de Teranga',
    city: 'Paris',
    country: 'France',
    description: "Traiteur et épicerie fine d'Afrique de l'Ouest.",
    bio: "Cheffe autodidacte, j'ai commencé par des repas pour les comités d'entreprise. Aujourd'hui : un traiteur, une gamme de bocaux et six salariés.",
  },
  {
    slug: 'guillaume-martin',
    firstName: 'Guillaume',
    lastName: 'Martin',
    job: 'Directeur commercial',
    company: 'Immo Rénov Ouest',
    city: 'Nantes',
    country: 'France',
    description: 'Rénovation énergétique clés en main pour les particuliers.',
    bio: "Je dirige l'équipe commerciale d'une entreprise de rénovation de 45 personnes. Obsédé par les délais de devis et la satisfaction client.",
  },
  {
    slug: 'laura-rossi',
    firstName: 'Laura',
    lastName: 'Rossi',
    job: 'Directrice',
    company: 'Les Ateliers Solidaires',
    city: 'Strasbourg',
    country: 'France',
    description: 'Ateliers de réparation et de couture solidaires.',
    bio: 'Je dirige une association de 6 salariés et 80 bénévoles qui répare, coud et transmet. On réfléchit à devenir une SCIC pour mieux vendre nos services aux entreprises.',
  },
  {
    slug: 'vincent-brun',
    firstName: 'Vincent',
    lastName: 'Brun',
    job: 'Fondateur',
    company: 'Simplidémarches',
    city: 'Montpellier',
    country: 'France',
    description: 'Les démarches administratives des artisans, prises en charge.',
    bio: "Ancien agent de chambre consulaire, je sais où se cachent les formulaires. Simplidémarches s'occupe de la paperasse de 200 artisans et commerçants.",
  },
  {
    slug: 'emma-faure',
    firstName: 'Emma',
    lastName: 'Faure',
    job: 'Co-fondatrice & directrice scientifique',
    company: 'BioNacre',
    city: 'Toulouse',
    country: 'France',
    description: "Biomatériaux inspirés de la nacre pour l'emballage.",
    bio: "Docteure en science des matériaux. Avec BioNacre, on transforme des coquilles d'huîtres en matériau d'emballage rigide et compostable.",
  },
] as const satisfies readonly DemoProfile[]

export type DemoAuthor = (typeof DEMO_PROFILES)[number]['slug']

export const DEMO_POSTS: readonly DemoPost[] = [
  // --- Camille Durand, Grainette
  {
    author: 'camille-durand',
    type: 'post',
    categories: ['feedback', 'marque'],
    sector: 'ecommerce',
    title: "Vos avis sur notre nouvelle page d'accueil ?",
    content: paragraphs(
      "On vient de refaire la page d'accueil de Grainette (épicerie vrac livrée en bocaux consignés sur Lyon). Objectif : qu'on comprenne en cinq secondes qu'on livre du vrac sans emballage jetable.",
      "J'hésite entre mettre en avant le prix au kilo (on est souvent moins chers que le bio en supermarché) ou le système de consigne, qui est notre vraie différence.",
      "Vous, en arrivant sur un site comme le nôtre, qu'est-ce qui vous donnerait envie de commander ? Tous les retours sont bons à prendre, même les plus directs.",
    ),
  },
  {
    author: 'camille-durand',
    type: 'discussion',
    categories: ['logistique', 'rse'],
    sector: 'commerce',
    title: 'Consigne des bocaux : qui a trouvé un modèle rentable ?',
    content: paragraphs(
      "Chez nous, 78 % des bocaux reviennent. C'est bien, mais le lavage nous coûte presque 0,40 € par bocal entre la main-d'œuvre, l'eau et l'énergie.",
      "On envisage de mutualiser avec une laverie industrielle qui travaille déjà pour des brasseurs. Quelqu'un a fait ce choix ? Vous facturez la consigne au client ou vous l'intégrez au prix ?",
    ),
  },
  {
    author: 'camille-durand',
    type: 'article',
    categories: ['business-model', 'rse'],
    sector: 'alimentaire',
    title: "Deux ans de vrac en ligne : ce que j'aurais aimé savoir avant de me lancer",
    content: paragraphs(
      "Il y a deux ans, je quittais mon poste d'acheteuse pour lancer Grainette, une épicerie vrac en ligne livrée en bocaux consignés. Sur le papier, tout était simple : des produits secs, une clientèle engagée, une ville dense. Dans les faits, presque chaque hypothèse de mon business plan s'est révélée fausse, au moins en partie.",
      "Première surprise : la marge. Le vrac a une image de commerce à bas coûts, mais la préparation à la main, le pesage et la consigne mangent une part énorme de la marge brute. La première année, nous perdions de l'argent sur les commandes de moins de 35 €. Nous avons fini par instaurer un minimum de commande, en redoutant la réaction des clients. Résultat : le panier moyen a augmenté de 40 % et presque personne n'est parti.",
      "Deuxième surprise : la fidélité. Je pensais que nos clients viendraient pour l'écologie. Ils viennent d'abord pour le gain de temps. Le zéro déchet est la raison de la première commande, la livraison du mardi soir est la raison de la dixième. Nous avons donc réécrit tous nos messages autour de la simplicité, et gardé l'engagement écologique comme preuve plutôt que comme promesse.",
      "Troisième leçon : la logistique est notre produit. Les bocaux, les tournées, le lavage, la gestion des retours, c'est là que se joue notre différence et notre rentabilité. J'ai longtemps délégué ces sujets pour me concentrer sur le marketing. Erreur. Depuis que j'y passe deux jours par semaine, nous avons réduit le coût par commande de 22 %.",
      "Enfin, sur le financement : nous avons démarré avec un prêt d'honneur et un prêt bancaire, sans levée de fonds. Cela nous a obligés à être rentables tôt, ce qui est une contrainte saine. Mais je sous-estimais le besoin en fonds de roulement lié au stock. Si c'était à refaire, je négocierais des délais de paiement fournisseurs dès le premier jour.",
      'Si vous vous lancez dans le commerce alimentaire en ligne, mon conseil tient en une phrase : calculez votre coût complet par commande avant même de créer votre site. Tout le reste en découle.',
    ),
  },
  {
    author: 'camille-durand',
    type: 'post',
    categories: ['mindset', 'autres'],
    sector: 'commerce',
    title: "Ce que je réponds quand on me demande s'il faut se lancer",
    content: paragraphs(
      "On me pose souvent la question en ce moment : « Tu crois que je devrais me lancer ? » Ma réponse n'est jamais oui ou non.",
      'Je demande plutôt : combien de mois pouvez-vous tenir sans salaire ? Qui a déjà payé pour votre produit, même une version bricolée ? Et qui, dans votre entourage, vous dira la vérité quand ça ira mal ?',
      "Si vous avez trois réponses claires, allez-y. Sinon, commencez par trouver ces réponses, c'est déjà entreprendre.",
    ),
  },

  // --- Karim Benali, Flotteo
  {
    author: 'karim-benali',
    type: 'post',
    categories: ['commercial', 'feedback'],
    sector: 'informatique',
    title: 'Cycle de vente de six mois pour un SaaS à 300 € par mois, normal ?',
    content: paragraphs(
      "Nos clients sont des transporteurs de 10 à 80 véhicules. Entre la première démo et la signature, il se passe en moyenne six mois. Le dirigeant est convaincu vite, mais le responsable d'exploitation freine, et la décision traîne.",
      "Est-ce que d'autres éditeurs B2B qui vendent à des PME traditionnelles ont réussi à raccourcir ce cycle ? Essai gratuit, accompagnement sur site, prix d'appel ? Je suis preneur de vos retours concrets.",
    ),
  },
  {
    author: 'karim-benali',
    type: 'ressource',
    categories: ['financement'],
    sector: 'informatique',
    title: "Les aides à l'innovation de Bpifrance, un bon point de départ",
    content: paragraphs(
      "Pour ceux qui démarrent un projet tech : le site de Bpifrance recense les aides à l'innovation, les prêts d'amorçage et les bourses pour les tout premiers mois.",
      "Notre conseil après deux dossiers : préparez un budget détaillé par poste et un planning réaliste, c'est ce que les chargés d'affaires regardent en premier. Et prenez rendez-vous avec la délégation régionale avant de déposer quoi que ce soit.",
    ),
    externalUrl: 'https://www.bpifrance.fr',
  },
  {
    author: 'karim-benali',
    type: 'discussion',
    categories: ['rh', 'developpement'],
    sector: 'informatique',
    title: "Recruter son premier développeur quand on n'est pas technique",
    content: paragraphs(
      "Mon associé technique est parti l'an dernier et je dois recruter un ou une développeuse senior. Je ne sais pas évaluer le code, et les cabinets de recrutement me proposent des profils à des salaires que je ne peux pas suivre.",
      'Comment avez-vous fait ? Un CTO à temps partagé pour faire passer les entretiens ? Un exercice pratique rémunéré ? Des BSPCE pour compenser le salaire ?',
    ),
  },
  {
    author: 'karim-benali',
    type: 'evenement',
    categories: ['digital', 'networking'],
    sector: 'informatique',
    title: 'Meetup SaaS B2B à Lille : prix, rétention et churn',
    content: paragraphs(
      "Troisième édition de notre meetup entre éditeurs de logiciels B2B de la région. Au programme : deux retours d'expérience de quinze minutes sur la hausse de prix et la réduction du churn, puis discussion libre.",
      'Places limitées à 40 personnes pour garder des échanges de qualité. La participation couvre le buffet.',
    ),
    event: { inDays: 12, time: '18:30', location: 'Le Hub Vauban, Lille', price: 10 },
  },

  // --- Élodie Ndiaye, Wax & Co
  {
    author: 'elodie-ndiaye',
    type: 'post',
    categories: ['idees-business', 'etude-marche'],
    sector: 'textile',
    title: 'Des sacs en wax upcyclé pour le marché européen : bonne idée ?',
    content: paragraphs(
      'Notre atelier produit chaque mois près de 40 kg de chutes de tissu. Je voudrais en faire une ligne de sacs et de pochettes vendus en Europe, entre 35 et 60 €.',
      "Avant de lancer une production, j'aimerais savoir : est-ce que l'argument « upcyclé » parle encore aux clients, ou est-ce devenu trop courant ? Et quels canaux privilégier : boutiques de créateurs, marketplaces, ou notre propre site ?",
    ),
  },
  {
    author: 'elodie-ndiaye',
    type: 'article',
    categories: ['marque', 'rse'],
    sector: 'textile',
    title: 'Construire une marque de mode éthique entre Dakar et Paris',
    content: paragraphs(
      "Quand j'ai lancé Wax & Co, on m'a conseillé de cacher que nos vêtements étaient fabriqués à Dakar, « pour ne pas effrayer les clients européens ». J'ai fait l'inverse, et c'est devenu notre meilleure décision.",
      "Notre marque repose sur trois engagements visibles. D'abord, chaque pièce porte le prénom de la couturière qui l'a confectionnée. Ensuite, nous publions chaque année la décomposition du prix d'un vêtement : tissu, salaire, transport, marge. Enfin, nous ne faisons jamais de soldes, mais nous proposons la réparation à vie.",
      'Cette transparence a un coût. Elle nous oblige à payer correctement, à documenter nos choix et à répondre à des questions parfois rudes. Mais elle nous a ouvert les portes de concept stores à Paris, Bruxelles et Lyon, qui cherchaient précisément des marques capables de prouver leurs engagements.',
      "Le plus difficile reste la logistique entre deux continents. Nous expédions par fret aérien groupé deux fois par mois, ce qui pèse sur notre bilan carbone et nos marges. Nous étudions le fret maritime pour les collections permanentes, en gardant l'aérien pour les petites séries.",
      "Ma conviction aujourd'hui : une marque éthique ne se construit pas avec un logo vert et trois mots-clés. Elle se construit avec des preuves, publiées régulièrement, y compris quand elles ne sont pas flatteuses.",
    ),
  },
  {
    author: 'elodie-ndiaye',
    type: 'evenement',
    categories: ['networking', 'marque'],
    sector: 'textile',
    title: 'Défilé et rencontre des créateurs de mode éthique à Dakar',
    content: paragraphs(
      "Nous organisons un petit défilé de nos nouvelles pièces, suivi d'une rencontre avec six créateurs et créatrices de mode éthique de la sous-région.",
      "L'objectif : échanger sur l'approvisionnement en tissus, l'export et la vente en ligne. Entrée libre sur inscription, boissons offertes.",
    ),
    event: {
      inDays: 24,
      time: '17:00',
      timeZone: 'Africa/Dakar',
      location: 'Espace Teranga Création, Dakar',
      price: 0,
    },
  },
  {
    author: 'elodie-ndiaye',
    type: 'discussion',
    categories: ['service-client', 'logistique'],
    sector: 'ecommerce',
    title: 'Livrer en Europe depuis le Sénégal : comment gérer les délais ?',
    content: paragraphs(
      'Nos clients européens attendent en moyenne neuf jours leur commande. Les avis sont bons sur la qualité mais les délais reviennent dans un commentaire sur cinq.',
      'Vous avez un stock tampon en France ? Un partenaire logistique ? Ou vous misez sur la communication (suivi, messages personnalisés) pour faire patienter ?',
    ),
  },

  // --- Thomas Lefebvre, Batiscope
  {
    author: 'thomas-lefebvre',
    type: 'post',
    categories: ['commercial'],
    sector: 'immobilier',
    title: 'Prospecter les artisans du bâtiment : le téléphone bat toujours LinkedIn',
    content: paragraphs(
      'Petit bilan de notre trimestre : sur 120 rendez-vous obtenus, 85 viennent du téléphone, 20 des salons professionnels et seulement 15 de LinkedIn.',
      "Nos clients sont sur les chantiers de 7 h à 17 h. Le bon créneau, c'est entre 12 h 15 et 13 h 30, ou le vendredi après-midi. Et un appel qui commence par une question sur leurs chantiers en cours marche bien mieux qu'une présentation du logiciel.",
      "Qui d'autre vend à des artisans ? Vous avez les mêmes constats ?",
    ),
  },
  {
    author: 'thomas-lefebvre',
    type: 'discussion',
    categories: ['service-client', 'productivite'],
    sector: 'immobilier',
    title: 'Support client : chat, téléphone ou les deux ?',
    content: paragraphs(
      "On a 900 utilisateurs, surtout des chefs d'équipe sur le terrain. Aujourd'hui, tout le support passe par le téléphone et ça mobilise deux personnes à plein temps.",
      "On hésite à ajouter un chat dans l'application. Ceux qui l'ont fait : est-ce que ça a vraiment réduit les appels, ou juste ajouté un canal de plus à surveiller ?",
    ),
  },
  {
    author: 'thomas-lefebvre',
    type: 'evenement',
    categories: ['networking', 'commercial'],
    sector: 'immobilier',
    title: 'Afterwork des entrepreneurs du bâtiment à Nantes',
    content: paragraphs(
      "Artisans, maîtres d'œuvre, fournisseurs et éditeurs de logiciels du BTP : on se retrouve pour un afterwork sans présentation commerciale.",
      "Au programme : un tour de table rapide, puis des échanges libres autour d'un verre. Idéal pour trouver des partenaires ou des sous-traitants fiables.",
    ),
    event: { inDays: 9, time: '18:30', location: 'La Cantine du Quai, Nantes', price: 15 },
  },

  // --- Sophie Marchand, expert-comptable
  {
    author: 'sophie-marchand',
    type: 'ressource',
    categories: ['comptabilite', 'juridique'],
    sector: 'consulting',
    title: 'Micro-entreprise : les plafonds et obligations sur le site officiel',
    content: paragraphs(
      "Chaque début d'année, je reçois les mêmes questions sur les plafonds de chiffre d'affaires de la micro-entreprise et la franchise de TVA.",
      "Les montants évoluent régulièrement : la seule source fiable reste la fiche officielle, tenue à jour par l'administration. Mettez-la dans vos favoris et vérifiez-la chaque mois de janvier.",
    ),
    externalUrl: 'https://entreprendre.service-public.fr',
  },
  {
    author: 'sophie-marchand',
    type: 'post',
    categories: ['comptabilite', 'financement'],
    sector: 'consulting',
    title: 'Les cinq erreurs de trésorerie que je vois chez presque tous mes clients',
    content: paragraphs(
      "1. Confondre chiffre d'affaires et trésorerie : une facture émise n'est pas un virement reçu.",
      "2. Oublier la TVA collectée, qui n'appartient pas à l'entreprise.",
      '3. Ne pas provisionner les charges sociales de la deuxième année.',
      '4. Se verser un salaire dès que le compte est positif, sans regarder les trois mois suivants.',
      '5. Ne pas avoir de prévisionnel mis à jour chaque mois.',
      'Un simple tableur avec les encaissements et décaissements prévus sur 90 jours évite 80 % des mauvaises surprises.',
    ),
  },
  {
    author: 'sophie-marchand',
    type: 'article',
    categories: ['comptabilite', 'financement'],
    sector: 'banque',
    title: "Lire son bilan en vingt minutes quand on n'est pas comptable",
    content: paragraphs(
      "Chaque année, je remets à mes clients une liasse de plusieurs dizaines de pages. Et chaque année, la plupart ne regardent que deux chiffres : le chiffre d'affaires et le résultat. C'est dommage, car le bilan raconte bien plus que cela. Voici la méthode que je propose à ceux qui veulent le comprendre sans devenir experts.",
      "Commencez par le compte de résultat, pas par le bilan. Regardez la marge brute (ventes moins achats consommés) et comparez-la à l'année précédente. Si votre chiffre d'affaires progresse mais que votre marge brute stagne, vous vendez plus mais gagnez moins par vente : c'est souvent le signe d'une remise commerciale mal maîtrisée ou d'une hausse des coûts fournisseurs non répercutée.",
      "Passez ensuite à l'excédent brut d'exploitation, l'EBE. C'est ce que votre activité génère avant les amortissements, les intérêts et l'impôt. Un EBE positif signifie que votre modèle fonctionne ; un EBE négatif signifie que chaque mois d'activité vous coûte de l'argent, quelle que soit la qualité de vos produits.",
      "Ouvrez maintenant le bilan. À l'actif, repérez les créances clients : si elles représentent plus de deux mois de chiffre d'affaires, vos clients se financent sur votre dos. Au passif, regardez les dettes fournisseurs et fiscales. Enfin, comparez vos capitaux propres à vos dettes financières : c'est ce que regardera votre banquier.",
      "Dernier réflexe : la trésorerie nette, en bas de l'actif. Divisez-la par vos charges mensuelles. Le résultat vous dit combien de mois vous pourriez tenir sans aucune vente. En dessous de trois, il est temps d'en parler avec votre expert-comptable.",
      "Vingt minutes par an, c'est peu pour comprendre la santé de son entreprise. Et c'est la meilleure préparation possible avant un rendez-vous bancaire.",
    ),
  },
  {
    author: 'sophie-marchand',
    type: 'evenement',
    categories: ['comptabilite', 'juridique'],
    sector: 'administration',
    title: 'Atelier : préparer sa première clôture comptable sereinement',
    content: paragraphs(
      "Atelier pratique de deux heures pour les dirigeants en première ou deuxième année : inventaire, factures à recevoir, charges constatées d'avance, rendez-vous avec votre expert-comptable.",
      'Apportez vos questions, on repart avec une liste de tâches claire. Gratuit, sur inscription.',
    ),
    event: { inDays: 18, time: '09:30', location: 'Pépinière Loire Initiative, Tours', price: 0 },
  },

  // --- Julien Moreau, Dataviti
  {
    author: 'julien-moreau',
    type: 'post',
    categories: ['rd', 'financement'],
    sector: 'agriculture',
    title: "Crédit d'impôt recherche : seul ou avec un cabinet ?",
    content: paragraphs(
      "On prépare notre premier dossier de crédit d'impôt recherche. Les cabinets spécialisés nous proposent de s'en charger contre 20 à 30 % du montant obtenu.",
      "Ça me paraît cher, mais je sais aussi qu'un dossier mal documenté peut coûter très cher en cas de contrôle. Vous l'avez monté vous-mêmes ? Combien de temps ça vous a pris ?",
    ),
  },
  {
    author: 'julien-moreau',
    type: 'discussion',
    categories: ['etude-marche', 'commercial'],
    sector: 'agriculture',
    title: 'Vendre de la technologie aux agriculteurs : vos retours ?',
    content: paragraphs(
      "Ce qu'on a appris en trois saisons : les viticulteurs n'achètent pas une technologie, ils achètent une récolte sauvée. Et ils achètent à la personne qu'ils connaissent, souvent leur technicien de coopérative.",
      "On réfléchit à passer par les coopératives et les négociants plutôt qu'en vente directe. Quelqu'un a l'expérience de ce type de distribution indirecte dans le monde agricole ?",
    ),
  },
  {
    author: 'julien-moreau',
    type: 'ressource',
    categories: ['rd', 'financement'],
    sector: 'sciences',
    title: 'Jeune entreprise innovante : la présentation officielle du statut',
    content: paragraphs(
      "Le statut de jeune entreprise innovante permet, sous conditions de dépenses de recherche, d'alléger certaines charges sociales et fiscales.",
      "Le portail du ministère de l'Économie résume les critères et les démarches. Vérifiez bien le seuil de dépenses de R&D et l'âge de l'entreprise avant de compter dessus dans votre prévisionnel.",
    ),
    externalUrl: 'https://www.economie.gouv.fr',
  },

  // --- Amina El Idrissi, Atlas Export Conseil
  {
    author: 'amina-el-idrissi',
    type: 'post',
    categories: ['logistique', 'juridique'],
    sector: 'import-export',
    title: "Incoterms : lequel choisir pour une première commande vers l'Europe ?",
    content: paragraphs(
      "Question que je reçois chaque semaine. Pour une première exportation, je recommande souvent de vendre « départ usine » ou « franco transporteur » : l'acheteur organise le transport et vous limitez vos risques.",
      "Mais attention, cela réduit aussi votre maîtrise du délai et de l'expérience client. Pour une relation durable, mieux vaut monter en compétence et proposer progressivement un prix rendu.",
      'Et vous, quel Incoterm utilisez-vous le plus, et pourquoi ?',
    ),
  },
  {
    author: 'amina-el-idrissi',
    type: 'discussion',
    categories: ['networking', 'developpement'],
    sector: 'import-export',
    title: 'Entreprendre entre le Maroc et la France : comment vous organisez-vous ?',
    content: paragraphs(
      "Beaucoup d'entrepreneurs que j'accompagne ont une activité des deux côtés de la Méditerranée : production à Casablanca, clients en France, ou l'inverse.",
      'Quelle structure avez-vous choisie ? Deux sociétés, une succursale, un agent commercial ? Et comment gérez-vous les allers-retours et le décalage des jours fériés ?',
    ),
  },
  {
    author: 'amina-el-idrissi',
    type: 'evenement',
    categories: ['networking', 'developpement'],
    sector: 'import-export',
    title: "Rencontres d'affaires France-Maroc à Casablanca",
    content: paragraphs(
      "Une journée de rendez-vous d'affaires préprogrammés entre PME françaises et marocaines : agroalimentaire, textile, industrie et services.",
      'Chaque participant reçoit un planning de huit rendez-vous ciblés. Le déjeuner et les pauses sont inclus.',
    ),
    event: {
      inDays: 38,
      time: '09:00',
      timeZone: 'Africa/Casablanca',
      location: 'Anfa Business Center, Casablanca',
      price: 35,
    },
  },
  {
    author: 'amina-el-idrissi',
    type: 'ressource',
    categories: ['logistique', 'juridique'],
    sector: 'import-export',
    title: 'Formalités douanières : le site de la douane française',
    content: paragraphs(
      "Le site de la douane française explique clairement les formalités à l'import et à l'export, le numéro EORI, l'origine des marchandises et les régimes particuliers.",
      "Pour une première opération, commencez par la rubrique consacrée aux entreprises, puis contactez la cellule conseil de votre région : c'est gratuit et souvent très utile.",
    ),
    externalUrl: 'https://www.douane.gouv.fr',
  },

  // --- Lucas Girard, Pédalo Logistique
  {
    author: 'lucas-girard',
    type: 'post',
    categories: ['logistique', 'rse'],
    sector: 'transport',
    title: 'Livraison à vélo cargo : on passe le cap des 1 000 colis par jour',
    content: paragraphs(
      "Il y a trois ans, je livrais seul avec un vélo emprunté. Ce matin, l'équipe a dépassé les 1 000 colis livrés dans la journée, sans un seul véhicule thermique.",
      'Ce qui a tout changé : un petit entrepôt en plein centre-ville, loué à un parking public. Nos tournées font 6 km en moyenne au lieu de 20.',
      'Merci aux commerçants rennais qui nous ont fait confiance dès le début.',
    ),
  },
  {
    author: 'lucas-girard',
    type: 'discussion',
    categories: ['financement', 'business-model'],
    sector: 'transport',
    title: 'Subventions ou clients : qui doit financer une entreprise à impact ?',
    content: paragraphs(
      "On nous propose régulièrement des subventions pour des projets pilotes. C'est tentant, mais chaque dossier demande des semaines de travail et nous éloigne parfois de nos clients.",
      "Ma position actuelle : pas plus de 15 % du budget en subventions. Le reste doit venir du chiffre d'affaires. Vous êtes d'accord ? Où placez-vous la limite ?",
    ),
  },
  {
    author: 'lucas-girard',
    type: 'post',
    categories: ['rh', 'mindset'],
    sector: 'transport',
    title: "J'ai dû me séparer de mon premier salarié : quelques leçons",
    content: paragraphs(
      "C'était il y a six mois et j'y pense encore. Un très bon livreur, mais une relation devenue impossible avec le reste de l'équipe.",
      "Ce que j'en retiens : j'ai attendu trop longtemps, en espérant que ça s'arrange. Je n'avais pas formalisé les attentes. Et je n'avais pas pris conseil avant d'agir.",
      "Depuis, on fait un point individuel chaque mois, et j'ai une avocate en droit social que j'appelle avant toute décision.",
    ),
  },

  // --- Chloé Lambert, Lambert Avocats
  {
    author: 'chloe-lambert',
    type: 'ressource',
    categories: ['juridique'],
    sector: 'droit',
    title: 'Statuts de SAS : les textes officiels à connaître',
    content: paragraphs(
      "La SAS laisse une grande liberté aux associés, c'est sa force et son piège. Beaucoup de statuts « types » ne prévoient rien sur l'arrivée d'un nouvel associé ou le départ d'un fondateur.",
      "Avant de signer, relisez au moins les articles du Code de commerce consacrés à la SAS sur Légifrance, puis demandez-vous ce qui se passe si l'un d'entre vous part dans deux ans.",
    ),
    externalUrl: 'https://www.legifrance.gouv.fr',
  },
  {
    author: 'chloe-lambert',
    type: 'article',
    categories: ['juridique', 'financement'],
    sector: 'droit',
    title: "Pacte d'associés : les sept clauses à discuter avant de signer",
    content: paragraphs(
      "Le pacte d'associés est le document que tout le monde signe en se disant qu'on ne l'ouvrira jamais. Puis, un jour, un associé veut partir, un investisseur arrive ou un désaccord s'installe, et le pacte devient le seul texte qui compte. Voici les sept clauses que je fais systématiquement discuter à mes clients.",
      "1. La clause de bonne et mauvaise sortie (good leaver, bad leaver). Elle fixe le prix auquel un associé qui quitte l'entreprise doit céder ses actions, selon les circonstances de son départ. C'est la plus sensible : discutez-la quand tout va bien.",
      "2. Le vesting. Les actions des fondateurs sont acquises progressivement, souvent sur quatre ans. Cela protège ceux qui restent si l'un part au bout de six mois.",
      '3. La clause de préemption. Si un associé veut vendre, les autres sont prioritaires pour racheter. Simple, mais indispensable pour garder la maîtrise du capital.',
      '4. La sortie conjointe (tag along). Si un associé majoritaire vend, les minoritaires peuvent vendre aux mêmes conditions.',
      "5. L'obligation de sortie conjointe (drag along). À l'inverse, si une offre de rachat est acceptée par une large majorité, les minoritaires doivent suivre. Les investisseurs y tiennent beaucoup.",
      "6. La non-concurrence et l'exclusivité. Elles doivent être limitées dans le temps, l'espace et l'activité pour être valables. Une clause trop large est inutile.",
      "7. La gouvernance : qui décide de quoi, et à quelle majorité. Recrutements importants, budget, levée de fonds, cession d'actifs. Écrire ces règles évite bien des blocages.",
      "Un pacte bien négocié ne traduit pas de la méfiance entre associés. C'est au contraire ce qui permet de rester associés quand les désaccords arrivent, car ils arrivent toujours.",
    ),
  },
  {
    author: 'chloe-lambert',
    type: 'discussion',
    categories: ['juridique', 'marque'],
    sector: 'droit',
    title: "Dépôt de marque : vous l'avez fait seul ou accompagné ?",
    content: paragraphs(
      "Je vois régulièrement des entrepreneurs qui ont déposé leur marque seuls, dans une seule classe, sans recherche d'antériorité. Ça fonctionne parfois, jusqu'au courrier d'opposition.",
      'Curieuse de vos expériences : vous avez fait comment ? Et combien de classes avez-vous visées ?',
    ),
  },
  {
    author: 'chloe-lambert',
    type: 'ressource',
    categories: ['marque', 'juridique'],
    sector: 'droit',
    title: "Vérifier qu'un nom de marque est disponible avec l'INPI",
    content: paragraphs(
      "Avant de dépenser le moindre euro en logo ou en site, vérifiez que votre nom n'est pas déjà protégé. La base de données de l'INPI est gratuite et consultable en ligne.",
      "Pensez aussi aux noms proches phonétiquement et aux classes voisines de votre activité : c'est là que se cachent la plupart des conflits.",
    ),
    externalUrl: 'https://www.inpi.fr',
  },

  // --- Antoine Roux, Menuiserie Roux
  {
    author: 'antoine-roux',
    type: 'post',
    categories: ['digital', 'marketing'],
    sector: 'artisanat',
    title: 'Artisan sur Instagram : mon bilan après huit mois',
    content: paragraphs(
      "Je m'y suis mis à reculons, poussé par mon apprenti. Huit mois plus tard : 2 300 abonnés, et surtout 14 chantiers signés grâce à des gens qui nous ont découverts là.",
      "Ce qui marche : les vidéos d'avant-après et les gestes d'atelier filmés au téléphone. Ce qui ne marche pas : les photos trop propres qui ressemblent à un catalogue.",
      "Vingt minutes par jour, pas plus. Qui d'autre dans l'artisanat s'y est mis ?",
    ),
  },
  {
    author: 'antoine-roux',
    type: 'discussion',
    categories: ['rh'],
    sector: 'artisanat',
    title: "Trouver un apprenti menuisier, c'est devenu mission impossible ?",
    content: paragraphs(
      'Deux ans que je cherche un second apprenti. Les CFA me disent que la demande est forte côté entreprises, mais que les jeunes connaissent mal le métier.',
      "Vous passez par où ? Forums des métiers, stages de troisième, réseaux sociaux ? J'envisage d'ouvrir l'atelier un samedi par mois aux collégiens.",
    ),
  },
  {
    author: 'antoine-roux',
    type: 'ressource',
    categories: ['rh', 'financement'],
    sector: 'artisanat',
    title: "Le portail des métiers de l'artisanat et des aides à l'apprentissage",
    content: paragraphs(
      'Pour les artisans qui veulent embaucher un apprenti, le portail du réseau des chambres de métiers regroupe les informations utiles : contrats, aides, interlocuteurs locaux.',
      "Mon conseil : appelez directement le conseiller apprentissage de votre chambre de métiers, il m'a fait gagner des semaines.",
    ),
    externalUrl: 'https://www.artisanat.fr',
  },

  // --- Inès Haddad, Kinésens
  {
    author: 'ines-haddad',
    type: 'post',
    categories: ['feedback', 'business-model'],
    sector: 'sante',
    title: 'Appli de rééducation : passer par les kinés ou vendre aux patients ?',
    content: paragraphs(
      "Aujourd'hui, ce sont les cabinets de kinésithérapie qui paient l'abonnement et prescrivent l'application à leurs patients. Ça fonctionne, mais la croissance est lente.",
      "On nous pousse à proposer une offre directe aux patients. J'ai peur de brouiller notre relation avec les kinés, qui sont nos meilleurs prescripteurs. Votre avis ?",
    ),
  },
  {
    author: 'ines-haddad',
    type: 'discussion',
    categories: ['juridique', 'rd'],
    sector: 'sante',
    title: "Marquage CE d'un dispositif médical logiciel : vos retours ?",
    content: paragraphs(
      'On se demande si notre application relève du statut de dispositif médical. Si oui, le marquage CE va nous demander beaucoup de temps et de documentation.',
      'Des entrepreneurs de la santé numérique sont passés par là ? Combien de temps ça vous a pris, et avec quel accompagnement ?',
    ),
  },
  {
    author: 'ines-haddad',
    type: 'article',
    categories: ['developpement', 'mindset'],
    sector: 'sante',
    title: "De kiné à cheffe d'entreprise : trois ans de montagnes russes",
    content: paragraphs(
      "Je n'avais jamais imaginé créer une entreprise. J'étais kinésithérapeute dans un cabinet marseillais, et je voyais chaque semaine des patients revenir sans avoir fait leurs exercices. Pas par paresse : parce qu'ils ne se souvenaient plus des gestes. C'est de cette frustration qu'est née Kinésens.",
      "La première année a été celle de l'enthousiasme. Un prototype réalisé avec un ami développeur, vingt patients volontaires, des retours touchants. J'ai cru que le plus dur était fait. En réalité, je n'avais encore rien vendu.",
      "La deuxième année a été celle du doute. Il fallait choisir un modèle économique, convaincre des cabinets de payer, comprendre la réglementation des logiciels de santé. J'ai dû apprendre la vente, la finance et le recrutement en même temps, tout en continuant à exercer deux jours par semaine pour payer mon loyer. Il y a eu des soirs où j'ai failli tout arrêter.",
      "Ce qui m'a fait tenir : un incubateur spécialisé en santé, où j'ai rencontré d'autres soignants devenus entrepreneurs, et deux kinés qui ont cru au projet au point d'y consacrer leurs soirées. Seule, je n'y serais pas arrivée.",
      "La troisième année a été celle de la structuration. Nous sommes six, 300 cabinets utilisent l'application, et j'ai enfin arrêté d'exercer. Je découvre un nouveau métier : dirigeante. Déléguer, fixer un cap, dire non à des opportunités séduisantes.",
      "Si vous êtes soignant et qu'une idée vous trotte dans la tête, mon conseil est simple : parlez-en à des patients et à des confrères avant d'écrire une ligne de code. Et entourez-vous tôt. L'entrepreneuriat est un sport d'équipe, même quand on est seule à la barre.",
    ),
  },

  // --- Mathieu Dubois, consultant
  {
    author: 'mathieu-dubois',
    type: 'post',
    categories: ['business-model', 'commercial'],
    sector: 'consulting',
    title: 'Consultants indépendants : facturer au jour ou au forfait ?',
    content: paragraphs(
      "J'ai facturé au jour pendant trois ans. Depuis un an, je ne propose plus que des forfaits par mission, avec un livrable clair. Mon chiffre d'affaires a progressé de 30 % pour un nombre de jours travaillés légèrement inférieur.",
      'Le forfait oblige à mieux cadrer la mission, et le client achète un résultat plutôt que du temps. Le risque : sous-estimer la charge. Et vous, vous êtes plutôt jour ou forfait ?',
    ),
  },
  {
    author: 'mathieu-dubois',
    type: 'ressource',
    categories: ['etude-marche'],
    sector: 'consulting',
    title: "Dimensionner son marché avec les données publiques de l'Insee",
    content: paragraphs(
      "Avant de payer une étude de marché, allez voir ce que l'Insee publie gratuitement : nombre d'entreprises par secteur et par territoire, démographie, revenus, dépenses des ménages.",
      "Avec deux heures de recherche, vous pouvez déjà estimer votre marché adressable de façon crédible. C'est ce que j'attends au minimum d'un porteur de projet que j'accompagne.",
    ),
    externalUrl: 'https://www.insee.fr',
  },
  {
    author: 'mathieu-dubois',
    type: 'discussion',
    categories: ['productivite', 'mindset'],
    sector: 'consulting',
    title: 'Comment protégez-vous votre temps de travail concentré ?',
    content: paragraphs(
      "Entre les appels clients, les messages et les sollicitations, il me reste parfois moins d'une heure par jour pour réfléchir vraiment.",
      "J'essaie de bloquer mes matinées du mardi et du jeudi, téléphone en mode avion. Ça tient deux semaines, puis tout déborde. Vous avez des méthodes qui durent ?",
    ),
  },
  {
    author: 'mathieu-dubois',
    type: 'evenement',
    categories: ['business-model', 'idees-business'],
    sector: 'consulting',
    title: 'Atelier Business Model Canvas pour porteurs de projet',
    content: paragraphs(
      'Trois heures pour poser votre modèle économique sur une page : clients, proposition de valeur, canaux, revenus, coûts. Travail en petits groupes de quatre porteurs de projet.',
      "Vous repartez avec votre canvas complété et une liste d'hypothèses à vérifier auprès de vrais clients.",
    ),
    event: {
      inDays: 15,
      time: '14:00',
      location: 'Tiers-lieu Les Carmes Numériques, Toulouse',
      price: 25,
    },
  },
  {
    author: 'mathieu-dubois',
    type: 'article',
    categories: ['idees-business', 'etude-marche'],
    sector: 'consulting',
    title: 'Valider une idée de business en trente jours, sans écrire une ligne de code',
    content: paragraphs(
      'Chaque mois, je rencontre des porteurs de projet qui ont passé un an à développer un produit avant de parler au moindre client. Voici la méthode en quatre semaines que je leur propose désormais, avant tout investissement.',
      "Semaine 1 : vingt conversations. Pas des sondages en ligne, de vraies conversations de trente minutes avec des personnes qui ont le problème que vous voulez résoudre. Ne présentez pas votre idée. Demandez-leur comment elles gèrent ce problème aujourd'hui, combien cela leur coûte et ce qu'elles ont déjà essayé.",
      "Semaine 2 : une promesse écrite. À partir de ces conversations, rédigez en une phrase ce que vous proposez, pour qui et avec quel bénéfice. Si vous n'y arrivez pas, c'est que le problème n'est pas encore clair. Retournez à la semaine 1.",
      "Semaine 3 : une page et un prix. Créez une page simple qui présente l'offre avec un prix réel et un bouton pour réserver ou précommander. Envoyez-la aux personnes interrogées et à leur entourage. Mesurez combien cliquent, et surtout combien acceptent de payer un acompte.",
      "Semaine 4 : une livraison à la main. Pour les premiers clients, rendez le service manuellement, même si cela ne passe pas à l'échelle. Vous découvrirez ce qui compte vraiment pour eux, et ce qui était superflu dans votre idée de départ.",
      "Au bout de trente jours, vous n'aurez pas une entreprise. Mais vous saurez si des gens sont prêts à payer, combien, et pour quoi exactement. C'est la meilleure base pour un business plan, une demande de prêt d'honneur ou une première levée.",
    ),
  },

  // --- Gabriel Tremblay, Boréal Studio
  {
    author: 'gabriel-tremblay',
    type: 'post',
    categories: ['idees-business', 'feedback'],
    sector: 'education',
    title: 'Un jeu pour apprendre le budget aux ados : vous en pensez quoi ?',
    content: paragraphs(
      "On prototype un jeu où les élèves de 14 à 17 ans gèrent leur premier appartement : loyer, épicerie, imprévus, épargne. Les enseignants adorent, les élèves un peu moins pour l'instant.",
      "Qu'est-ce qui vous aurait donné envie de jouer à ça à leur âge ? Je cherche surtout des idées de mécaniques qui rendent la gestion de budget excitante.",
    ),
  },
  {
    author: 'gabriel-tremblay',
    type: 'discussion',
    categories: ['developpement', 'networking'],
    sector: 'education',
    title: "S'implanter en France depuis le Québec : par où commencer ?",
    content: paragraphs(
      "Nos jeux sont utilisés dans 90 écoles québécoises et on reçoit des demandes d'établissements français. Mais le système scolaire, les achats publics et le calendrier sont très différents.",
      'Des entrepreneurs québécois ou français qui ont fait le pont entre les deux marchés ? Partenaire distributeur, filiale, ou vente directe depuis Montréal ?',
    ),
  },
  {
    author: 'gabriel-tremblay',
    type: 'evenement',
    categories: ['networking', 'financement'],
    sector: 'education',
    title: 'Soirée pitch des entreprises en technologies éducatives à Montréal',
    content: paragraphs(
      "Six jeunes entreprises en technologies éducatives présentent leur projet en cinq minutes devant des investisseurs, des directions d'école et des partenaires.",
      'Le public vote pour son coup de cœur. Entrée gratuite, réseautage après les présentations.',
    ),
    event: {
      inDays: 27,
      time: '18:00',
      timeZone: 'America/Toronto',
      location: 'Espace Saint-Laurent, Montréal',
      price: null,
    },
  },

  // --- Charlotte Peeters, Plume & Pixel
  {
    author: 'charlotte-peeters',
    type: 'post',
    categories: ['marketing', 'marque'],
    sector: 'litterature',
    title: 'Autoédition : 1 200 exemplaires vendus sans distributeur',
    content: paragraphs(
      'Notre dernier livre illustré a dépassé les 1 200 exemplaires vendus en quatre mois, sans distributeur ni diffuseur. Le détail : 55 % via notre site, 30 % dans 40 librairies démarchées une par une, 15 % en salons.',
      'Le plus efficace : envoyer un exemplaire dédicacé aux libraires avec un mot manuscrit. Le plus décevant : la publicité payante sur les réseaux sociaux.',
    ),
  },
  {
    author: 'charlotte-peeters',
    type: 'discussion',
    categories: ['business-model'],
    sector: 'litterature',
    title: "L'abonnement peut-il faire vivre une petite maison d'édition ?",
    content: paragraphs(
      'Je réfléchis à proposer un abonnement annuel : quatre livres par an, envoyés aux abonnés avant leur sortie en librairie, avec des contenus exclusifs.',
      "Ça donnerait de la visibilité sur notre trésorerie et financerait les impressions. Quelqu'un a déjà mis en place ce modèle dans l'édition ou un secteur culturel proche ?",
    ),
  },
  {
    author: 'charlotte-peeters',
    type: 'evenement',
    categories: ['networking', 'marque'],
    sector: 'arts-culture',
    title: 'Salon des éditeurs indépendants à Bruxelles',
    content: paragraphs(
      "Vingt-cinq maisons d'édition indépendantes de Belgique et de France présentent leurs nouveautés : livres illustrés, bandes dessinées, poésie, essais.",
      "Rencontres avec les autrices et auteurs toute la journée, et une table ronde l'après-midi sur les métiers du livre en indépendant.",
    ),
    event: {
      inDays: 33,
      time: '10:00',
      timeZone: 'Europe/Brussels',
      location: 'Les Ateliers du Sablon, Bruxelles',
      price: 5,
    },
  },
  {
    author: 'charlotte-peeters',
    type: 'ressource',
    categories: ['financement', 'marketing'],
    sector: 'arts-culture',
    title: "Financement participatif d'un livre illustré : notre retour",
    content: paragraphs(
      'Notre campagne de financement participatif a atteint 142 % de son objectif. Les clés : une communauté prévenue six semaines avant le lancement, des contreparties simples, et une vidéo de moins de deux minutes.',
      'La plateforme que nous avons utilisée propose des guides gratuits pour préparer sa campagne, très utiles pour un premier projet.',
    ),
    externalUrl: 'https://fr.ulule.com',
  },

  // --- Léo Favre, Alpen Assur
  {
    author: 'leo-favre',
    type: 'post',
    categories: ['financement'],
    sector: 'banque',
    title: 'Lever des fonds en Suisse ou en France : mes observations',
    content: paragraphs(
      "Après des rendez-vous avec une quarantaine d'investisseurs des deux côtés de la frontière, quelques différences qui m'ont frappé.",
      "En Suisse, les business angels investissent souvent des montants plus élevés mais prennent plus de temps à décider. En France, l'écosystème public (prêts, garanties, subventions) permet de compléter une levée plus facilement.",
      'Dans les deux cas, la qualité des premiers clients pèse plus lourd que la présentation.',
    ),
  },
  {
    author: 'leo-favre',
    type: 'discussion',
    categories: ['juridique', 'service-client'],
    sector: 'banque',
    title: 'Assurance responsabilité civile professionnelle : combien payez-vous ?',
    content: paragraphs(
      'En construisant notre offre, on a constaté des écarts de prix énormes pour des activités comparables, et des garanties souvent mal comprises par les indépendants.',
      "Sans donner de nom d'assureur, est-ce que vous pouvez partager votre activité, votre prime annuelle et ce qui vous a le plus surpris dans votre contrat ?",
    ),
  },
  {
    author: 'leo-favre',
    type: 'ressource',
    categories: ['financement', 'comptabilite'],
    sector: 'banque',
    title: 'Crédit refusé ? La médiation du crédit de la Banque de France',
    content: paragraphs(
      "Peu d'entrepreneurs le savent : si votre banque refuse un crédit ou réduit une ligne de trésorerie, vous pouvez saisir gratuitement la médiation du crédit aux entreprises.",
      'Le dispositif est présenté sur le site de la Banque de France, avec les démarches et les délais.',
    ),
    externalUrl: 'https://www.banque-france.fr',
  },

  // --- Nadia Koné, Helio Partage
  {
    author: 'nadia-kone',
    type: 'post',
    categories: ['idees-business', 'rse'],
    sector: 'energies',
    title: 'Autoconsommation collective : un marché qui décolle enfin ?',
    content: paragraphs(
      "Nous venons de mettre en service notre cinquième opération : une école, une boulangerie et 34 logements partagent l'électricité produite sur le toit d'un gymnase.",
      "Il y a deux ans, chaque projet demandait dix-huit mois de démarches. Aujourd'hui, on est plutôt à huit mois. Le cadre se simplifie et les collectivités s'y intéressent vraiment.",
      'Si vous avez des toitures inutilisées dans votre commune, parlons-en !',
    ),
  },
  {
    author: 'nadia-kone',
    type: 'ressource',
    categories: ['rse', 'financement'],
    sector: 'energies',
    title: "Les aides de l'ADEME pour la transition énergétique des entreprises",
    content: paragraphs(
      "Diagnostic énergétique, efficacité des bâtiments, chaleur renouvelable : l'ADEME finance de nombreux projets de transition pour les entreprises de toutes tailles.",
      'Le site présente les dispositifs par type de projet. Commencez par le diagnostic, souvent très bien financé et qui ouvre la porte aux autres aides.',
    ),
    externalUrl: 'https://www.ademe.fr',
  },
  {
    author: 'nadia-kone',
    type: 'discussion',
    categories: ['commercial', 'developpement'],
    sector: 'energies',
    title: 'Vendre aux collectivités : les marchés publics, ça vaut le coup ?',
    content: paragraphs(
      'La moitié de nos clients potentiels sont des communes et des intercommunalités. Les marchés publics demandent un gros travail de réponse, avec un taux de réussite incertain.',
      "Vous répondez à beaucoup d'appels d'offres ? Vous passez par des groupements avec d'autres entreprises ? J'aimerais comprendre comment les petites structures s'en sortent.",
    ),
  },

  // --- Hugo Petit, Stade Connect
  {
    author: 'hugo-petit',
    type: 'post',
    categories: ['digital', 'service-client'],
    sector: 'sport',
    title: "Nos utilisateurs bénévoles n'utilisent pas la moitié des fonctions",
    content: paragraphs(
      "Les statistiques sont tombées : 70 % de nos clubs utilisent seulement les convocations et le calendrier. La gestion des licences et la billetterie, sur lesquelles on a passé des mois, servent à 15 % d'entre eux.",
      "Leçon apprise : nos utilisateurs sont des bénévoles qui ont deux heures par semaine. Chaque fonction doit être comprise en trente secondes, sinon elle n'existe pas.",
    ),
  },
  {
    author: 'hugo-petit',
    type: 'discussion',
    categories: ['business-model', 'digital'],
    sector: 'sport',
    title: 'Freemium pour les associations sportives : bonne ou mauvaise idée ?',
    content: paragraphs(
      "On hésite à proposer une version gratuite limitée aux petits clubs de moins de 50 licenciés. L'idée est de se faire connaître, mais je crains que très peu passent à la version payante.",
      'Ceux qui vendent à des associations : le gratuit vous a-t-il aidé, ou a-t-il surtout généré du support ?',
    ),
  },
  {
    author: 'hugo-petit',
    type: 'evenement',
    categories: ['networking', 'mindset'],
    sector: 'sport',
    title: 'Course et réseau : 5 km puis apéro entre entrepreneurs',
    content: paragraphs(
      "On court 5 km à allure tranquille, tous niveaux bienvenus, puis on partage un verre en terrasse. Une manière détendue de rencontrer d'autres entrepreneurs lyonnais.",
      "Rendez-vous à l'entrée du parc. Gratuit, pensez simplement à vous inscrire pour qu'on prévoie assez de boissons.",
    ),
    event: {
      inDays: 6,
      time: '19:00',
      location: "Parc de la Tête d'Or, entrée des Enfants du Rhône, Lyon",
      price: 0,
    },
  },
  {
    author: 'hugo-petit',
    type: 'post',
    categories: ['productivite', 'mindset'],
    sector: 'sport',
    title: 'Entrepreneur et sportif : comment je garde trois séances par semaine',
    content: paragraphs(
      'Pendant ma première année, le sport a été la première chose sacrifiée. Résultat : fatigue, irritabilité, et des décisions prises à minuit.',
      "Aujourd'hui, mes trois séances sont dans mon agenda comme des rendez-vous clients, et je les déplace mais ne les annule jamais. Mon équipe le sait et le respecte.",
      'Comment faites-vous pour garder du temps pour vous ?',
    ),
  },

  // --- Manon Garnier, Ondine Cosmétiques
  {
    author: 'manon-garnier',
    type: 'post',
    categories: ['marketing', 'digital'],
    sector: 'ecommerce',
    title: 'Newsletter ou réseaux sociaux : 60 % de nos ventes viennent des emails',
    content: paragraphs(
      "On publie tous les jours sur Instagram et on envoie une newsletter par semaine. Pourtant, 60 % de notre chiffre d'affaires en ligne vient des emails, contre 12 % des réseaux sociaux.",
      "Notre recette : une seule idée par email, une histoire vraie sur la fabrication, et jamais plus d'un lien. Le taux d'ouverture tourne autour de 45 %.",
      "Vous aussi, vous constatez ce décalage entre l'effort et les résultats ?",
    ),
  },
  {
    author: 'manon-garnier',
    type: 'discussion',
    categories: ['marketing', 'marque'],
    sector: 'marketing',
    title: 'Micro-influenceurs : quel budget et quels résultats chez vous ?',
    content: paragraphs(
      "On a collaboré avec quinze micro-influenceuses (entre 5 000 et 30 000 abonnés) ce trimestre, en échange de produits et d'une petite rémunération.",
      'Résultat mitigé : deux collaborations ont très bien marché, les autres presque rien. Comment choisissez-vous les créateurs de contenu avec qui travailler ? Vous mesurez comment le retour ?',
    ),
  },
  {
    author: 'manon-garnier',
    type: 'article',
    categories: ['marketing', 'service-client'],
    sector: 'ecommerce',
    title: 'Fidéliser sans promotions permanentes : notre méthode en quatre étapes',
    content: paragraphs(
      'Pendant notre première année, nous faisions une promotion par mois. Les ventes grimpaient à chaque opération, puis retombaient aussitôt. Nos clients avaient appris à attendre les réductions. Nous avons tout arrêté, et voici ce qui les a remplacées.',
      "Étape 1 : le premier colis. Nous y avons mis un mot manuscrit, un échantillon choisi selon la commande et une carte qui explique comment bien utiliser les produits. Coût : moins d'un euro. Effet : le taux de deuxième commande est passé de 18 % à 31 %.",
      "Étape 2 : le bon moment. Un shampoing solide dure environ deux mois. Nous envoyons donc un rappel personnalisé au bout de sept semaines, avec un lien direct vers le même produit. C'est notre email le plus rentable, de loin.",
      "Étape 3 : le service avant la vente. Notre équipe répond à toutes les questions en moins de quatre heures ouvrées, y compris sur les produits d'autres marques. Cela crée une confiance que nulle réduction n'achète.",
      "Étape 4 : un programme simple. Pas de points compliqués : à la cinquième commande, un produit offert au choix, et l'accès en avant-première aux nouveautés. Nos clients fidèles veulent être reconnus plus qu'être remboursés.",
      "Un an après l'arrêt des promotions, notre chiffre d'affaires a progressé de 25 %, notre marge de 9 points, et nos ventes sont beaucoup plus régulières. La fidélité se construit dans l'expérience, pas dans le prix.",
    ),
  },
  {
    author: 'manon-garnier',
    type: 'ressource',
    categories: ['juridique', 'digital'],
    sector: 'ecommerce',
    title: 'RGPD et boutique en ligne : les recommandations de la CNIL',
    content: paragraphs(
      'Cookies, newsletter, fichier clients, durée de conservation : la CNIL publie des fiches pratiques claires pour les commerçants en ligne.',
      "On a revu notre bandeau cookies et notre formulaire d'inscription grâce à elles. Une demi-journée de travail qui évite bien des ennuis.",
    ),
    externalUrl: 'https://www.cnil.fr',
  },

  // --- Yanis Bouzid, RécupTech
  {
    author: 'yanis-bouzid',
    type: 'post',
    categories: ['rse', 'business-model'],
    sector: 'environnement',
    title: 'Reconditionnement et insertion : nos chiffres après un an',
    content: paragraphs(
      "Un an d'activité pour RécupTech : 4 200 ordinateurs reconditionnés, 11 personnes en parcours d'insertion, dont 7 ont trouvé un emploi durable à la sortie.",
      'Notre modèle tient grâce à deux sources de revenus : la collecte payante du matériel des entreprises et la revente des appareils reconditionnés à des associations et des étudiants.',
      'Prochaine étape : un deuxième atelier à Aix-en-Provence.',
    ),
  },
  {
    author: 'yanis-bouzid',
    type: 'discussion',
    categories: ['commercial', 'rse'],
    sector: 'informatique',
    title: "Comment convaincre les DSI d'acheter du matériel reconditionné ?",
    content: paragraphs(
      'Les directions RSE sont enthousiastes, les achats aussi pour le prix. Mais les directions informatiques bloquent souvent : garantie, homogénéité du parc, sécurité des données.',
      "Qui a réussi à lever ces freins ? On pense proposer une garantie de trois ans et un certificat d'effacement des données pour chaque appareil.",
    ),
  },
  {
    author: 'yanis-bouzid',
    type: 'evenement',
    categories: ['rse', 'networking'],
    sector: 'environnement',
    title: "Visite d'atelier et table ronde sur l'économie circulaire",
    content: paragraphs(
      'Venez voir comment un ordinateur passe de la benne à un nouveau propriétaire : collecte, effacement des données, réparation, contrôle qualité.',
      "La visite sera suivie d'une table ronde avec deux entreprises clientes et une structure d'insertion. Gratuit, places limitées.",
    ),
    event: {
      inDays: 21,
      time: '16:00',
      location: 'Atelier RécupTech, la Belle de Mai, Marseille',
      price: 0,
    },
  },

  // --- Claire Vasseur, Talents & Territoires
  {
    author: 'claire-vasseur',
    type: 'post',
    categories: ['rh'],
    sector: 'social',
    title: "Arrêtez de demander cinq ans d'expérience pour un poste junior",
    content: paragraphs(
      "Cette semaine encore, une fiche de poste « assistant commercial junior » demandait trois à cinq ans d'expérience, l'anglais courant et la maîtrise de quatre logiciels.",
      "Résultat : deux candidatures en un mois. Nous l'avons réécrite avec trois compétences indispensables et une description honnête du quotidien. Vingt-huit candidatures en dix jours.",
      "Une fiche de poste n'est pas une liste de souhaits, c'est une annonce.",
    ),
  },
  {
    author: 'claire-vasseur',
    type: 'ressource',
    categories: ['rh', 'juridique'],
    sector: 'social',
    title: 'Embaucher son premier salarié : les démarches officielles',
    content: paragraphs(
      "Déclaration préalable à l'embauche, registre du personnel, visite d'information et de prévention, mutuelle : la première embauche implique une série d'obligations souvent méconnues.",
      'Le site officiel pour les entreprises propose une liste complète et à jour. À garder sous la main avant de signer le premier contrat.',
    ),
    externalUrl: 'https://entreprendre.service-public.fr',
  },
  {
    author: 'claire-vasseur',
    type: 'discussion',
    categories: ['rh', 'productivite'],
    sector: 'social',
    title: 'Semaine de quatre jours dans une petite équipe : qui a sauté le pas ?',
    content: paragraphs(
      'Plusieurs de mes clients, des entreprises de 5 à 20 salariés, envisagent la semaine de quatre jours pour attirer des candidats.',
      "Je cherche des retours d'expérience concrets : organisation de la permanence client, impact sur la productivité, réaction des équipes au bout d'un an ?",
    ),
  },

  // --- Pierre Delmas, Delmas Industrie
  {
    author: 'pierre-delmas',
    type: 'article',
    categories: ['sortie-reprise', 'financement'],
    sector: 'industrie',
    title: 'Reprendre une PME industrielle à 38 ans : mon parcours de repreneur',
    content: paragraphs(
      "En 2019, j'étais ingénieur dans un grand groupe aéronautique, avec un bon salaire et une envie grandissante de diriger ma propre entreprise. Plutôt que de créer, j'ai choisi de reprendre. Voici ce que deux ans de recherche et trois ans de direction m'ont appris.",
      "La recherche a pris dix-huit mois. J'ai étudié une soixantaine de dossiers, rencontré une douzaine de cédants et fait deux offres avant la bonne. Le marché de la transmission est moins transparent qu'on l'imagine : les meilleures entreprises se cèdent souvent par le bouche-à-oreille, via les experts-comptables et les réseaux professionnels locaux.",
      'Le financement a reposé sur trois piliers : mon apport personnel, un prêt bancaire garanti en partie par Bpifrance, et un crédit vendeur accordé par le cédant sur trois ans. Ce crédit vendeur a été décisif : il a rassuré la banque et montré que le cédant croyait en la suite.',
      "La transition avec le cédant a duré six mois. Il m'a présenté aux clients, aux fournisseurs, et surtout à l'équipe. Je recommande vivement cette période d'accompagnement, à condition de fixer clairement qui décide de quoi dès le premier jour.",
      "Mes premiers mois ont été consacrés à écouter. Les 32 salariés avaient connu le même patron pendant vingt-cinq ans. J'ai rencontré chacun individuellement, et je n'ai rien changé d'important avant six mois, sauf la sécurité de l'atelier.",
      "Trois ans plus tard, le chiffre d'affaires a progressé de 20 %, nous avons embauché six personnes et investi dans deux centres d'usinage. Mais la vraie réussite, c'est que personne n'est parti à cause de la reprise.",
      'Si vous envisagez de reprendre, mon conseil : cherchez une entreprise dont vous aimez le métier et les gens, pas seulement les chiffres. Ce sont eux qui feront la réussite de la reprise.',
    ),
  },
  {
    author: 'pierre-delmas',
    type: 'post',
    categories: ['sortie-reprise', 'networking'],
    sector: 'industrie',
    title: 'Cédants : combien de temps pour trouver votre repreneur ?',
    content: paragraphs(
      'Je suis régulièrement contacté par des dirigeants de 60 ans et plus qui pensent à céder. Beaucoup imaginent que ça prendra quelques mois.',
      "D'après ce que j'observe, il faut plutôt compter deux à trois ans entre la décision et la signature, en comptant la préparation de l'entreprise. Vous qui avez cédé, combien de temps ça vous a pris ?",
    ),
  },
  {
    author: 'pierre-delmas',
    type: 'ressource',
    categories: ['sortie-reprise'],
    sector: 'industrie',
    title: "Céder ou reprendre une entreprise : l'accompagnement des CCI",
    content: paragraphs(
      "Les chambres de commerce et d'industrie accompagnent cédants et repreneurs : formations, annonces d'entreprises à céder, mise en relation et conseils.",
      "C'est par ce réseau que j'ai trouvé deux des dossiers que j'ai étudiés. Un bon point de départ avant de contacter des cabinets spécialisés.",
    ),
    externalUrl: 'https://www.cci.fr',
  },
  {
    author: 'pierre-delmas',
    type: 'discussion',
    categories: ['rh', 'developpement'],
    sector: 'industrie',
    title: 'Former en interne ou recruter des profils déjà formés en usinage ?',
    content: paragraphs(
      'Nous avons trois postes de régleurs sur machines à commande numérique ouverts depuis six mois. Les profils expérimentés sont introuvables ou très chers.',
      'On réfléchit à recruter des personnes motivées sans expérience et à les former en interne pendant un an, avec un tuteur. Des industriels ont essayé ? Quels résultats ?',
    ),
  },

  // --- Sarah Cohen, Le Bulletin des Indés
  {
    author: 'sarah-cohen',
    type: 'post',
    categories: ['business-model', 'marketing'],
    sector: 'medias',
    title: 'Ma newsletter payante dépasse 2 000 abonnés : les chiffres sans filtre',
    content: paragraphs(
      "Il y a dix-huit mois, je lançais une formule payante à 6 € par mois. Aujourd'hui : 9 000 abonnés gratuits, 2 050 payants, un taux de désabonnement mensuel de 2,1 %.",
      "Ce qui convertit : les enquêtes longues et les dossiers pratiques. Ce qui ne convertit pas : l'actualité chaude, que tout le monde traite déjà.",
      "Je vis de ce projet depuis six mois. Ce n'est pas encore un salaire de cadre, mais c'est un métier.",
    ),
  },
  {
    author: 'sarah-cohen',
    type: 'post',
    categories: ['marque', 'marketing'],
    sector: 'journalisme',
    title: 'Relations presse : ce que les journalistes attendent vraiment de vous',
    content: paragraphs(
      'Ancienne journaliste, je reçois encore des dizaines de communiqués par semaine. Quelques conseils pour sortir du lot.',
      "Une histoire plutôt qu'une annonce : un client, un chiffre, un obstacle surmonté. Un email court, avec l'essentiel dans les trois premières lignes. Un interlocuteur disponible le jour même. Et jamais de relance le lendemain de l'envoi.",
      'Vous avez des questions sur les relations presse ? Je réponds en commentaire.',
    ),
  },
  {
    author: 'sarah-cohen',
    type: 'evenement',
    categories: ['marketing', 'networking'],
    sector: 'medias',
    title: 'Atelier relations presse pour jeunes entreprises',
    content: paragraphs(
      'Trois heures pour apprendre à construire un angle, rédiger un communiqué et présenter votre projet à un journaliste. Exercices pratiques sur vos propres projets.',
      'Groupe limité à douze personnes. Le tarif comprend le support de formation et un retour personnalisé sur votre communiqué.',
    ),
    event: { inDays: 19, time: '09:30', location: 'Le Comptoir des Médias, Paris 11e', price: 49 },
  },

  // --- Baptiste Morel, Cimes & Gîtes
  {
    author: 'baptiste-morel',
    type: 'post',
    categories: ['service-client', 'digital'],
    sector: 'tourisme',
    title: 'Avis clients négatifs : comment y répondez-vous ?',
    content: paragraphs(
      "Un client nous a laissé deux étoiles parce que le chemin d'accès au gîte était enneigé… en février, en montagne. Premier réflexe : répondre sèchement. J'ai attendu le lendemain.",
      "Ma règle désormais : remercier, reconnaître ce qui peut l'être, expliquer sans se justifier, et proposer une solution. Les futurs clients lisent surtout la réponse.",
      "Vous avez d'autres règles ?",
    ),
  },
  {
    author: 'baptiste-morel',
    type: 'discussion',
    categories: ['etude-marche', 'idees-business'],
    sector: 'tourisme',
    title: 'Tourisme quatre saisons en montagne : vraie opportunité ?',
    content: paragraphs(
      "Avec des hivers de moins en moins enneigés, nos vallées misent sur le printemps et l'automne : randonnée, séminaires, séjours bien-être, télétravail.",
      "Nos gîtes sont remplis à 85 % l'été, mais à 30 % en avril et en novembre. Des idées ou des retours d'expérience pour remplir ces ailes de saison ?",
    ),
  },
  {
    author: 'baptiste-morel',
    type: 'ressource',
    categories: ['financement', 'developpement'],
    sector: 'tourisme',
    title: 'Les dispositifs publics pour les entreprises du tourisme',
    content: paragraphs(
      'Le portail de la Direction générale des entreprises recense les dispositifs de soutien au secteur du tourisme : financement, transformation numérique, transition écologique des hébergements.',
      'Complétez avec votre région et votre comité départemental du tourisme, qui ont souvent leurs propres aides.',
    ),
    externalUrl: 'https://www.entreprises.gouv.fr',
  },

  // --- Fatou Diallo, Saveurs de Teranga
  {
    author: 'fatou-diallo',
    type: 'post',
    categories: ['etude-marche', 'feedback'],
    sector: 'alimentaire',
    title: 'Mafé et yassa en bocaux dans les supermarchés : trop tôt ?',
    content: paragraphs(
      "Nos bocaux se vendent très bien dans une quinzaine d'épiceries fines parisiennes. Une enseigne de supermarchés nous propose un référencement dans 40 magasins d'Île-de-France.",
      "Je suis partagée : c'est une belle visibilité, mais il faudra baisser nos prix, multiplier la production par cinq et accepter des délais de paiement plus longs. Vous feriez quoi à ma place ?",
    ),
  },
  {
    author: 'fatou-diallo',
    type: 'discussion',
    categories: ['logistique', 'juridique'],
    sector: 'alimentaire',
    title: 'Laboratoire partagé ou cuisine à soi pour démarrer un traiteur ?',
    content: paragraphs(
      "J'ai démarré dans une cuisine partagée louée à l'heure. C'était parfait pour les premiers mois, mais avec six salariés, les créneaux deviennent un casse-tête.",
      'Ceux qui ont investi dans leur propre laboratoire : quel budget pour la mise aux normes sanitaires, et au bout de combien de temps est-ce devenu rentable ?',
    ),
  },
  {
    author: 'fatou-diallo',
    type: 'evenement',
    categories: ['networking', 'commercial'],
    sector: 'alimentaire',
    title: 'Marché des producteurs et artisans de bouche à Paris',
    content: paragraphs(
      'Une trentaine de producteurs, traiteurs et artisans de bouche se retrouvent pour une journée de dégustation et de vente. Entrée libre.',
      "Professionnels de la restauration et épiceries fines : c'est aussi l'occasion de rencontrer de nouveaux fournisseurs.",
    ),
    event: { inDays: 13, time: '10:00', location: 'Halle Saint-Maur, Paris 11e', price: null },
  },

  // --- Guillaume Martin, Immo Rénov Ouest
  {
    author: 'guillaume-martin',
    type: 'post',
    categories: ['commercial', 'service-client'],
    sector: 'immobilier',
    title: 'Devis de rénovation : de dix jours à trois jours de délai',
    content: paragraphs(
      'Nos clients attendaient en moyenne dix jours entre la visite technique et le devis. On en perdait un sur trois à ce moment-là.',
      "Ce qu'on a changé : des modèles de devis par type de chantier, une visite réalisée par un binôme technicien-commercial, et un créneau quotidien réservé à la rédaction. Délai moyen aujourd'hui : trois jours. Taux de signature : +18 points.",
    ),
  },
  {
    author: 'guillaume-martin',
    type: 'discussion',
    categories: ['financement', 'service-client'],
    sector: 'immobilier',
    title: 'Aides à la rénovation : vos clients attendent-ils aussi des mois ?',
    content: paragraphs(
      'Beaucoup de nos clients comptent sur les aides publiques pour financer leurs travaux, et les délais de versement mettent parfois nos chantiers en pause.',
      "Comment gérez-vous ça ? Vous avancez une partie des travaux, vous demandez un acompte plus élevé, ou vous attendez l'accord écrit avant de démarrer ?",
    ),
  },
  {
    author: 'guillaume-martin',
    type: 'ressource',
    categories: ['rse', 'juridique'],
    sector: 'immobilier',
    title: "France Rénov' : le service public de la rénovation de l'habitat",
    content: paragraphs(
      "Pour orienter vos clients particuliers, France Rénov' présente les aides disponibles, les conseillers locaux et les étapes d'un projet de rénovation énergétique.",
      'On envoie systématiquement le lien après la première visite : nos clients arrivent ensuite mieux informés au rendez-vous suivant.',
    ),
    externalUrl: 'https://france-renov.gouv.fr',
  },

  // --- Laura Rossi, Les Ateliers Solidaires
  {
    author: 'laura-rossi',
    type: 'post',
    categories: ['rh', 'mindset'],
    sector: 'benevolat',
    title: 'Gérer des bénévoles comme des salariés ? Mauvaise idée',
    content: paragraphs(
      "Quand j'ai pris la direction de l'association, j'ai voulu mettre en place des plannings, des objectifs et des entretiens annuels pour nos 80 bénévoles. Trois mois plus tard, on en avait perdu vingt.",
      "Un bénévole donne son temps pour du sens et du lien. Aujourd'hui, on fixe peu de règles mais on célèbre beaucoup, et chacun choisit ses missions. L'engagement est revenu.",
    ),
  },
  {
    author: 'laura-rossi',
    type: 'discussion',
    categories: ['business-model', 'financement'],
    sector: 'benevolat',
    title: "Association ou SCIC pour un projet d'utilité sociale qui vend des services ?",
    content: paragraphs(
      'Nos ateliers vendent de plus en plus de prestations aux entreprises : réparation de matériel, ateliers de sensibilisation, couture de goodies à partir de chutes.',
      "On étudie la transformation en société coopérative d'intérêt collectif. Quelqu'un est passé de l'association à la SCIC ? Qu'est-ce qui a changé pour les bénévoles et pour le financement ?",
    ),
  },
  {
    author: 'laura-rossi',
    type: 'evenement',
    categories: ['rse', 'networking'],
    sector: 'social',
    title: 'Forum des associations et entreprises engagées de Strasbourg',
    content: paragraphs(
      "Associations, entreprises de l'économie sociale et solidaire et entreprises classiques qui veulent s'engager : une après-midi pour se rencontrer et monter des projets ensemble.",
      "Mécénat de compétences, partenariats, bénévolat d'entreprise : des ateliers courts et des stands. Entrée gratuite.",
    ),
    event: {
      inDays: 30,
      time: '14:00',
      location: 'Centre socioculturel du Neudorf, Strasbourg',
      price: null,
    },
  },

  // --- Vincent Brun, Simplidémarches
  {
    author: 'vincent-brun',
    type: 'post',
    categories: ['productivite', 'juridique'],
    sector: 'administration',
    title: 'Quatre heures par semaine de paperasse pour un artisan',
    content: paragraphs(
      "J'ai interrogé 60 artisans et commerçants sur le temps qu'ils passent aux démarches administratives : déclarations, formalités, relances, courriers. Moyenne : quatre heures par semaine.",
      "Le plus chronophage n'est pas une démarche en particulier, c'est de retrouver les identifiants, les justificatifs et les échéances. Un simple classeur numérique bien organisé fait déjà gagner une heure.",
    ),
  },
  {
    author: 'vincent-brun',
    type: 'ressource',
    categories: ['juridique', 'comptabilite'],
    sector: 'administration',
    title: "Le guichet unique des formalités d'entreprises",
    content: paragraphs(
      "Création, modification, cessation d'activité : toutes les formalités d'entreprise passent désormais par le guichet unique en ligne.",
      "Préparez vos pièces justificatives en PDF avant de commencer, et gardez votre numéro de dossier : c'est lui qu'on vous demandera en cas de question.",
    ),
    externalUrl: 'https://formalites.entreprises.gouv.fr',
  },
  {
    author: 'vincent-brun',
    type: 'discussion',
    categories: ['autres'],
    sector: 'administration',
    title: 'Quel est le pire casse-tête administratif que vous ayez vécu ?',
    content: paragraphs(
      "Pour détendre l'atmosphère du vendredi : racontez-nous votre pire aventure administrative d'entrepreneur.",
      "Je commence : un changement d'adresse de siège qui a mis cinq mois à être enregistré, pendant lesquels ma banque refusait de mettre à jour mon dossier. Et vous ?",
    ),
  },

  // --- Emma Faure, BioNacre
  {
    author: 'emma-faure',
    type: 'article',
    categories: ['rd', 'financement'],
    sector: 'sciences',
    title: 'Sortir du labo : transformer une thèse en startup deeptech',
    content: paragraphs(
      "Pendant ma thèse, j'ai mis au point un procédé pour transformer des coquilles d'huîtres en matériau rigide et compostable. Trois ans plus tard, BioNacre compte sept personnes et un premier client industriel. Voici les étapes qui ont compté.",
      "La propriété intellectuelle d'abord. Une invention réalisée dans un laboratoire public appartient en général à l'établissement. Il faut donc négocier une licence avec la structure de valorisation de l'université. Prenez le temps de comprendre ses attentes : elle veut que l'invention soit exploitée, pas bloquée.",
      "L'équipe ensuite. Une chercheuse seule ne fait pas une entreprise. J'ai rencontré mon associé, un ancien directeur d'usine, lors d'un programme d'accompagnement dédié aux projets issus de la recherche. Il apporte ce qui me manquait : l'industrialisation et la vente.",
      "Le financement deeptech a ses codes. Les premiers fonds sont venus de subventions à l'innovation et d'un concours d'innovation, puis d'une levée auprès de fonds spécialisés. Les investisseurs regardent le niveau de maturité technologique, le chemin vers l'industrialisation et la solidité des brevets.",
      "Enfin, le marché. Le plus difficile n'a pas été de faire fonctionner le matériau au laboratoire, mais de trouver un client prêt à l'utiliser sur une ligne de production. Nous avons passé un an à co-développer un emballage avec un industriel de la cosmétique, en adaptant notre procédé à ses machines.",
      'À ceux qui hésitent à quitter le laboratoire : le doctorat apprend à chercher, la startup apprend à trouver des compromis. Les deux sont passionnants.',
    ),
  },
  {
    author: 'emma-faure',
    type: 'post',
    categories: ['rd', 'networking'],
    sector: 'sciences',
    title: 'Cherche partenaire industriel pour prototyper un biomatériau',
    content: paragraphs(
      "Nous cherchons une entreprise disposant d'une presse à injecter ou à thermoformer, prête à nous accueillir quelques jours pour des essais de production sur notre matériau à base de coquilles.",
      'En échange : accès prioritaire au matériau et partage des résultats. Région Occitanie de préférence, mais on peut se déplacer. Des contacts à me conseiller ?',
    ),
  },
  {
    author: 'emma-faure',
    type: 'evenement',
    categories: ['rd', 'idees-business'],
    sector: 'sciences',
    title: "Journée valorisation de la recherche et création d'entreprise",
    content: paragraphs(
      "Doctorants, chercheurs et ingénieurs qui envisagent de créer une entreprise à partir de leurs travaux : une journée de témoignages et d'ateliers sur la propriété intellectuelle, le financement et la constitution d'une équipe.",
      "Gratuit pour les membres d'un laboratoire, sur inscription.",
    ),
    event: {
      inDays: 45,
      time: '09:00',
      location: "Hôtel d'entreprises Canal Sud, Toulouse",
      price: 0,
    },
  },
]

/** Comments, by the kind of post they can sensibly follow. */
export const DEMO_COMMENTS = {
  any: [
    'Merci pour ce partage, très concret.',
    "Je me retrouve complètement dans ce que vous décrivez. On a vécu la même chose l'an dernier.",
    "Super retour d'expérience, je le garde sous le coude.",
    'Très intéressant ! Vous pourriez détailler un peu les chiffres ?',
    "Merci d'être aussi transparent, c'est rare et précieux.",
    'Je partage à mon associée, ça va nous faire gagner du temps.',
    'Bravo pour le chemin parcouru !',
    "C'est exactement la discussion qu'on a eue en équipe la semaine dernière.",
    "Point de vue intéressant. Chez nous, c'est un peu l'inverse qui s'est passé, mais le contexte était différent.",
    'Merci, ça donne des idées pour notre propre activité.',
    'Je vous envoie un message privé, on a un sujet proche.',
    "Très juste. J'ajouterais qu'il faut surtout s'entourer tôt.",
  ],
  question: [
    "On s'est posé la même question. Pour nous, le déclic a été de demander directement à nos dix meilleurs clients.",
    "De notre côté on a d'abord essayé seuls, puis on s'est fait accompagner. Avec le recul, j'aurais demandé de l'aide plus tôt.",
    'Ça dépend beaucoup de votre trésorerie. Si vous pouvez tenir six mois, je tenterais.',
    "Je vous conseille de vous rapprocher de votre réseau local (CCI, réseau de prêts d'honneur), ils ont souvent des retours terrain.",
    'Chez nous, ça a pris deux fois plus de temps que prévu, mais ça valait le coup. Prévoyez de la marge.',
    "Question très pertinente. Je n'ai pas de réponse parfaite, mais on a eu de bons résultats en procédant par petites étapes.",
    "On a fait l'erreur inverse et on l'a regretté. Prenez le temps de bien comparer.",
    'Je suis passé par là il y a deux ans, je peux vous raconter en visio si ça vous aide.',
  ],
  ressource: [
    'Merci pour le lien, je ne connaissais pas.',
    "Ressource très utile, je l'ai transmise à deux créateurs que j'accompagne.",
    'Bonne piste. Attention tout de même à vérifier les conditions, elles changent souvent.',
    'Enregistré, merci !',
    "Je confirme, on s'en est servi pour notre dossier et c'était clair.",
  ],
  evenement: [
    'Inscrit ! Au plaisir de vous y rencontrer.',
    "Est-ce qu'il y aura un replay ou un compte rendu pour ceux qui ne pourront pas venir ?",
    "J'y serai avec deux collègues.",
    'Super initiative, dommage que je sois en déplacement ce jour-là.',
    'Est-ce ouvert aux porteurs de projet qui ne sont pas encore immatriculés ?',
    "J'étais à la dernière édition, je recommande vivement.",
  ],
  article: [
    "Un des articles les plus utiles que j'ai lus ici. Merci d'avoir pris le temps.",
    "Très complet. Le passage sur le financement m'a particulièrement parlé.",
    "J'aurais aimé lire ça avant de me lancer !",
    'Merci pour cet article. Vous pourriez en faire une suite sur les erreurs à éviter ?',
    'Article partagé à toute mon équipe.',
  ],
} as const
