import { onDemand } from '~/components/on-demand'
import type { DialogPanelProps } from './dialog-panel'

/** A modal panel whose Radix code loads when it is first opened (see `onDemand`). */
export const LazyDialogPanel = onDemand<DialogPanelProps>('dialog', () => import('./dialog-panel'))
