import * as z from 'zod'
import type { Scenario } from '../lib/scenario.ts'
import { scenario as jsonSchemaScenario } from './schema.ts'

// The `schema` scenario with its body and response schemas written in zod 4: arbor validates
// with zod's own `safeParse` path (`~standard.validate`) and serializes from the response's
// converted JSON Schema; Fastify 5 runs it through fastify-type-provider-zod's compilers
// (servers/fastify5-zod.ts). Same requests and answers as `schema`.
const body = z.object({
  name: z.string().min(1).max(100),
  price: z.number().min(0),
  quantity: z.int().min(0).optional(),
  tags: z.array(z.string()).max(10),
  active: z.boolean().optional(),
})

const response = {
  200: z.object({
    id: z.int().optional(),
    name: z.string().optional(),
    price: z.number().optional(),
    quantity: z.int().optional(),
    tags: z.array(z.string()).optional(),
    active: z.boolean().optional(),
  }),
}

export const scenario: Scenario = {
  name: 'schema-zod',
  description:
    'the schema scenario written in zod: body validated by zod, answer written from the zod response schema',
  requests: jsonSchemaScenario.requests,
  // Fastify without the provider would hand zod objects to Ajv
  frameworks: ['arbor', 'fastify5-zod'],
  fastify(app) {
    app.route({
      method: 'POST',
      url: '/items',
      schema: { body, response },
      handler: (request) => ({
        id: 1,
        ...(request.body as z.output<typeof body>),
        internal: 'dropped',
      }),
    })
  },
}
