export function StepHeading({ title, text }: { title: string; text?: string }) {
  return (
    <header className="space-y-1">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
      {text && <p className="text-slate-600">{text}</p>}
    </header>
  )
}
