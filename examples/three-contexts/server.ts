import { randomBytes } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { buildApp } from './app.ts'

// Configuration: PORT (default 3000; 0 picks a free port), HOST (default 127.0.0.1),
// API_KEY (default: a random key made for this run), WRAP_GRANDCHILD=1 or
// --wrap-grandchild (wrap the grandchild with plugin()), LOG_LEVEL (default info).
// Logs are human-readable at a terminal (pino-pretty) and JSON when piped or in production.
// ARBOR_INSPECT=1 or --inspect-contexts prints the context tree (app.printContexts()) at start.
const port = Number(process.env.PORT || 3000)
const host = process.env.HOST ?? '127.0.0.1'
const keyFromEnv = process.env.API_KEY !== undefined && process.env.API_KEY !== ''
const apiKey = keyFromEnv ? String(process.env.API_KEY) : randomBytes(32).toString('base64url')
const wrapGrandchild =
  process.env.WRAP_GRANDCHILD === '1' || process.argv.includes('--wrap-grandchild')
const inspect = process.env.ARBOR_INSPECT === '1' || process.argv.includes('--inspect-contexts')

if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be an integer from 0 to 65535, got ${process.env.PORT}`)
  process.exit(1)
}

const app = buildApp({
  apiKey,
  wrapGrandchild,
  serverOptions: { logger: { level: process.env.LOG_LEVEL ?? 'info' } },
})

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error(err)
        process.exit(1)
      },
    )
  })
}

try {
  if (inspect) {
    // The tree is complete once every plugin has loaded, that is after ready().
    await app.ready()
    console.log(app.printContexts())
  }
  await app.listen({ port, host })
} catch (err) {
  console.error(err)
  process.exit(1)
}

const { address, port: actualPort } = app.server.address() as AddressInfo
const url = `http://${address.includes(':') ? `[${address}]` : address}:${actualPort}`
// A key given in API_KEY is not echoed: the command reads it from the shell instead.
const bearer = keyFromEnv ? '$API_KEY' : apiKey

console.log(`
three-contexts example listening on ${url} (grandchild ${wrapGrandchild ? 'wrapped with plugin()' : 'encapsulated'})
${keyFromEnv ? 'API key: taken from API_KEY' : `API key (generated for this run): ${apiKey}`}

  curl -H "authorization: Bearer ${bearer}" ${url}/one
  curl ${url}/two
  curl ${url}/three
`)
