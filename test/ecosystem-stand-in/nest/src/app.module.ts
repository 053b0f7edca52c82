import { type MiddlewareConsumer, Module, type NestModule } from '@nestjs/common'
import { FilesController } from './files.controller'
import { ItemsController, ItemsV2Controller } from './items.controller'
import { TenantMiddleware } from './tenant.middleware'
import { UploadsController } from './uploads.controller'

@Module({ controllers: [ItemsController, ItemsV2Controller, FilesController, UploadsController] })
export class AppModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(TenantMiddleware).forRoutes('*path')
  }
}
