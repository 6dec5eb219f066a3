import { X } from 'lucide-react'
import { Dialog } from 'radix-ui'
import type { OnDemandPartProps } from '~/components/on-demand'

export interface DialogPanelProps {
  title: string
  titleClassName?: string
  /** Read by screen readers when the panel opens; none for a panel that speaks for itself. */
  description?: string
  closeLabel: string
  closeClassName: string
  headerClassName?: string
  overlayClassName: string
  contentClassName: string
  children: React.ReactNode
}

/**
 * A modal panel (drawer, overlay) with its title and close button: the Radix part behind
 * `LazyDialogPanel`, loaded when it is first opened.
 */
export default function DialogPanel({
  open,
  onOpenChange,
  trigger,
  title,
  titleClassName = 'text-lg font-semibold',
  description,
  closeLabel,
  closeClassName,
  headerClassName = 'flex items-center justify-between',
  overlayClassName,
  contentClassName,
  children,
}: DialogPanelProps & OnDemandPartProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClassName} />
        <Dialog.Content
          className={contentClassName}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className={headerClassName}>
            <Dialog.Title className={titleClassName}>{title}</Dialog.Title>
            <Dialog.Close className={closeClassName} aria-label={closeLabel}>
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          {description ? (
            <Dialog.Description className="sr-only">{description}</Dialog.Description>
          ) : null}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
