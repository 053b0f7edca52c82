import { type Scenario, sendJson } from '../lib/scenario.ts'

// POST /items with a JSON body checked by a body schema, and an answer written by the
// response schema's serializer, which drops the field the schema does not declare
// (`internal`): body parsing, validation and serialization on one route, as an API does.
const body = {
  type: 'object',
  required: ['name', 'price', 'tags'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 100 },
    price: { type: 'number', minimum: 0 },
    quantity: { type: 'integer', minimum: 0 },
    tags: { type: 'array', items: { type: 'string' }, maxItems: 10 },
    active: { type: 'boolean' },
  },
}

const response = {
  200: {
    type: 'object',
    properties: {
      id: { type: 'integer' },
      name: { type: 'string' },
      price: { type: 'number' },
      quantity: { type: 'integer' },
      tags: { type: 'array', items: { type: 'string' } },
      active: { type: 'boolean' },
    },
  },
}

const payload = '{"name":"widget","price":9.5,"quantity":3,"tags":["a","b"],"active":true}'

interface Item {
  name: string
  price: number
  quantity?: number
  tags: string[]
  active?: boolean
}

export const scenario: Scenario = {
  name: 'schema',
  description:
    'POST /items: JSON body validated by a body schema, answer written by a response schema that drops an undeclared field',
  requests: [
    {
      method: 'POST',
      path: '/items',
      payload,
      status: 200,
      body: '{"id":1,"name":"widget","price":9.5,"quantity":3,"tags":["a","b"],"active":true}',
    },
  ],
  fastify(app) {
    app.route({
      method: 'POST',
      url: '/items',
      schema: { body, response },
      handler: (request) => ({ id: 1, ...(request.body as Item), internal: 'dropped' }),
    })
  },
  node() {
    // The floor: JSON.parse, the same checks written by hand, and the declared fields picked
    // in the schema's order.
    const valid = (item: Item): boolean =>
      typeof item === 'object' &&
      item !== null &&
      typeof item.name === 'string' &&
      item.name.length >= 1 &&
      item.name.length <= 100 &&
      typeof item.price === 'number' &&
      item.price >= 0 &&
      (item.quantity === undefined || (Number.isInteger(item.quantity) && item.quantity >= 0)) &&
      Array.isArray(item.tags) &&
      item.tags.length <= 10 &&
      item.tags.every((t) => typeof t === 'string') &&
      (item.active === undefined || typeof item.active === 'boolean')
    return (req, res) => {
      if (req.method !== 'POST' || req.url !== '/items') {
        sendJson(res, 404, { error: 'Not Found' })
        return
      }
      let text = ''
      req.setEncoding('utf8')
      req.on('data', (chunk: string) => {
        text += chunk
      })
      req.on('end', () => {
        let item: Item
        try {
          item = JSON.parse(text) as Item
        } catch {
          sendJson(res, 400, { error: 'Bad Request' })
          return
        }
        if (!valid(item)) {
          sendJson(res, 400, { error: 'Bad Request' })
          return
        }
        const { name, price, quantity, tags, active } = item
        sendJson(res, 200, { id: 1, name, price, quantity, tags, active })
      })
    }
  },
}
