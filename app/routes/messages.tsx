import { PendingScreen } from '~/components/pending-screen'
import { FeedHeader } from '~/features/feed/feed-header'
import type { AppShellHandle } from '~/root'

// The app's own top bar, as on the notifications: the member came from its message icon.
export const handle: AppShellHandle = { appHeader: (props) => <FeedHeader {...props} /> }

export const meta = () => [{ title: 'Messages · Tremplin' }, { name: 'robots', content: 'noindex' }]

export default function Screen() {
  return (
    <PendingScreen
      title="Messages"
      description="Vos conversations privées avec les autres membres."
    />
  )
}
