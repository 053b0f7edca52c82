// Run with: npx tsx examples/typed/server.ts
import { buildApp } from './app.ts'

const app = buildApp({ logger: true })
await app.listen({ port: Number(process.env.PORT ?? 3000), host: process.env.HOST ?? '127.0.0.1' })
