import { Link, type MetaArgs } from 'react-router'
import { LegalDocument, type DocumentSection } from '~/features/marketing/marketing-ui'
import { pageMeta } from '~/features/marketing/page-meta'
import { ACCESSIBILITY_COMPLIANCE, SUPPORT_EMAILS } from '~/features/marketing/site-info'
import { getEnv } from '~/server/env.server'
import type { Route } from './+types/accessibilite'

export const meta = (page: MetaArgs) =>
  pageMeta(
    'Déclaration d’accessibilité',
    'Tremplin est partiellement conforme au RGAA 4.1 : état de conformité, contenus non accessibles, signalement d’un défaut et voies de recours.',
    page,
  )

const STATEMENT_DATE = '30 novembre 2026'

export function loader() {
  return { siteUrl: getEnv().PUBLIC_URL }
}

export default function AccessibilityScreen({ loaderData }: Route.ComponentProps) {
  const sections: DocumentSection[] = [
    {
      id: 'engagement',
      title: 'Notre engagement',
      content: (
        <p>
          L’éditeur de Tremplin s’engage à rendre son site accessible conformément à l’article 47 de
          la loi n° 2005-102 du 11 février 2005. Cette déclaration d’accessibilité s’applique au
          site <span className="break-all">{loaderData.siteUrl}</span>.
        </p>
      ),
    },
    {
      id: 'etat',
      title: 'État de conformité',
      content: (
        <p>
          Tremplin est <strong>{ACCESSIBILITY_COMPLIANCE}</strong> avec le référentiel général
          d’amélioration de l’accessibilité (RGAA), version 4.1, en raison des non-conformités
          énumérées ci-dessous.
        </p>
      ),
    },
    {
      id: 'resultats',
      title: 'Résultats des tests',
      content: (
        <>
          <p>
            Aucun audit complet du RGAA n’a encore été mené par un organisme indépendant : le taux
            de conformité sera publié à l’issue de cet audit.
          </p>
          <p>
            En attendant, chaque page publique et chaque parcours principal (inscription, connexion,
            fil d’actualité, publication, profil, contact) sont vérifiés automatiquement à chaque
            évolution du site avec axe-core, sur les critères WCAG 2.2 de niveaux A et AA, en
            largeur mobile (375 px) et ordinateur (1280 px), en thème clair et sombre. La navigation
            au clavier et la gestion du focus des menus, fenêtres et formulaires sont testées à
            chaque évolution.
          </p>
        </>
      ),
    },
    {
      id: 'non-accessibles',
      title: 'Contenus non accessibles',
      content: (
        <>
          <h3>Non-conformités connues</h3>
          <ul>
            <li>
              Les images jointes aux publications publiées avant le 30 novembre 2026 n’ont pas de
              texte alternatif. Le formulaire de publication en demande désormais un, facultatif :
              une image que son auteur n’a pas décrite est présentée comme décorative (critère 1.1).
            </li>
            <li>
              Les tests avec lecteurs d’écran (NVDA, VoiceOver) et avec les réglages
              d’agrandissement du texte restent à mener de façon systématique.
            </li>
          </ul>
          <h3>Contenus non soumis à l’obligation d’accessibilité</h3>
          <ul>
            <li>
              Les contenus de tiers intégrés aux publications par les membres : vidéos hébergées par
              d’autres sites, images et textes des aperçus de liens.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'etablissement',
      title: 'Établissement de cette déclaration',
      content: (
        <>
          <p>Cette déclaration a été établie le {STATEMENT_DATE}.</p>
          <ul>
            <li>Technologies utilisées : HTML5, CSS, JavaScript, WAI-ARIA.</li>
            <li>Outils de vérification : axe-core avec Playwright, dans le navigateur Chromium.</li>
            <li>
              Pages vérifiées : accueil, fil d’actualité, connexion et inscription, publication,
              profil, paramètres, et toutes les pages d’information (tarifs, à propos, blog, FAQ,
              contact, recrutement, modération, conditions d’utilisation, confidentialité, mentions
              légales, accessibilité).
            </li>
          </ul>
        </>
      ),
    },
    {
      id: 'signaler',
      title: 'Signaler un défaut d’accessibilité',
      content: (
        <p>
          Si vous n’arrivez pas à accéder à un contenu ou à un service, écrivez-nous à{' '}
          <a href={`mailto:${SUPPORT_EMAILS.accessibility}`}>{SUPPORT_EMAILS.accessibility}</a> ou
          passez par le <Link to="/contact?sujet=Accessibilit%C3%A9">formulaire de contact</Link> :
          nous vous orienterons vers une alternative accessible ou vous transmettrons le contenu
          sous une autre forme.
        </p>
      ),
    },
    {
      id: 'recours',
      title: 'Voies de recours',
      content: (
        <>
          <p>
            Si vous nous avez signalé un défaut d’accessibilité qui vous empêche d’accéder à un
            contenu ou à un service et que vous n’avez pas obtenu de réponse satisfaisante, vous
            pouvez saisir le Défenseur des droits :
          </p>
          <ul>
            <li>
              par le{' '}
              <a href="https://formulaire.defenseurdesdroits.fr/" rel="noopener noreferrer">
                formulaire en ligne du Défenseur des droits
              </a>
              ;
            </li>
            <li>
              en contactant{' '}
              <a
                href="https://www.defenseurdesdroits.fr/carte-des-delegues"
                rel="noopener noreferrer"
              >
                le délégué du Défenseur des droits dans votre région
              </a>
              ;
            </li>
            <li>
              par courrier, gratuitement et sans timbre : Défenseur des droits, Libre réponse 71120,
              75342 Paris CEDEX 07.
            </li>
          </ul>
        </>
      ),
    },
  ]
  return (
    <LegalDocument
      title="Déclaration d’accessibilité"
      lead="Ce que nous avons vérifié, ce qui reste à améliorer, et comment nous signaler une difficulté."
      sections={sections}
    />
  )
}
