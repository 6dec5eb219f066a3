import { useNavigation } from 'react-router'

/**
 * Whether the form sent with this `intent` is on its way: while it is submitted, then, when its
 * action redirects or the page's data is read again after it, until that is done. Busy only
 * while `submitting`, a button came back to life during the next page's load, and a second press
 * sent the form again (a two-factor code twice: the replay then refused).
 */
export function useIntentBusy(intent: string): boolean {
  const navigation = useNavigation()
  return navigation.state !== 'idle' && navigation.formData?.get('intent') === intent
}
