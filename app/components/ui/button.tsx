import { cva, type VariantProps } from 'class-variance-authority'
import { Slot } from 'radix-ui'

const buttonVariants = cva(
  [
    'inline-flex shrink-0 cursor-pointer items-center gap-2 rounded-md font-medium whitespace-nowrap transition-[color,background-color,border-color]',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
    'disabled:pointer-events-none disabled:opacity-50 aria-disabled:pointer-events-none aria-disabled:opacity-50',
    "[&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
  ],
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground shadow-xs hover:bg-primary-hover',
        outline:
          'border bg-background text-foreground shadow-xs hover:bg-accent hover:text-accent-foreground',
        ghost: 'text-foreground hover:bg-accent hover:text-accent-foreground',
        link: 'text-primary underline-offset-4 hover:underline',
        // Dark text on the dark theme's lighter red: white on it reads at 2.9:1.
        destructive:
          'bg-destructive text-white shadow-xs hover:bg-destructive/90 dark:text-background',
        /** A secondary action that removes something: muted until pointed at. */
        quiet: 'text-muted-foreground hover:bg-accent hover:text-destructive',
      },
      size: {
        // Every size keeps the target at least 28 px tall (WCAG 2.2 asks for 24 px).
        xs: 'h-7 min-w-7 px-2.5 text-xs',
        sm: 'h-8 min-w-8 px-3 text-sm',
        default: 'h-10 min-w-10 px-4 text-sm',
        lg: 'h-12 min-w-12 px-6 text-base',
        icon: 'size-10 text-sm',
        'icon-sm': 'size-8 text-sm',
      },
      align: {
        center: 'justify-center',
        start: 'justify-start',
      },
    },
    defaultVariants: { variant: 'default', size: 'default', align: 'center' },
  },
)

type ButtonProps = React.ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & {
    /** Renders the single child (a link, usually) with the button's look instead of a <button>. */
    asChild?: boolean
  }

function Button({ className, variant, size, align, asChild = false, ...props }: ButtonProps) {
  const Comp = asChild ? Slot.Root : 'button'
  return (
    <Comp
      data-slot="button"
      className={buttonVariants({ variant, size, align, className })}
      {...props}
    />
  )
}

export { Button, buttonVariants, type ButtonProps }
