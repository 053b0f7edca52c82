import { Readable } from 'node:stream'
import {
  Body,
  Controller,
  Get,
  Header,
  HttpCode,
  Post,
  type RawBodyRequest,
  Redirect,
  Req,
  Res,
  StreamableFile,
} from '@nestjs/common'
import type { FastifyReply, FastifyRequest } from 'fastify'

// Answers other than a JSON value: a stream with its headers, a redirect, a status and headers
// set by decorators and through the reply (passthrough), and the raw body of a request.
@Controller({ path: 'files', version: '1' })
export class FilesController {
  @Get('report')
  report(): StreamableFile {
    return new StreamableFile(Readable.from(['a,b\n', '1,2\n']), {
      type: 'text/csv',
      disposition: 'attachment; filename="report.csv"',
      length: 8,
    })
  }

  @Get('moved')
  @Redirect('/v1/items', 301)
  moved(): void {}

  @Post('accepted')
  @HttpCode(202)
  @Header('cache-control', 'no-store')
  accepted(@Res({ passthrough: true }) reply: FastifyReply): { accepted: boolean } {
    reply.header('x-passthrough', 'yes')
    return { accepted: true }
  }

  @Post('raw')
  raw(
    @Req() request: RawBodyRequest<FastifyRequest>,
    @Body() body: unknown,
  ): { raw: string | undefined; body: unknown } {
    return { raw: request.rawBody?.toString('utf8'), body }
  }
}
