import type { IncomingMessage, ServerResponse } from 'node:http'
import { ForbiddenException, Injectable, type NestMiddleware } from '@nestjs/common'

// A Nest middleware (consumer.apply()): it runs on the raw request before routing, and refuses a
// request whose tenant is `blocked` with an HttpException. Nest answers it through a reply it
// makes by hand around the raw response: `new Reply(res, request, log)` of fastify/lib/reply.js.
@Injectable()
export class TenantMiddleware implements NestMiddleware {
  use(req: IncomingMessage, res: ServerResponse, next: () => void): void {
    if (req.headers['x-tenant'] === 'blocked') throw new ForbiddenException('tenant blocked')
    res.setHeader('x-tenant-checked', 'yes')
    next()
  }
}
