import { PendingScreen } from '~/components/pending-screen'

export const meta = () => [{ title: 'Tarifs · Tremplin' }]

export default function Screen() {
  return (
    <PendingScreen
      title="Tarifs"
      description="Les offres Gratuit, Premium et Entreprise de Tremplin."
    />
  )
}
