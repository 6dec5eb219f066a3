import { PendingScreen } from '~/components/pending-screen'

export const meta = () => [{ title: 'Contact · Tremplin' }]

export default function Screen() {
  return <PendingScreen title="Contact" description="Écrivez à l’équipe de Tremplin." />
}
