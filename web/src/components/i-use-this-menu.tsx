// The I Use This menu for signed-in users (loaded by i-use-this-button.tsx): the user's company and personal stacks
// from GET /stacks/i_use_this/{serviceId}, each checked when it holds the tool; choosing one adds the tool or takes
// it out. A user without a stack is offered 'Create a stack'.
import { useQuery } from '@tanstack/react-query'
import { Check, ChevronDown, Plus } from 'lucide-react'
import { DropdownMenu } from 'radix-ui'
import { Link } from 'react-router'
import type { IUseThisStack } from '#contracts/stacks.ts'
import { useChangeIUseThis } from '../lib/change-i-use-this.ts'
import { iUseThisStacksQuery } from '../lib/get-i-use-this-stacks.ts'
import { I_USE_THIS_LABEL, type IUseThisButtonProps, iUseThisButtonClass } from './i-use-this-look.ts'
import { cn } from './ui/cn.ts'
import { Spinner } from './ui/spinner.tsx'

export default function IUseThisMenu({
  serviceId,
  toolName,
  onChanged,
  className,
  isOpen,
  onOpenChange,
  onTriggerClick,
}: IUseThisButtonProps & { isOpen: boolean; onOpenChange: (open: boolean) => void; onTriggerClick: () => void }) {
  const { data } = useQuery(iUseThisStacksQuery(serviceId))
  const isUsed = [...(data?.companyStacks ?? []), ...(data?.personalStacks ?? [])].some((stack) => stack.added)
  return (
    <DropdownMenu.Root open={isOpen} onOpenChange={onOpenChange} modal={false}>
      <DropdownMenu.Trigger className={iUseThisButtonClass(isUsed, className)} onClick={onTriggerClick}>
        {isUsed ? <Check className="size-4" aria-hidden="true" /> : <Plus className="size-4" aria-hidden="true" />}
        {I_USE_THIS_LABEL}
        <ChevronDown className="size-4 opacity-60" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          collisionPadding={12}
          className="z-40 w-[min(20rem,calc(100vw-1.5rem))] rounded-xl bg-white p-1.5 shadow-lg ring-1 ring-slate-200"
        >
          <StackMenu serviceId={serviceId} toolName={toolName} onChanged={onChanged} />
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}

function StackMenu({
  serviceId,
  toolName,
  onChanged,
}: Pick<IUseThisButtonProps, 'serviceId' | 'toolName' | 'onChanged'>) {
  const { data, error, isPending } = useQuery(iUseThisStacksQuery(serviceId))
  const change = useChangeIUseThis(serviceId, { onChanged })

  if (isPending)
    return (
      <p role="status" className="flex items-center gap-2 px-3 py-2 text-sm text-slate-600">
        <Spinner className="size-4" /> Loading your stacks…
      </p>
    )
  if (error || !data)
    return (
      <p role="alert" className="px-3 py-2 text-sm text-red-700">
        {error?.message || "We couldn't load your stacks."}
      </p>
    )

  const { companyStacks, personalStacks } = data
  if (companyStacks.length === 0 && personalStacks.length === 0)
    return (
      <>
        <p className="px-3 pt-2 pb-1 text-sm text-slate-600">
          You have no stack yet. Create one with {toolName} in it.
        </p>
        <DropdownMenu.Item asChild className={itemClass}>
          <Link to="/create-stack/scan" className="font-medium text-brand-700">
            <Plus className="size-4" aria-hidden="true" />
            Create a stack
          </Link>
        </DropdownMenu.Item>
      </>
    )

  const toggle = (stack: IUseThisStack) => change.mutate({ stack_id: stack.id, added: !stack.added })
  return (
    <>
      <DropdownMenu.Label className="px-3 pt-2 pb-1 text-xs text-slate-500">
        Add {toolName} to your stacks
      </DropdownMenu.Label>
      {companyStacks.length > 0 && (
        <StackGroup label="Company stacks" stacks={companyStacks} showOwner onToggle={toggle} />
      )}
      {companyStacks.length > 0 && personalStacks.length > 0 && (
        <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
      )}
      {personalStacks.length > 0 && <StackGroup label="Personal stacks" stacks={personalStacks} onToggle={toggle} />}
      <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
      <DropdownMenu.Item asChild className={itemClass}>
        <Link to="/create-stack/scan" className="text-brand-700">
          <Plus className="size-4" aria-hidden="true" />
          Create another stack
        </Link>
      </DropdownMenu.Item>
      {change.error && (
        <p role="alert" className="mx-1 mt-1 rounded-md bg-red-50 px-2 py-1.5 text-sm text-red-800">
          {change.error.message}
        </p>
      )}
    </>
  )
}

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100 data-[disabled]:cursor-default data-[disabled]:opacity-60'

function StackGroup({
  label,
  stacks,
  showOwner = false,
  onToggle,
}: {
  label: string
  stacks: IUseThisStack[]
  showOwner?: boolean
  onToggle: (stack: IUseThisStack) => void
}) {
  return (
    <DropdownMenu.Group>
      <DropdownMenu.Label className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">
        {label}
      </DropdownMenu.Label>
      <div className="max-h-64 overflow-y-auto">
        {stacks.map((stack) => (
          <DropdownMenu.CheckboxItem
            key={stack.id}
            checked={stack.added}
            // Keep the menu open: people often add a tool to several stacks in a row.
            onSelect={(event) => {
              event.preventDefault()
              onToggle(stack)
            }}
            className={itemClass}
          >
            <span
              aria-hidden="true"
              className={cn(
                'flex size-4 shrink-0 items-center justify-center rounded border',
                stack.added ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-400 bg-white',
              )}
            >
              <DropdownMenu.ItemIndicator>
                <Check className="size-3" strokeWidth={3} />
              </DropdownMenu.ItemIndicator>
            </span>
            <span className="min-w-0 flex-1">
              <span className="block truncate">{stack.name}</span>
              {showOwner && <span className="block truncate text-xs text-slate-500">{stack.owner_name}</span>}
            </span>
          </DropdownMenu.CheckboxItem>
        ))}
      </div>
    </DropdownMenu.Group>
  )
}
