import { initials } from '~/utils/initials'

const SIZES = {
  sm: { pixels: 32, frame: 'size-8', text: 'text-xs' },
  md: { pixels: 40, frame: 'size-10', text: 'text-sm' },
} as const

/**
 * A member's picture, or their initials on the accent colour. Decorative: their name is written
 * beside it.
 */
export function MemberAvatar({
  name,
  avatar,
  size,
}: {
  name: string
  avatar: string | null
  size: keyof typeof SIZES
}) {
  const { pixels, frame, text } = SIZES[size]
  return avatar ? (
    <img
      src={avatar}
      alt=""
      width={pixels}
      height={pixels}
      loading="lazy"
      decoding="async"
      className={`${frame} shrink-0 rounded-full object-cover`}
    />
  ) : (
    <span
      aria-hidden="true"
      className={`flex ${frame} shrink-0 items-center justify-center rounded-full bg-accent ${text} font-semibold text-accent-foreground`}
    >
      {initials(name)}
    </span>
  )
}
