import { PendingScreen } from '~/components/pending-screen'

export const meta = () => [{ title: 'Recrutement · Tremplin' }]

export default function Screen() {
  return (
    <PendingScreen title="Recrutement" description="Rejoignez l’équipe qui construit Tremplin." />
  )
}
