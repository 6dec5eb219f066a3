import { PendingScreen } from '~/components/pending-screen'

export const meta = () => [{ title: 'Politique de confidentialité · Tremplin' }]

export default function Screen() {
  return (
    <PendingScreen
      title="Politique de confidentialité"
      description="Comment Tremplin protège vos données personnelles."
    />
  )
}
