import { PendingScreen } from '~/components/pending-screen'

export const meta = () => [{ title: 'Publication · Tremplin' }]

export default function Screen() {
  return (
    <PendingScreen
      title="Publication"
      description="Le détail d’une publication et ses commentaires."
    />
  )
}
