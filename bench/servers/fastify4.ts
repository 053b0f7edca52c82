import { serveFastifyStyle } from './serve.ts'

await serveFastifyStyle('fastify4')
