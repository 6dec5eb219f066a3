import { Link, type MetaArgs } from 'react-router'
import { Button } from '~/components/ui/button'
import { LegalDocument, type DocumentSection } from '~/features/marketing/marketing-ui'
import { pageMeta } from '~/features/marketing/page-meta'
import { SUPPORT_EMAILS } from '~/features/marketing/site-info'

export const meta = (page: MetaArgs) =>
  pageMeta(
    'Politique de confidentialité',
    'Quelles données Tremplin collecte, pourquoi, avec qui elles sont partagées, combien de temps elles sont gardées et comment exercer vos droits RGPD.',
    page,
  )

// The ten sections the spec names (§2), with the data categories of §3 and the rights of §9.
const SECTIONS: readonly DocumentSection[] = [
  {
    id: 'introduction',
    title: 'Introduction',
    content: (
      <p>
        Cette politique explique comment Tremplin traite vos données personnelles lorsque vous
        visitez le site ou utilisez votre compte, conformément au règlement général sur la
        protection des données (RGPD) et à la loi Informatique et Libertés. Le responsable du
        traitement est l’éditeur du service, présenté dans les{' '}
        <Link to="/mentions-legales">mentions légales</Link>.
      </p>
    ),
  },
  {
    id: 'donnees-collectees',
    title: 'Données collectées',
    content: (
      <>
        <h3>Informations de compte</h3>
        <ul>
          <li>Nom et prénom, adresse email ;</li>
          <li>mot de passe, conservé uniquement sous forme chiffrée (hachée) ;</li>
          <li>
            informations professionnelles que vous choisissez d’ajouter : entreprise, poste,
            secteur, ville, présentation, liens.
          </li>
        </ul>
        <h3>Activité sur Tremplin</h3>
        <ul>
          <li>
            Publications, commentaires, votes (j’aime, je n’aime pas), partages et publications
            sauvegardées ;
          </li>
          <li>messages privés, lorsque vous utilisez la messagerie ;</li>
          <li>
            historique de navigation sur le service : publications consultées, communautés suivies.
          </li>
        </ul>
        <h3>Messages de contact</h3>
        <ul>
          <li>
            Nom, adresse email, sujet et message, lorsque vous nous écrivez depuis la page de
            contact.
          </li>
        </ul>
        <h3>Données techniques</h3>
        <ul>
          <li>Adresse IP, type de navigateur et d’appareil, enregistrés avec vos sessions ;</li>
          <li>cookies (voir la section 8) ;</li>
          <li>
            localisation approximative, telle qu’elle se déduit de l’adresse IP : nous n’utilisons
            aucune géolocalisation précise.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'utilisation',
    title: 'Utilisation des données',
    content: (
      <>
        <p>Vos données servent à :</p>
        <ul>
          <li>
            fournir le service : votre compte, votre profil, vos publications et vos échanges
            (exécution des conditions d’utilisation) ;
          </li>
          <li>
            sécuriser le service : limiter les tentatives de connexion, prévenir la fraude et les
            abus (intérêt légitime) ;
          </li>
          <li>
            vous écrire au sujet de votre compte : confirmation d’adresse, réinitialisation du mot
            de passe, alertes de sécurité ;
          </li>
          <li>répondre à vos messages envoyés depuis la page de contact ;</li>
          <li>respecter nos obligations légales.</li>
        </ul>
        <p>Nous ne vendons pas vos données et ne les utilisons pas à des fins publicitaires.</p>
      </>
    ),
  },
  {
    id: 'partage',
    title: 'Partage des données',
    content: (
      <>
        <p>
          Votre profil public (nom, poste, entreprise, ville, pays, bio, photos et liens que vous
          ajoutez) et vos publications sont visibles sur Tremplin, y compris sans compte : ils
          figurent dans le plan du site que lisent les moteurs de recherche, qui peuvent les
          référencer. Votre adresse email, votre description privée et vos publications sauvegardées
          ne sont jamais montrées aux autres.
        </p>
        <p>
          Nous confions certaines opérations à des prestataires techniques (hébergement, stockage
          des images, envoi des emails), tenus par contrat de protéger vos données et de ne les
          utiliser que pour notre compte. Les autorités peuvent obtenir communication de données
          lorsque la loi l’exige.
        </p>
      </>
    ),
  },
  {
    id: 'droits',
    title: 'Vos droits (RGPD)',
    content: (
      <>
        <p>Vous disposez à tout moment des droits suivants sur vos données :</p>
        <ul>
          <li>
            <strong>accès</strong> : savoir quelles données nous détenons sur vous ;
          </li>
          <li>
            <strong>rectification</strong> : corriger des données inexactes, directement depuis
            votre profil ;
          </li>
          <li>
            <strong>effacement</strong> : supprimer votre compte depuis vos paramètres ;
          </li>
          <li>
            <strong>portabilité</strong> : télécharger vos données dans un format ouvert depuis vos
            paramètres ;
          </li>
          <li>
            <strong>opposition</strong> : vous opposer à un traitement fondé sur notre intérêt
            légitime.
          </li>
        </ul>
        <p>
          Pour toute demande, écrivez à{' '}
          <a href={`mailto:${SUPPORT_EMAILS.privacy}`}>{SUPPORT_EMAILS.privacy}</a> ou à notre
          délégué à la protection des données,{' '}
          <a href={`mailto:${SUPPORT_EMAILS.dpo}`}>{SUPPORT_EMAILS.dpo}</a>. Nous répondons dans un
          délai d’un mois. Si vous estimez que vos droits ne sont pas respectés, vous pouvez
          adresser une réclamation à la CNIL (cnil.fr).
        </p>
      </>
    ),
  },
  {
    id: 'securite',
    title: 'Sécurité',
    content: (
      <p>
        Les échanges avec le site sont chiffrés (HTTPS). Les mots de passe sont hachés, jamais
        conservés en clair ; les cookies de session sont inaccessibles aux scripts ; les tentatives
        de connexion sont limitées et la double authentification est proposée à chaque membre.
        L’accès aux données est réservé aux personnes qui en ont besoin pour faire fonctionner le
        service.
      </p>
    ),
  },
  {
    id: 'conservation',
    title: 'Conservation des données',
    content: (
      <ul>
        <li>
          Les données de votre compte sont conservées tant qu’il est actif. Après sa suppression,
          elles sont effacées dans un délai de 30 jours, sauf si la loi impose de les garder plus
          longtemps.
        </li>
        <li>
          Un compte dont l’adresse email n’a jamais été confirmée est supprimé après 30 jours.
        </li>
        <li>Les sessions de connexion expirent après 30 jours sans utilisation.</li>
        <li>
          Les adresses IP qui servent à limiter les tentatives abusives ne sont plus utilisées
          au-delà de 24 heures, puis sont effacées.
        </li>
        <li>
          Les messages envoyés depuis la page de contact sont conservés le temps de traiter votre
          demande, puis au plus trois ans.
        </li>
        <li>
          Les lectures qui servent à compter les vues d’une publication (une par lecteur et par
          jour) sont effacées après deux jours ; seul le nombre de vues reste.
        </li>
      </ul>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies',
    content: (
      <>
        <p>On distingue trois types de cookies :</p>
        <ul>
          <li>
            <strong>essentiels</strong> : indispensables au service, comme le cookie qui garde votre
            session ouverte, celui qui affiche une confirmation après une action, ou, pour un
            visiteur sans compte, un identifiant aléatoire gardé 12 mois qui compte une seule fois
            par jour sa lecture d’une publication (le nombre de vues affiché sur chacune), sans
            servir à rien d’autre. Ce sont les seuls que Tremplin dépose aujourd’hui ;
          </li>
          <li>
            <strong>analytiques</strong> : mesurer l’audience du site. Tremplin n’en utilise pas ;
            s’il en utilise un jour, votre consentement vous sera demandé au préalable ;
          </li>
          <li>
            <strong>de personnalisation</strong> : retenir vos préférences. Le thème clair ou sombre
            que vous choisissez est enregistré dans votre navigateur uniquement, sans être transmis
            à nos serveurs.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'modifications',
    title: 'Modifications de cette politique',
    content: (
      <p>
        Cette politique peut évoluer avec le service ou la réglementation. Toute modification
        importante vous est annoncée par email ou sur le site avant son entrée en vigueur. La date
        de dernière mise à jour figure en haut de cette page.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Nous contacter',
    content: (
      <p>
        Une question sur vos données ? Écrivez à{' '}
        <a href={`mailto:${SUPPORT_EMAILS.privacy}`}>{SUPPORT_EMAILS.privacy}</a> ou utilisez le
        formulaire de contact.
      </p>
    ),
  },
]

export default function PrivacyScreen() {
  return (
    <LegalDocument
      title="Politique de confidentialité"
      lead="Ce que nous faisons de vos données, et comment en garder la maîtrise."
      updated="12 octobre 2025"
      sections={SECTIONS}
    >
      <Button asChild className="self-start">
        <Link to="/contact">Nous contacter</Link>
      </Button>
    </LegalDocument>
  )
}
