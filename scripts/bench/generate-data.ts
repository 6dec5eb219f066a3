// Bulk benchmark data, generated inside the database by a few INSERT … SELECT over
// generate_series: members, posts, votes, comments, saves, category and sector links in
// realistic proportions. Shared by `npm run bench:data` and the query-plan test.

/** The subset of a database client the generator needs: PGlite and pg.Client both fit. */
export interface SqlRunner {
  /** Runs one or more statements without parameters. */
  exec(sql: string): Promise<unknown>
  /** Runs one statement and returns its rows. */
  query<Row>(sql: string): Promise<{ rows: Row[] }>
}

export interface BenchDataOptions {
  posts: number
  /** Empties the member tables first (otherwise a database holding posts is refused). */
  replace?: boolean
  /** PGlite runs in a WASM heap: smaller maintenance memory. */
  driver: 'pglite' | 'postgres'
  log?: (message: string) => void
}

export interface BenchDataSummary {
  members: number
  posts: number
  votes: number
  comments: number
  saves: number
  postCategories: number
  postSectors: number
  favorites: number
  seconds: number
}

/** Member ids of generated accounts: `bench-1` … `bench-{members}`. */
export const BENCH_USER_PREFIX = 'bench-'

/** About one member for twelve posts, as in a community where a few write most. */
export function memberCountFor(posts: number): number {
  let members = Math.max(60, Math.ceil(posts / 12))
  // Voters are picked with a stride of VOTER_STRIDE modulo the member count: keep them coprime.
  while (members % VOTER_STRIDE === 0 || members % COMMENTER_STRIDE === 0) members += 1
  return members
}

const VOTER_STRIDE = 104_729
const COMMENTER_STRIDE = 7_919
const SAVER_STRIDE = 15_485_863
const DAY_SPAN = 730

// Emptied by --replace: every member table references users (TRUNCATE … CASCADE follows them),
// and these keep no link to an account. The reference data stays.
const MEMBER_ROOTS = ['users', 'link_previews', 'rate_limits', 'auth_rate_limits', 'verifications']

// Secondary indexes of these tables are dropped for the load and rebuilt after it, inside the
// same transaction: building an index once is far cheaper than maintaining it row by row.
const LOADED_TABLES = [
  'users',
  'profiles',
  'posts',
  'post_categories',
  'post_sectors',
  'post_votes',
  'comments',
  'saved_posts',
]

