import { PendingScreen } from '~/components/pending-screen'

export const meta = () => [{ title: 'Créer un post · Tremplin' }]

export default function Screen() {
  return (
    <PendingScreen
      title="Créer un post"
      description="Partagez une idée, une ressource, un événement ou un article avec la communauté."
    />
  )
}
