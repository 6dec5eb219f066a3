import { Link, type MetaArgs } from 'react-router'
import { LegalDocument, type DocumentSection } from '~/features/marketing/marketing-ui'
import { pageMeta } from '~/features/marketing/page-meta'
import { SUPPORT_EMAILS } from '~/features/marketing/site-info'

export const meta = (page: MetaArgs) =>
  pageMeta(
    'Conditions d’utilisation',
    'Les conditions générales d’utilisation de Tremplin, le réseau social des entrepreneurs francophones. Dernière mise à jour : 12 octobre 2025.',
    page,
  )

const SECTIONS: readonly DocumentSection[] = [
  {
    id: 'objet',
    title: 'Objet',
    content: (
      <p>
        Les présentes conditions encadrent l’utilisation de Tremplin, réseau social professionnel
        des entrepreneurs francophones, accessible sur ce site. En créant un compte ou en utilisant
        le service, vous les acceptez sans réserve. L’éditeur du service est présenté dans les{' '}
        <Link to="/mentions-legales">mentions légales</Link>.
      </p>
    ),
  },
  {
    id: 'acces',
    title: 'Accès au service et inscription',
    content: (
      <>
        <p>
          Les visiteurs peuvent consulter le fil d’actualité et les publications. Publier, voter,
          commenter, sauvegarder des publications ou suivre des communautés demande un compte.
        </p>
        <p>
          L’inscription est gratuite et réservée aux personnes âgées d’au moins 16 ans. Elle se fait
          avec une adresse email valide, que vous confirmez en ouvrant le lien reçu, et un mot de
          passe d’au moins 8 caractères. Les informations que vous donnez doivent être exactes et
          tenues à jour.
        </p>
      </>
    ),
  },
  {
    id: 'compte',
    title: 'Votre compte',
    content: (
      <p>
        Vous êtes responsable de la confidentialité de votre mot de passe et des actions faites
        depuis votre compte. Nous vous recommandons d’activer la double authentification dans vos
        paramètres. Si vous soupçonnez un accès frauduleux, changez votre mot de passe et
        écrivez-nous à <a href={`mailto:${SUPPORT_EMAILS.security}`}>{SUPPORT_EMAILS.security}</a>.
      </p>
    ),
  },
  {
    id: 'publication',
    title: 'Règles de publication',
    content: (
      <p>
        Vos publications, commentaires et votre profil doivent respecter la loi et les{' '}
        <Link to="/moderation">règles de modération</Link>, qui font partie des présentes
        conditions. Tout contenu contraire peut être retiré, et son auteur averti, suspendu de 7 à
        30 jours ou exclu selon la gravité des faits.
      </p>
    ),
  },
  {
    id: 'contenus',
    title: 'Vos contenus et la propriété intellectuelle',
    content: (
      <>
        <p>
          Vous restez propriétaire des contenus que vous publiez. Vous accordez à l’éditeur, pour la
          durée de leur publication, une licence gratuite et non exclusive pour les héberger, les
          reproduire et les afficher sur Tremplin, à seule fin de faire fonctionner le service.
        </p>
        <p>
          La marque Tremplin, le site et ses éléments graphiques appartiennent à l’éditeur et ne
          peuvent être reproduits sans son autorisation.
        </p>
      </>
    ),
  },
  {
    id: 'offres',
    title: 'Offres et tarifs',
    content: (
      <p>
        L’offre Gratuit est sans frais. Les offres Premium et Entreprise, décrites sur la{' '}
        <Link to="/pricing">page des tarifs</Link>, sont payantes ; leur prix est indiqué toutes
        taxes comprises avant toute souscription.
      </p>
    ),
  },
  {
    id: 'responsabilite',
    title: 'Responsabilité',
    content: (
      <>
        <p>
          Tremplin met en relation des entrepreneurs ; les conseils, offres et informations publiés
          par les membres n’engagent que leurs auteurs. Vérifiez toute information avant de prendre
          une décision, en particulier financière ou juridique.
        </p>
        <p>
          Nous faisons notre possible pour que le service soit disponible et sûr, sans pouvoir
          garantir une disponibilité continue. Il peut être interrompu pour maintenance.
        </p>
      </>
    ),
  },
  {
    id: 'donnees',
    title: 'Données personnelles',
    content: (
      <p>
        Le traitement de vos données est décrit dans la{' '}
        <Link to="/privacy">politique de confidentialité</Link>. Vous pouvez exporter vos données et
        supprimer votre compte à tout moment depuis vos paramètres.
      </p>
    ),
  },
  {
    id: 'fin',
    title: 'Suspension et suppression du compte',
    content: (
      <p>
        Vous pouvez supprimer votre compte à tout moment depuis vos paramètres : vos données sont
        alors effacées dans un délai de 30 jours, sauf obligation légale de conservation. L’éditeur
        peut suspendre ou fermer un compte qui ne respecte pas les présentes conditions, dans le
        respect des règles de modération.
      </p>
    ),
  },
  {
    id: 'modifications',
    title: 'Modification des conditions',
    content: (
      <p>
        Ces conditions peuvent évoluer. Toute modification importante vous est annoncée par email ou
        sur le site au moins 15 jours avant son entrée en vigueur ; continuer à utiliser Tremplin
        ensuite vaut acceptation.
      </p>
    ),
  },
  {
    id: 'droit',
    title: 'Droit applicable et litiges',
    content: (
      <p>
        Les présentes conditions sont soumises au droit français. En cas de différend, écrivez-nous
        d’abord à <a href={`mailto:${SUPPORT_EMAILS.support}`}>{SUPPORT_EMAILS.support}</a> pour
        chercher une solution amiable ; à défaut, les tribunaux français sont compétents.
      </p>
    ),
  },
]

export default function TermsScreen() {
  return (
    <LegalDocument
      title="Conditions d’utilisation"
      lead="Les règles du jeu de Tremplin, pour les visiteurs comme pour les membres."
      updated="12 octobre 2025"
      sections={SECTIONS}
    />
  )
}