const FIRST_NAMES = [
  'Camille',
  'Léa',
  'Hugo',
  'Inès',
  'Louis',
  'Manon',
  'Yanis',
  'Chloé',
  'Lucas',
  'Emma',
  'Nathan',
  'Jade',
  'Gabriel',
  'Louise',
  'Arthur',
  'Alice',
  'Jules',
  'Lina',
  'Adam',
  'Rose',
  'Raphaël',
  'Anna',
  'Théo',
  'Zoé',
  'Mathis',
  'Julia',
  'Noah',
  'Mila',
  'Tom',
  'Ambre',
  'Sacha',
  'Léna',
  'Enzo',
  'Agathe',
  'Paul',
  'Romane',
  'Maxime',
  'Clémence',
  'Antoine',
  'Margaux',
  'Baptiste',
  'Éloïse',
  'Mehdi',
  'Sofia',
  'Karim',
  'Yasmine',
  'Olivier',
  'Nathalie',
  'Sébastien',
  'Isabelle',
  'Thierry',
  'Sandrine',
  'François',
  'Hélène',
  'Stéphane',
  'Valérie',
  'Bruno',
  'Céline',
  'Amadou',
  'Aïcha',
]
const LAST_NAMES = [
  'Martin',
  'Bernard',
  'Dubois',
  'Thomas',
  'Robert',
  'Richard',
  'Petit',
  'Durand',
  'Leroy',
  'Moreau',
  'Simon',
  'Laurent',
  'Lefèvre',
  'Michel',
  'Garcia',
  'David',
  'Bertrand',
  'Roux',
  'Vincent',
  'Fournier',
  'Morel',
  'Girard',
  'André',
  'Mercier',
  'Dupont',
  'Lambert',
  'Bonnet',
  'François',
  'Martinez',
  'Legrand',
  'Garnier',
  'Faure',
  'Rousseau',
  'Blanc',
  'Guérin',
  'Muller',
  'Henry',
  'Roussel',
  'Nicolas',
  'Perrin',
  'Morin',
  'Mathieu',
  'Clément',
  'Gauthier',
  'Dumont',
  'Lopez',
  'Fontaine',
  'Chevalier',
  'Robin',
  'Masson',
  'Benali',
  'Diallo',
  'Nguyen',
  'Haddad',
  'Traoré',
  'Lemaire',
  'Rey',
  'Colin',
  'Vidal',
  'Caron',
  'Picard',
  'Roger',
  'Lucas',
  'Brunet',
  'Gaillard',
  'Barbier',
  'Arnaud',
  'Martel',
  'Giraud',
  'Aubert',
]
const JOBS = [
  'Fondatrice',
  'Fondateur',
  'Cofondatrice',
  'Cofondateur',
  'Gérante',
  'Gérant',
  'Consultante',
  'Consultant',
  'Artisan',
  'Directrice commerciale',
  'Directeur financier',
  'Freelance',
  'Présidente',
  'Responsable marketing',
  'Développeur',
  'Designer',
  'Coach',
  'Expert-comptable',
  'Avocate',
  'Commerçant',
]
const COMPANIES = [
  'Atelier Lumière',
  'Les Jardins de Lucie',
  'NovaBio',
  'Kipling Conseil',
  'Brasserie du Port',
  'Terre & Ciel',
  'Boulangerie Martin',
  'Optimia',
  'Studio Pixel',
  'Mobilis',
  'Cabinet Durand',
  'Solaria',
  'Vélo Vert',
  'La Fabrique Locale',
  'Datacraft',
  'Maison Colin',
  'Oxalis',
  'Hexagone RH',
  'Le Comptoir Digital',
  'Agence Mistral',
]
const CITIES = [
  'Paris',
  'Lyon',
  'Marseille',
  'Toulouse',
  'Nantes',
  'Bordeaux',
  'Lille',
  'Rennes',
  'Strasbourg',
  'Montpellier',
  'Grenoble',
  'Nice',
  'Dijon',
  'Angers',
  'Brest',
  'Tours',
  'Clermont-Ferrand',
  'Rouen',
  'Metz',
  'Caen',
  'Bruxelles',
  'Genève',
  'Montréal',
  'Dakar',
  'Casablanca',
  'Abidjan',
]
// Each topic carries its article (le, la, les, l’): the templates never put « de » or « en »
// before one (« de les avis clients »).
const TOPICS = [
  'la levée de fonds',
  'le premier recrutement',
  'la prospection B2B',
  'le prix de vente',
  'la trésorerie',
  'le business plan',
  'la marque employeur',
  'le référencement naturel',
  'la facturation électronique',
  'le statut juridique',
  'la TVA intracommunautaire',
  'le crédit d’impôt recherche',
  'la rentabilité',
  'le marketing d’influence',
  'la logistique du dernier kilomètre',
  'la fidélisation client',
  'les réseaux sociaux',
  'le financement participatif',
  'la franchise',
  'la cession d’entreprise',
  'le prêt d’honneur',
  'les subventions régionales',
  'l’export au Canada',
  'la démarche RSE',
  'le télétravail',
  'la négociation commerciale',
  'le mentorat',
  'le pitch devant les investisseurs',
  'la comptabilité analytique',
  'le dropshipping',
  'l’intelligence artificielle',
  'la cybersécurité',
  'le pacte d’associés',
  'la propriété intellectuelle',
  'le dépôt de marque',
  'la boutique en ligne',
  'les salons professionnels',
  'la croissance externe',
  'l’épuisement du dirigeant',
  'la gestion du temps',
  'le service après-vente',
  'les conditions générales de vente',
  'l’étude de marché',
  'le modèle par abonnement',
  'la première embauche en CDI',
  'le portage salarial',
  'les business angels',
  'le bilan carbone',
  'la relation bancaire',
  'la comptabilité en ligne',
  'les délais de paiement',
  'le recouvrement des impayés',
  'le CRM',
  'l’emailing',
  'la publicité locale',
  'les avis clients',
  'le packaging',
  'les circuits courts',
  'l’économie circulaire',
  'la reprise d’entreprise',
]
const TITLE_TEMPLATES = [
  'Comment bien gérer %s ?',
  'Vos conseils sur %s ?',
  'Retour d’expérience sur %s',
  'Ce que j’ai appris sur %s',
  '%S : par où commencer ?',
  'Les erreurs à éviter avec %s',
  'Faut-il externaliser %s ?',
  'Un an après : mon bilan sur %s',
  'Atelier gratuit sur %s',
  'Guide pratique : %s pas à pas',
  'Question rapide sur %s',
  'Témoignage : %s dans une TPE',
  'Webinaire : %s',
  'Ressource : un modèle pour %s',
  '%S, vraiment indispensable ?',
  'Cinq outils pour %s',
  'Quelqu’un a de l’expérience avec %s ?',
  'Mon échec avec %s, et comment j’ai rebondi',
]
const QUALIFIERS = [
  '',
  '',
  '',
  '',
  '',
  ' à Lyon',
  ' à Nantes',
  ' en Bretagne',
  ' pour une TPE',
  ' en 2025',
  ' dans le bâtiment',
  ' dans la restauration',
  ' pour un artisan',
  ' en Afrique de l’Ouest',
  ' au Québec',
  ' pour une startup',
  ' dans le e-commerce',
  ' dans la santé',
]
// An angle on the topic, in most titles: few titles repeat word for word, as in a real feed.
const ANGLES = [
  ' avec un petit budget',
  ' en solo',
  ' sans salarié',
  ' dès la première année',
  ' en période de crise',
  ' quand on débute',
  ' pour une association',
  ' à distance',
  ' en franchise',
  ' dans une SCOP',
  ' pour un premier magasin',
  ' avec une équipe de trois',
  ' à l’international',
  ' en quatre-vingt-dix jours',
  ' sans expert-comptable',
  ' en famille',
  ' après un licenciement',
  ' à côté d’un CDI',
  ' avec des associés',
  ' en zone rurale',
  ' pour une marque de mode',
  ' dans le numérique',
  ' en reconversion',
  ' après cinquante ans',
  ' avec un mentor',
  ' en autofinancement',
]
// Words found in few posts, so that a search also meets rare terms.
const RARE_WORDS = [
  'kombucha',
  'permaculture',
  'lithographie',
  'apiculture',
  'tonnellerie',
  'micro-brasserie',
  'chocolaterie',
  'maroquinerie',
  'sérigraphie',
  'ostréiculture',
  'ferronnerie',
  'vannerie',
]
const SENTENCES = [
  'Je lance mon activité depuis quelques mois et je me pose beaucoup de questions sur %s.',
  'Nous avons testé plusieurs approches pour %s, avec des résultats très variables.',
  'Le plus difficile a été de convaincre les premiers clients de nous faire confiance.',
  'Mon expert-comptable me conseille d’anticiper, mais les délais sont serrés.',
  'Avez-vous des retours d’expérience à partager ?',
  'Je partage ici ce qui a fonctionné pour nous, en espérant que cela vous aide.',
  'La banque nous a demandé un prévisionnel sur trois ans avant de répondre.',
  'Nous sommes une équipe de quatre personnes, tous passionnés par notre métier.',
  'Les chiffres du dernier trimestre sont encourageants malgré un marché difficile.',
  'J’hésite entre recruter un salarié et travailler avec des indépendants.',
  'Un accompagnement par la chambre de commerce nous a fait gagner un temps précieux.',
  'Dans notre réseau d’entrepreneurs, %s revient souvent dans les discussions.',
  'Notre chiffre d’affaires a doublé depuis que nous avons revu notre offre.',
  'Je recommande vivement de se faire accompagner par un mentor dès le départ.',
  'Quels outils utilisez-vous au quotidien pour gagner en efficacité ?',
  'Nous organisons une rencontre le mois prochain, inscription gratuite.',
  'Le bouche-à-oreille reste notre premier canal d’acquisition.',
  'Après deux ans d’activité, voici les leçons que j’en tire.',
  'La réglementation a changé cette année et beaucoup d’entreprises l’ignorent encore.',
  'Je cherche un associé complémentaire, plutôt orienté commercial.',
  'Nos clients sont surtout des PME de la région, avec des besoins très concrets.',
  'Le prix reste le premier frein, même quand la valeur est évidente.',
  'J’ai rédigé un guide complet sur %s, disponible gratuitement.',
  'Merci d’avance pour vos conseils et vos retours francs !',
  'Nous avons obtenu un prêt d’honneur qui a débloqué le financement bancaire.',
  'La transition écologique est au cœur de notre projet depuis le premier jour.',
  'Nos fournisseurs locaux sont devenus de vrais partenaires.',
  'Je suis preneur de contacts dans le secteur, n’hésitez pas à m’écrire.',
]
const COMMENTS = [
  'Merci pour le partage, très utile !',
  'Même expérience de notre côté, il faut tenir bon.',
  'Avez-vous essayé de passer par un réseau d’accompagnement ?',
  'Je vous envoie un message privé, nous avons vécu la même chose.',
  'Très bon retour, je le garde pour plus tard.',
  'Attention aux délais de paiement, c’est souvent là que tout se joue.',
  'Bravo pour votre parcours !',
  'Je ne suis pas tout à fait d’accord : tout dépend du secteur.',
  'Un expert-comptable peut vous aider à y voir clair rapidement.',
  'Super initiative, je m’inscris.',
  'Quel budget faut-il prévoir pour commencer ?',
  'Nous utilisons un outil similaire depuis un an, très satisfaits.',
]
const TAGS = [
  'financement',
  'startup',
  'tpe',
  'recrutement',
  'marketing',
  'export',
  'rse',
  'juridique',
  'banque',
  'croissance',
  'digital',
  'commerce',
  'artisanat',
  'innovation',
  'réseau',
]
const BIOS = [
  'Entrepreneur passionné, j’accompagne les TPE dans leur croissance.',
  'Je crée des produits locaux et responsables depuis 2019.',
  'Ancienne cadre, je me suis lancée dans l’aventure entrepreneuriale.',
  'Toujours partant pour échanger sur le financement et la stratégie.',
  'Artisan de père en fils, je modernise l’entreprise familiale.',
]

