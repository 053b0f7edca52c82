// `node --import ./test/helpers/fastify5-line.ts`: runs arbor's own tests in the Fastify 5 line.
// Every import of src/index.ts from a test resolves to src/fastify5.ts instead, whose exports
// are the same but whose factory builds apps with `fastifyLine: 5`; so the tests that check the
// spec's statements run unchanged against the other line (scripts/test-fastify5-line.ts).
import { register } from 'node:module'

register('./fastify5-line-hooks.ts', import.meta.url)
