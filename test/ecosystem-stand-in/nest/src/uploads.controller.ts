import {
  Body,
  Controller,
  type MessageEvent,
  Post,
  Sse,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common'
import { FileInterceptor, type MultipartFile } from '@nestjs/platform-fastify/multipart'
import { interval, map, type Observable, take } from 'rxjs'

// A file upload through @fastify/multipart (the adapter registers it for the interceptor), and
// server-sent events, which Nest writes to the raw response.
@Controller({ path: 'uploads', version: '1' })
export class UploadsController {
  @Post()
  @UseInterceptors(FileInterceptor('file'))
  upload(
    @UploadedFile() file: MultipartFile,
    @Body() fields: Record<string, string>,
  ): { name: string; type: string; size: number; text: string | undefined; title: string } {
    return {
      name: file.originalname,
      type: file.mimetype,
      size: file.size,
      text: file.buffer?.toString('utf8'),
      title: fields.title ?? '',
    }
  }

  @Sse('events')
  events(): Observable<MessageEvent> {
    return interval(5).pipe(
      take(3),
      map((n) => ({ data: { n } })),
    )
  }
}
