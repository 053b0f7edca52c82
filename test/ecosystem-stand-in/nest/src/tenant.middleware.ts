import type { IncomingMessage, ServerResponse } from 'node:http'
import { ForbiddenException, Injectable, type NestMiddleware } from '@nestjs/common'

// A Nest middleware (consumer.apply()): it runs on the raw request before routing, and refuses a
// request whose tenant is `blocked` with an HttpException. Nest answers it through a reply it
// makes by hand around the raw response: `new Reply(res, request, log)` of fastify/lib/reply.js.
@Injectable()
export class TenantMiddleware implements NestMiddleware {
  use(req: IncomingMessage, res: ServerResponse, next: () => void): void {
    const tenant = req.headers['x-tenant']
    if (tenant === 'blocked') throw new ForbiddenException('tenant blocked')
    if (tenant === 'plain') {
      // a header set on the raw response before the exception: the reply made for the error
      // reads it (Reply#getHeader), and Nest answers JSON all the same
      res.setHeader('content-type', 'text/plain; charset=utf-8')
      throw new ForbiddenException('plain tenant')
    }
    res.setHeader('x-tenant-checked', 'yes')
    next()
  }
}
