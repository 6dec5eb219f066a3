import { PendingScreen } from '~/components/pending-screen'

export const meta = () => [{ title: 'À propos · Tremplin' }]

export default function Screen() {
  return <PendingScreen title="À propos" description="L’histoire et la mission de Tremplin." />
}
