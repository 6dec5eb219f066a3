import { Link, type MetaArgs } from 'react-router'
import { getLegalIdentity } from '~/features/marketing/legal.server'
import {
  LegalDocument,
  OperatorDetail,
  type DocumentSection,
} from '~/features/marketing/marketing-ui'
import { pageMeta } from '~/features/marketing/page-meta'
import type { Route } from './+types/mentions-legales'

export const meta = (page: MetaArgs) =>
  pageMeta(
    'Mentions légales',
    'Éditeur, directeur de la publication et hébergeur du site Tremplin, conformément à la loi pour la confiance dans l’économie numérique.',
    page,
  )

export function loader() {
  return { identity: getLegalIdentity() }
}

function Details({ rows }: { rows: readonly (readonly [string, React.ReactNode])[] }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[14rem_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-semibold">{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  )
}

export default function LegalNoticeScreen({ loaderData }: Route.ComponentProps) {
  const { identity } = loaderData
  const email = identity.contactEmail ? (
    <a href={`mailto:${identity.contactEmail}`}>{identity.contactEmail}</a>
  ) : (
    <OperatorDetail value={null} />
  )
  const sections: DocumentSection[] = [
    {
      id: 'editeur',
      title: 'Éditeur du site',
      content: (
        <Details
          rows={[
            ['Dénomination', <OperatorDetail key="name" value={identity.publisherName} />],
            [
              'Forme, capital et immatriculation',
              <OperatorDetail key="registration" value={identity.publisherRegistration} />,
            ],
            ['Adresse', <OperatorDetail key="address" value={identity.publisherAddress} />],
            ['Email', email],
            ['Téléphone', <OperatorDetail key="phone" value={identity.contactPhone} />],
          ]}
        />
      ),
    },
    {
      id: 'directeur',
      title: 'Directeur de la publication',
      content: (
        <Details rows={[['Nom', <OperatorDetail key="director" value={identity.director} />]]} />
      ),
    },
    {
      id: 'hebergeur',
      title: 'Hébergeur',
      content: (
        <Details
          rows={[
            ['Dénomination', <OperatorDetail key="host" value={identity.hostName} />],
            ['Adresse', <OperatorDetail key="host-address" value={identity.hostAddress} />],
            ['Téléphone', <OperatorDetail key="host-phone" value={identity.hostPhone} />],
          ]}
        />
      ),
    },
    {
      id: 'contact',
      title: 'Nous contacter',
      content: (
        <p>
          Pour toute question, écrivez à l’adresse de l’éditeur ci-dessus ou utilisez le{' '}
          <Link to="/contact">formulaire de contact</Link>.
        </p>
      ),
    },
    {
      id: 'propriete',
      title: 'Propriété intellectuelle',
      content: (
        <p>
          La marque Tremplin, le site et ses éléments graphiques sont protégés par le droit de la
          propriété intellectuelle. Les contenus publiés par les membres restent la propriété de
          leurs auteurs, dans les conditions prévues par les{' '}
          <Link to="/terms">conditions d’utilisation</Link>.
        </p>
      ),
    },
    {
      id: 'signalement',
      title: 'Signaler un contenu illicite',
      content: (
        <p>
          Conformément à la loi pour la confiance dans l’économie numérique, tout contenu illicite
          peut nous être signalé : la procédure et les délais de traitement figurent dans les{' '}
          <Link to="/moderation">règles de modération</Link>.
        </p>
      ),
    },
    {
      id: 'donnees',
      title: 'Données personnelles',
      content: (
        <p>
          Le traitement de vos données personnelles est décrit dans la{' '}
          <Link to="/privacy">politique de confidentialité</Link>. La déclaration d’accessibilité du
          site est disponible sur la page <Link to="/accessibilite">Accessibilité</Link>.
        </p>
      ),
    },
  ]
  return (
    <LegalDocument
      title="Mentions légales"
      lead="Les informations sur l’éditeur et l’hébergeur de Tremplin (article 6 de la loi n° 2004-575 du 21 juin 2004 pour la confiance dans l’économie numérique)."
      sections={sections}
    />
  )
}
