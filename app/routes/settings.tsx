import { PendingScreen } from '~/components/pending-screen'

export default function Settings() {
  return (
    <PendingScreen
      title="Paramètres"
      description="Mot de passe, sessions, double authentification, export et suppression du compte."
    />
  )
}
