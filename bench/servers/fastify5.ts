import { serveFastifyStyle } from './serve.ts'

await serveFastifyStyle('fastify5')
