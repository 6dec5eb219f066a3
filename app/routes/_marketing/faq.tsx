import { PendingScreen } from '~/components/pending-screen'

export const meta = () => [{ title: 'FAQ · Tremplin' }]

export default function Screen() {
  return <PendingScreen title="FAQ" description="Les questions fréquentes sur Tremplin." />
}
