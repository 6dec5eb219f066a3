import { PendingScreen } from '~/components/pending-screen'

export const meta = () => [{ title: 'Notifications · Tremplin' }]

export default function Screen() {
  return (
    <PendingScreen
      title="Notifications"
      description="Vos notifications : réactions, commentaires et nouveaux abonnés."
    />
  )
}
