import spriteUrl from './icons.svg?no-inline'
import type { IconName } from './sprite-icons'

/**
 * A decorative icon from the sprite: two elements where an inline lucide icon renders four to
 * six. Stroke and size come from the `icon` class (app.css) and `className`.
 */
export function Icon({
  name,
  className = 'size-4',
  filled = false,
}: {
  name: IconName
  className?: string
  /** Filled with the text colour: a vote, save or favourite that is on. */
  filled?: boolean
}) {
  return (
    <svg aria-hidden="true" className={`${filled ? 'icon icon-filled' : 'icon'} ${className}`}>
      <use href={`${spriteUrl}#${name}`} />
    </svg>
  )
}

export type { IconName }