function literal(value: string): string {
  return `'${value.replaceAll("'", "''")}'`
}

function textArray(values: readonly string[]): string {
  return `array[${values.map(literal).join(', ')}]::text[]`
}

/** `array[…]` indexed by a float in [0, 1), 1-based as SQL arrays are. */
function pick(values: readonly string[], unit: string): string {
  return `(${textArray(values)})[1 + floor((${unit}) * ${values.length})::int]`
}

/** Upper-cases the first letter (for a topic that opens a title). */
function capitalised(expression: string): string {
  return `upper(left(${expression}, 1)) || substr(${expression}, 2)`
}

/** A title template filled with a topic expression: %s as is, %S capitalised. */
function titleExpression(template: string, topic: string): string {
  return template
    .split(/(%s|%S)/)
    .filter((part) => part !== '')
    .map((part) => (part === '%s' ? topic : part === '%S' ? capitalised(topic) : literal(part)))
    .join(' || ')
}

/**
 * Fills the database with `posts` posts and everything around them, in one transaction,
 * then vacuums and analyses the tables. Counters are recomputed from the rows in SQL.
 */
export async function generateBenchData(
  db: SqlRunner,
  options: BenchDataOptions,
): Promise<BenchDataSummary> {
  const log = options.log ?? (() => {})
  const started = performance.now()
  const posts = Math.max(1, Math.trunc(options.posts))
  const members = memberCountFor(posts)

  const step = async (label: string, statement: string) => {
    const start = performance.now()
    await db.exec(statement)
    log(`  ${label} (${((performance.now() - start) / 1000).toFixed(1)} s)`)
  }

  const existing = await db.query<{ count: number }>(
    `select (select count(*) from posts)::int + (select count(*) from profiles)::int as count`,
  )
  if ((existing.rows[0]?.count ?? 0) > 0 && !options.replace) {
    throw new Error(
      'La base contient déjà des membres ou des publications : relancez avec --replace pour les remplacer.',
    )
  }

  await db.exec('begin')
  try {
    await db.exec(
      `set local work_mem = '${options.driver === 'pglite' ? '64MB' : '256MB'}';
       set local maintenance_work_mem = '${options.driver === 'pglite' ? '256MB' : '1GB'}';
       select setseed(0.4242)`,
    )
    if (options.replace) await step('tables vidées', `truncate ${MEMBER_ROOTS.join(', ')} cascade`)

    const { rows: indexes } = await db.query<{ name: string; definition: string }>(`
      select quote_ident(index_class.relname) as name, pg_get_indexdef(i.indexrelid) as definition
      from pg_index i
      join pg_class index_class on index_class.oid = i.indexrelid
      join pg_class table_class on table_class.oid = i.indrelid
      join pg_namespace n on n.oid = table_class.relnamespace and n.nspname = current_schema()
      where table_class.relname in (${LOADED_TABLES.map(literal).join(', ')})
        and not i.indisprimary
        and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`)
    await step(
      `${indexes.length} index secondaires retirés pendant le chargement`,
      indexes.map((index) => `drop index ${index.name};`).join('\n') || 'select 1',
    )

    const topic = `(${textArray(TOPICS)})[g.topic]`
    // The topic with a place or a kind of business after it, in some titles.
    const angle = `case when g.r_angle < 0.6 then ${pick(ANGLES, 'g.r_angle / 0.6')} else '' end`
    const qualifiedTopic = `(${topic} || ${pick(QUALIFIERS, 'g.r_qualifier')} || ${angle})`
    const titleCases = TITLE_TEMPLATES.map(
      (template, index) => `when ${index + 1} then ${titleExpression(template, qualifiedTopic)}`,
    ).join('\n            ')
    // Two different tags: the second one is a non-zero step after the first.
    const firstTag = `floor(g.r_tags * 2.5 * ${TAGS.length})::int`
    const secondTag = `(${firstTag} + 1 + floor(g.r_c1 * ${TAGS.length - 1})::int) % ${TAGS.length}`
    const sentence = (unit: string) => `replace(${pick(SENTENCES, unit)}, '%s', ${topic})`

    // Members: the account row creates the profile (trigger); the profile then gets fields
    // and a deterministic id, md5('m' || n), that the posts below refer to.
    await step(
      `${members} membres`,
      `insert into users (id, name, email, email_verified, first_name, last_name, created_at, updated_at)
       select '${BENCH_USER_PREFIX}' || n, first_name || ' ' || last_name,
         '${BENCH_USER_PREFIX}' || n || '@bench.tremplin.invalid', true, first_name, last_name, joined, joined
       from (
         select n, ${pick(FIRST_NAMES, 'random()')} as first_name, ${pick(LAST_NAMES, 'random()')} as last_name,
           now() - interval '${DAY_SPAN + 60} days' + random() * interval '${DAY_SPAN} days' as joined
         from generate_series(1, ${members}) as n
       ) as member;
       update profiles set
         id = md5('m' || substr(user_id, ${BENCH_USER_PREFIX.length + 1}))::uuid,
         job = case when random() < 0.8 then ${pick(JOBS, 'random()')} end,
         company = case when random() < 0.6 then ${pick(COMPANIES, 'random()')} end,
         city = ${pick(CITIES, 'random()')},
         country = 'France',
         bio = case when random() < 0.5 then ${pick(BIOS, 'random()')} end,
         created_at = users.created_at, updated_at = users.created_at
       from users where users.id = profiles.user_id`,
    )

    // Posts, oldest first over two years: ids md5('p' || s); a few members write most.
    // Counters are drawn here (a long tail of votes), the rows they count follow from them.
    // Their numbers among namesakes are given afterwards in one statement: the trigger that
    // gives them row by row would read its index, dropped for the load (ADR 059).
    await db.exec('alter table posts disable trigger posts_namesake_number')
    await step(
      `${posts} publications`,
      `with taxonomy as (
         select
           array(select id from categories where name <> 'tous' order by position) as categories,
           array(select id from sectors where name <> 'tous' order by position) as sectors,
           array(select id from post_types order by position) as types
       )
       insert into posts (id, title, content, author_id, type_id, category_id, sector_id, tags,
         event_date, event_location, price, upvotes, downvotes, comments_count, views_count,
         created_at, updated_at)
       select md5('p' || g.s)::uuid,
         case g.template
            ${titleCases}
         end || case when g.r_rare < 0.004 then ' (' || ${pick(RARE_WORDS, 'g.r_rare * 250')} || ')' else '' end,
         ${sentence('g.r_c1')} || ' ' || ${sentence('g.r_c2')}
           || case when g.r_c3 < 0.7 then ' ' || ${sentence('g.r_c3 / 0.7')} else '' end
           || case when g.r_c4 < 0.4 then ' ' || ${sentence('g.r_c4 / 0.4')} else '' end,
         md5('m' || (1 + floor(${members} * power(g.r_author, 2.2))::int))::uuid,
         taxonomy.types[g.type_index],
         taxonomy.categories[1 + floor(22 * power(g.r_category, 1.5))::int],
         case when g.r_sector < 0.75 then taxonomy.sectors[1 + floor(29 * g.r_sector / 0.75)::int] end,
         case when g.r_tags < 0.4 then array[(${textArray(TAGS)})[1 + ${firstTag}], (${textArray(TAGS)})[1 + ${secondTag}]]
              when g.r_tags < 0.6 then array[${pick(TAGS, '(g.r_tags - 0.4) * 5')}]
              else '{}'::text[] end,
         case when g.type_index = 4 then g.created_at + (7 + floor(g.r_c2 * 60)) * interval '1 day' end,
         case when g.type_index = 4 then ${pick(CITIES, 'g.r_c3')} end,
         case when g.type_index = 4 then case when g.r_c4 < 0.5 then 0 else 10 + floor(g.r_c4 * 140) end end,
         g.votes - floor(g.votes * 0.25 * g.r_down)::int,
         floor(g.votes * 0.25 * g.r_down)::int,
         floor(5 * power(g.r_comments, 2.5))::int,
         g.votes * (3 + floor(g.r_c1 * 8))::int + floor(g.r_c2 * 60)::int,
         g.created_at, g.created_at
       from taxonomy, (
         select s,
           to_timestamp(extract(epoch from now())::float8 - ${DAY_SPAN} * 86400
             + (s - random()) * (${DAY_SPAN} * 86400 - 3600) / ${posts}) as created_at,
           1 + (floor(random() * ${TOPICS.length}))::int as topic,
           1 + (floor(random() * ${TITLE_TEMPLATES.length}))::int as template,
           case when random() < 0.5 then 1 when random() < 0.4 then 3 when random() < 0.5 then 2
                when random() < 0.6 then 5 else 4 end as type_index,
           floor(25 * power(random(), 3))::int as votes,
           random() as r_qualifier, random() as r_angle, random() as r_rare, random() as r_author, random() as r_category,
           random() as r_sector, random() as r_tags, random() as r_down, random() as r_comments,
           random() as r_c1, random() as r_c2, random() as r_c3, random() as r_c4
         from generate_series(1, ${posts}) as s
       ) as g`,
    )

    await step('publications homonymes numérotées', 'select number_post_namesakes()')
    await db.exec('alter table posts enable trigger posts_namesake_number')

    // The links, votes, comments and saves, drawn from the bytes of each post's (random) id.
    // The links get their post's created_at here, the votes and comments their post's author:
    // the triggers that copy them row by row (one lookup each) are paused for the load, inside
    // the transaction.
    const interactionTables = ['post_categories', 'post_sectors', 'post_votes', 'comments']
    await db.exec(
      interactionTables.map((table) => `alter table ${table} disable trigger user;`).join(' '),
    )
    const byte = (index: number) => `get_byte(uuid_send(p.id), ${index})`
    await step(
      'catégories des publications',
      `with taxonomy as (select array(select id from categories where name <> 'tous' order by position) as ids)
       insert into post_categories (post_id, category_id, created_at)
       select p.id, taxonomy.ids[1 + (array_position(taxonomy.ids, p.category_id) - 1 + k * 7) % 22],
         p.created_at
       from posts p, taxonomy,
         generate_series(0, (${byte(0)} < 90)::int + (${byte(0)} < 26)::int) as k`,
    )
    await step(
      'secteurs des publications',
      `with taxonomy as (select array(select id from sectors where name <> 'tous' order by position) as ids)
       insert into post_sectors (post_id, sector_id, created_at)
       select p.id, taxonomy.ids[1 + (array_position(taxonomy.ids, p.sector_id) - 1 + k * 11) % 29],
         p.created_at
       from posts p, taxonomy, generate_series(0, (${byte(1)} < 50)::int) as k
       where p.sector_id is not null`,
    )
    const memberOf = (start: string, stride: number) =>
      `'${BENCH_USER_PREFIX}' || (1 + (${start} + i::bigint * ${stride}) % ${members})`
    await step(
      'votes',
      `insert into post_votes (post_id, post_author_id, user_id, vote_type, created_at)
       select p.id, p.author_id, ${memberOf(`(${byte(2)} * 65536 + ${byte(3)} * 256 + ${byte(4)})`, VOTER_STRIDE)},
         case when i <= p.upvotes then 'up' else 'down' end,
         p.created_at + (now() - p.created_at) * (i::float8 / (p.upvotes + p.downvotes + 1))
       from posts p, generate_series(1, p.upvotes + p.downvotes) as i`,
    )
    await step(
      'commentaires',
      `insert into comments (post_id, post_author_id, author_id, content, created_at)
       select p.id, p.author_id,
         md5('m' || (1 + (${byte(5)} * 65536 + ${byte(6)} * 256 + ${byte(7)} + i::bigint * ${COMMENTER_STRIDE}) % ${members}))::uuid,
         (${textArray(COMMENTS)})[1 + (${byte(8)} + i) % ${COMMENTS.length}],
         p.created_at + (now() - p.created_at) * (i::float8 / (p.comments_count + 1)) * random()
       from posts p, generate_series(1, p.comments_count) as i`,
    )
    await db.exec(
      interactionTables.map((table) => `alter table ${table} enable trigger user;`).join(' '),
    )
    await step(
      'publications enregistrées',
      `insert into saved_posts (post_id, user_id, created_at)
       select p.id, ${memberOf(`(${byte(10)} * 65536 + ${byte(11)} * 256 + ${byte(12)})`, SAVER_STRIDE)},
         p.created_at + (now() - p.created_at) * random()
       from posts p, generate_series(1, case when ${byte(9)} < 60 then 1 + ${byte(9)} % 3 else 0 end) as i`,
    )
    await step(
      'communautés favorites',
      `insert into favorite_communities (user_id, item_type, item_id)
       select profiles.user_id, 'category', category.id
       from profiles
       cross join lateral (
         select id from categories where name <> 'tous' order by position
         offset get_byte(uuid_send(profiles.id), 0) % 22 limit 1
       ) as category
       where get_byte(uuid_send(profiles.id), 1) < 51`,
    )

    // The counters, recomputed from the rows: any difference is corrected here.
    await step(
      'compteurs recalculés',
      `with votes as (
         select post_id, count(*) filter (where vote_type = 'up')::int as up,
           count(*) filter (where vote_type = 'down')::int as down
         from post_votes group by post_id
       ), comment_counts as (
         select post_id, count(*)::int as n from comments group by post_id
       ), expected as (
         select p.id, coalesce(v.up, 0) as up, coalesce(v.down, 0) as down, coalesce(c.n, 0) as n
         from posts p left join votes v on v.post_id = p.id left join comment_counts c on c.post_id = p.id
       )
       update posts set upvotes = e.up, downvotes = e.down, comments_count = e.n
       from expected e
       where posts.id = e.id and (posts.upvotes, posts.downvotes, posts.comments_count) <> (e.up, e.down, e.n)`,
    )

    for (const index of indexes) {
      await step(`index ${index.name}`, index.definition)
    }
    await db.exec('commit')
  } catch (error) {
    await db.exec('rollback')
    throw error
  }

  // VACUUM runs outside a transaction block, one statement at a time.
  for (const table of [...LOADED_TABLES, 'favorite_communities']) {
    await step(`vacuum analyze ${table}`, `vacuum analyze ${table}`)
  }

  const { rows } = await db.query<Omit<BenchDataSummary, 'seconds'>>(`
    select (select count(*) from profiles)::int as members,
      (select count(*) from posts)::int as posts,
      (select count(*) from post_votes)::int as votes,
      (select count(*) from comments)::int as comments,
      (select count(*) from saved_posts)::int as saves,
      (select count(*) from post_categories)::int as "postCategories",
      (select count(*) from post_sectors)::int as "postSectors",
      (select count(*) from favorite_communities)::int as favorites`)
  return { ...rows[0]!, seconds: (performance.now() - started) / 1000 }
}

/** Posts whose counters differ from the rows they count (0 when the data is consistent). */
export async function countCounterMismatches(db: SqlRunner): Promise<number> {
  const { rows } = await db.query<{ count: number }>(`
    select count(*)::int as count from posts p
    where p.upvotes <> (select count(*) from post_votes v where v.post_id = p.id and v.vote_type = 'up')
       or p.downvotes <> (select count(*) from post_votes v where v.post_id = p.id and v.vote_type = 'down')
       or p.comments_count <> (select count(*) from comments c where c.post_id = p.id)`)
  return rows[0]?.count ?? 0
}
