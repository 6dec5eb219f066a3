import { PendingScreen } from '~/components/pending-screen'

export const meta = () => [{ title: 'Profil · Tremplin' }]

export default function Screen() {
  return (
    <PendingScreen title="Profil" description="Le profil professionnel d’un membre de Tremplin." />
  )
}
