import {
  type CallHandler,
  type ExecutionContext,
  Injectable,
  type NestInterceptor,
} from '@nestjs/common'
import type { FastifyReply } from 'fastify'
import { map, type Observable } from 'rxjs'

// Wraps the handler's value in `{ data }` and names the handler in a header, through the reply.
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const reply = context.switchToHttp().getResponse<FastifyReply>()
    reply.header('x-handler', context.getHandler().name)
    return next.handle().pipe(map((data: unknown) => ({ data })))
  }
}
