import { type ArgumentsHost, Catch, type ExceptionFilter } from '@nestjs/common'
import type { FastifyReply, FastifyRequest } from 'fastify'

export class TeapotError extends Error {}

// An exception filter: a TeapotError answers 418 with a body of the filter's own.
@Catch(TeapotError)
export class TeapotFilter implements ExceptionFilter {
  catch(error: TeapotError, host: ArgumentsHost): void {
    const http = host.switchToHttp()
    const reply = http.getResponse<FastifyReply>()
    const request = http.getRequest<FastifyRequest>()
    void reply.status(418).send({ teapot: true, message: error.message, path: request.url })
  }
}
