import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common'
import type { FastifyRequest } from 'fastify'

// Writes need `x-api-key: secret`; without it Nest answers 403 (ForbiddenException).
@Injectable()
export class ApiKeyGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<FastifyRequest>()
    return request.headers['x-api-key'] === 'secret'
  }
}
