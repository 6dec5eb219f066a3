import { PendingScreen } from '~/components/pending-screen'

export const meta = () => [{ title: 'Modifier mon profil · Tremplin' }]

export default function Screen() {
  return (
    <PendingScreen
      title="Modifier mon profil"
      description="Mettez à jour vos informations, votre avatar et votre bannière."
    />
  )
}
