import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import type { ClientLogKind } from '../repositories/schema/client-log.entity';

const KINDS: ClientLogKind[] = ['not_found', 'error'];

export class CreateClientLogDto {
  @ApiProperty({ enum: KINDS, description: 'A route nobody serves, or an error caught in the browser' })
  @IsIn(KINDS)
  kind!: ClientLogKind;

  @ApiProperty({ example: '/no-such-page', maxLength: 2048, description: 'The path (with query) the user was on' })
  @IsString()
  @MaxLength(2048)
  @Matches(/^\//, { message: 'path must start with /' })
  path!: string;

  @ApiPropertyOptional({ maxLength: 2000 })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  message?: string;

  @ApiPropertyOptional({ maxLength: 8000 })
  @IsOptional()
  @IsString()
  @MaxLength(8000)
  stack?: string;
}

export class ClientLogCreatedDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;
}
