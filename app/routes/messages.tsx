import { PendingScreen } from '~/components/pending-screen'

export const meta = () => [{ title: 'Messages · Tremplin' }]

export default function Screen() {
  return (
    <PendingScreen
      title="Messages"
      description="Vos conversations privées avec les autres membres."
    />
  )
}
