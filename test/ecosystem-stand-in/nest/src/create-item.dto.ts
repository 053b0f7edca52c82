import { ApiProperty } from '@nestjs/swagger'
import { Type } from 'class-transformer'
import { IsInt, IsString, Length, Min } from 'class-validator'

// The body of POST /v1/items: ValidationPipe checks it with class-validator, and class-transformer
// turns the JSON into this class (`transform: true`), with `quantity` a number.
export class CreateItemDto {
  @ApiProperty({ minLength: 2, maxLength: 20 })
  @IsString()
  @Length(2, 20)
  name!: string

  @ApiProperty({ minimum: 1 })
  @Type(() => Number)
  @IsInt()
  @Min(1)
  quantity!: number
}
