// A tool's logo beside its name: hidden from assistive technology, which reads the name once (the shared ToolLogo's
// title would make it "Java Java").
import { ToolLogo } from './tool-logo.tsx'

export function DecorativeLogo(props: { src: string | null | undefined; name: string; className?: string }) {
  return (
    <span aria-hidden="true" className="flex shrink-0">
      <ToolLogo {...props} />
    </span>
  )
}
