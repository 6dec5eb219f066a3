import { PendingScreen } from '~/components/pending-screen'

export const meta = () => [{ title: 'Blog · Tremplin' }]

export default function Screen() {
  return <PendingScreen title="Blog" description="Les articles de l’équipe Tremplin." />
}
