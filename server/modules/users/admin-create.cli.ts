// `npm run admin:create -- <email>`: gives the user with that e-mail address the admin role.
import { openDatabase } from '../../db/client.ts'
import { readEnv } from '../../env.ts'
import { makeAdminByEmail } from './admin-create.ts'

const HELP = `Usage: npm run admin:create -- <email>

Gives the admin role to the user who signed up with <email>. Sign up on the site first.

Uses the database the server is configured with: DATABASE_URL (PostgreSQL) or the embedded
database in DATA_DIR (default ./data).

The embedded database (PGlite) can be open in one process only. While the server is running
on it, this command refuses to start: stop the server, run this command, start the server again.
To make an admin without stopping the server, set ADMIN_EMAILS=<email> before that person
signs up (docs/decisions/007-admin-bootstrap.md). With PostgreSQL (DATABASE_URL) the server can
keep running.`

const args = process.argv.slice(2).filter((arg) => arg !== '--')
if (args.includes('--help') || args.includes('-h')) {
  console.log(HELP)
  process.exit(0)
}
const email = args[0]
if (args.length !== 1 || !email || !email.includes('@')) {
  console.error(`${args.length === 0 ? 'Missing the e-mail address.' : 'Expected exactly one e-mail address.'}\n`)
  console.error(HELP)
  process.exit(2)
}

let database: Awaited<ReturnType<typeof openDatabase>>
try {
  const env = readEnv()
  database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR })
} catch (error) {
  // The lock's message says which process holds the embedded database and what to do.
  console.error(`admin:create could not open the database.\n${(error as Error).message}`)
  process.exit(1)
}

try {
  await database.migrate()
  const result = await makeAdminByEmail(database.db, email)
  if (result.outcome === 'no-such-user') {
    console.error(`No user has the e-mail address ${email}. Sign up on the site with it first, then run this again.`)
    process.exitCode = 1
  } else if (result.outcome === 'already-admin') {
    console.log(`${result.email} (@${result.username}) is already an admin. Nothing changed.`)
  } else if (result.outcome === 'verified') {
    console.log(
      `${result.email} (@${result.username}) is now a verified admin: its address is marked proved, which an admin needs. They see the Admin area at /admin.`,
    )
  } else {
    console.log(`${result.email} (@${result.username}) is now an admin. They see the Admin area at /admin.`)
  }
} finally {
  await database.close()
}
