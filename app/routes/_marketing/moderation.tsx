import { PendingScreen } from '~/components/pending-screen'

export const meta = () => [{ title: 'Règles de modération · Tremplin' }]

export default function Screen() {
  return (
    <PendingScreen
      title="Règles de modération"
      description="Les règles qui font de Tremplin un lieu d’échange respectueux."
    />
  )
}
