import { PendingScreen } from '~/components/pending-screen'

export const meta = () => [{ title: 'Connexion et inscription · Tremplin' }]

export default function Screen() {
  return (
    <PendingScreen
      title="Connexion et inscription"
      description="Connectez-vous ou créez votre compte Tremplin."
    />
  )
}
