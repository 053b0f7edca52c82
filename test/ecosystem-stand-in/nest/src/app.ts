import helmet from '@fastify/helmet'
import { ValidationPipe, VersioningType } from '@nestjs/common'
import { NestFactory } from '@nestjs/core'
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify'
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger'
import { AppModule } from './app.module'

export interface App {
  app: NestFastifyApplication
  document: OpenAPIObject
}

// The application as its main.ts would set it up: Fastify's adapter, helmet, CORS for one
// origin, URI versioning, a global ValidationPipe, raw bodies kept, and the
// OpenAPI document of its routes.
export async function createApp(): Promise<App> {
  const app = await NestFactory.create<NestFastifyApplication>(AppModule, new FastifyAdapter(), {
    logger: false,
    rawBody: true,
  })
  await app.register(helmet)
  app.enableCors({ origin: ['https://allowed.example'] })
  app.enableVersioning({ type: VersioningType.URI })
  app.useGlobalPipes(new ValidationPipe({ whitelist: true, transform: true }))
  const config = new DocumentBuilder().setTitle('items').setVersion('1.0').build()
  const document = SwaggerModule.createDocument(app, config)
  SwaggerModule.setup('docs', app, document)
  await app.init()
  await app.getHttpAdapter().getInstance().ready()
  return { app, document }
}
