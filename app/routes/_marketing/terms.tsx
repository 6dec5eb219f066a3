import { PendingScreen } from '~/components/pending-screen'

export const meta = () => [{ title: 'Conditions d’utilisation · Tremplin' }]

export default function Screen() {
  return (
    <PendingScreen
      title="Conditions d’utilisation"
      description="Les conditions d’utilisation de Tremplin."
    />
  )
}
