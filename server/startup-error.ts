// A reason the server cannot start that its message says in full (a bad setting, a data directory in use): main.ts
// prints the message alone and exits, with no stack trace around it.
export class StartupError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'StartupError'
  }
}
