import {
  Body,
  Controller,
  Get,
  NotFoundException,
  Param,
  ParseIntPipe,
  Post,
  UseFilters,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common'
import { ApiTags } from '@nestjs/swagger'
import { ApiKeyGuard } from './api-key.guard'
import { CreateItemDto } from './create-item.dto'
import { EnvelopeInterceptor } from './envelope.interceptor'
import { TeapotError, TeapotFilter } from './teapot.filter'

interface Item {
  id: number
  name: string
  quantity: number
}

@ApiTags('items')
@Controller({ path: 'items', version: '1' })
@UseInterceptors(EnvelopeInterceptor)
@UseFilters(TeapotFilter)
export class ItemsController {
  private readonly items: Item[] = [{ id: 1, name: 'kettle', quantity: 3 }]

  @Get()
  list(): Item[] {
    return this.items
  }

  @Get('teapot')
  teapot(): never {
    throw new TeapotError('short and stout')
  }

  @Get(':id')
  one(@Param('id', ParseIntPipe) id: number): Item {
    const item = this.items.find((candidate) => candidate.id === id)
    if (item === undefined) throw new NotFoundException(`item ${id}`)
    return item
  }

  @Post()
  @UseGuards(ApiKeyGuard)
  create(@Body() body: CreateItemDto): Item & { isDto: boolean; quantityType: string } {
    const item = { id: this.items.length + 1, name: body.name, quantity: body.quantity }
    this.items.push(item)
    return { ...item, isDto: body instanceof CreateItemDto, quantityType: typeof body.quantity }
  }
}

// Version 2 of the same path: URI versioning picks the controller by the /v2 prefix.
@Controller({ path: 'items', version: '2' })
export class ItemsV2Controller {
  @Get()
  list(): { version: number; items: string[] } {
    return { version: 2, items: ['kettle'] }
  }
}
