import { cn } from '~/utils/cn'

function Label({ className, ...props }: React.ComponentProps<'label'>) {
  return (
    // oxlint-disable-next-line jsx-a11y/label-has-associated-control -- callers pass htmlFor
    <label
      data-slot="label"
      className={cn('text-sm leading-none font-medium', className)}
      {...props}
    />
  )
}

export { Label }
