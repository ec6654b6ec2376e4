/** '{Field} {message}.' as the specs show field errors; messages that are already sentences pass through. */
export function fieldMessage(label: string, message?: string): string | undefined {
  if (!message) return undefined
  if (/^[A-Z]/.test(message)) return message.endsWith('.') ? message : `${message}.`
  return `${label} ${message}.`
}
