import 'reflect-metadata';
import { Body, Controller, Get, Module, Param, Post, Query, Req, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ApiProperty, ApiPropertyOptional, ApiQuery } from '@nestjs/swagger';
import { Transform, Type as NestedType } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsObject, IsOptional, IsString, Matches, MaxLength, Min, ValidateNested } from 'class-validator';
import { ApiFastifyAdapter } from './api-fastify-adapter';
import { API_PREFIX, createOpenApiDocument } from './openapi';
import { openApiContractProblems } from './openapi-contract';

describe('openApiContractProblems', () => {
  /** The problems of the document of an API made of `controllers`, built as the real one is (preview mode, no providers). */
  async function problemsOf(...controllers: Type[]): Promise<string[]> {
    @Module({ controllers })
    class ApiUnderTestModule {}
    const app = await NestFactory.create(ApiUnderTestModule, new ApiFastifyAdapter(), { preview: true, logger: false });
    app.setGlobalPrefix(API_PREFIX);
    try {
      return openApiContractProblems(app, createOpenApiDocument(app), API_PREFIX);
    } finally {
      await app.close();
    }
  }

  class SlugParamDto {
    @ApiProperty({ example: 'fip-rock' })
    @Matches(/^[a-z0-9-]+$/)
    id!: string;
  }

  const digitsToNumber = ({ value }: { value: unknown }) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value);

  class ItemDto {
    @ApiProperty({ enum: ['station', 'track'] })
    @IsIn(['station', 'track'])
    type!: string;

    @ApiProperty({ type: 'integer', minimum: 0 })
    @IsInt()
    @Min(0)
    position!: number;
  }

  /** Everything documented as it is validated, in each of the forms the API uses. */
  class GoodQueryDto {
    @ApiProperty({ type: String, description: 'Comma-separated', example: 'Dezerter,KSU' })
    @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.split(',') : value))
    @IsString({ each: true })
    @ArrayMaxSize(5)
    artists!: string[];

    @ApiPropertyOptional({ type: 'integer', minimum: 1 })
    @IsOptional()
    @Transform(digitsToNumber)
    @IsInt()
    @Min(1)
    limit?: number;

    @ApiPropertyOptional({ enum: ['hard-rock', 'punk'], description: 'Or its label, in any case' })
    @IsOptional()
    @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.toLowerCase().replace(/ /g, '-') : value))
    @IsIn(['hard-rock', 'punk'])
    genre?: string;
  }

  class GoodBodyDto {
    @ApiProperty({ maxLength: 100 })
    @IsString()
    @MaxLength(100)
    name!: string;

    @ApiPropertyOptional({ type: [ItemDto] })
    @IsOptional()
    @IsArray()
    @ValidateNested({ each: true })
    @NestedType(() => ItemDto)
    items?: ItemDto[];

    @ApiPropertyOptional({ type: 'integer', enum: [30, 90, null], nullable: true })
    @IsOptional()
    @IsIn([30, 90])
    days?: number | null;

    @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: 'Free-form: the handler reads it itself (a WebAuthn answer, say)' })
    @IsOptional()
    @IsObject()
    answer?: Record<string, unknown>;
  }

  @Controller('good')
  class GoodController {
    @Get(':id/stream')
    @ApiQuery({ name: 'ticket', required: false, description: 'Read by the handler itself, taken as an argument so that it is validated' })
    stream(@Param() { id }: SlugParamDto, @Query('ticket') ticket?: string): string {
      return `${id}${ticket}`;
    }

    @Get('search')
    search(@Query() query: GoodQueryDto): GoodQueryDto {
      return query;
    }

    @Post()
    create(@Body() body: GoodBodyDto): GoodBodyDto {
      return body;
    }
  }

  it('finds nothing wrong where the document says what the handlers validate', async () => {
    expect(await problemsOf(GoodController)).toEqual([]);
  });

  class NestedDto {
    @ApiProperty({ description: 'Documented as a string, validated as a whole number' })
    @IsInt()
    count!: number;
  }

  class BadQueryDto {
    @ApiPropertyOptional({ minimum: 1 })
    @IsOptional()
    @Transform(digitsToNumber)
    @IsInt()
    limit?: number;

    @ApiPropertyOptional({ description: 'Optional here, required by its rules' })
    @IsString()
    q?: string;

    @ApiPropertyOptional({ enum: ['rock', 'punk'] })
    @IsOptional()
    @IsIn(['rock', 'punk', 'metal'])
    genre?: string;

    @IsOptional()
    @IsString()
    undocumented?: string;
  }

  class BadBodyDto {
    @ApiProperty()
    unvalidated!: string;

    @ApiProperty({ type: NestedDto })
    @ValidateNested()
    @NestedType(() => NestedDto)
    nested!: NestedDto;

    @ApiProperty({ type: NestedDto, description: 'Documented with properties, but nothing makes it a NestedDto' })
    @IsObject()
    untyped!: NestedDto;
  }

  @Controller('bad')
  class BadController {
    // The ticket of issue 38: documented with @ApiQuery, read from the request by the handler, validated by nothing.
    @Get(':id/stream')
    @ApiQuery({ name: 'ticket', required: false })
    stream(@Param() { id }: SlugParamDto, @Req() req: { query: { ticket?: unknown } }): string {
      return `${id}${String(req.query.ticket)}`;
    }

    @Get('search')
    search(@Query() query: BadQueryDto): BadQueryDto {
      return query;
    }

    @Post()
    create(@Body() body: BadBodyDto): BadBodyDto {
      return body;
    }
  }

  it('names each parameter and property whose type, presence or values the document gets wrong', async () => {
    expect(await problemsOf(BadController)).toEqual([
      'GET /api/v1/bad/{id}/stream query parameter "ticket": documented, but the handler takes no such argument, so nothing validates it (take it with @Query/@Param, or in the DTO)',
      'GET /api/v1/bad/search query parameter "limit": documented as number, but the handler takes integer (a documented value, "0.5", reaches its rules as string)',
      'GET /api/v1/bad/search query parameter "q": documented as optional, but the handler requires it',
      'GET /api/v1/bad/search query parameter "genre": documented as one of ["rock","punk"], but the handler takes ["rock","punk","metal"]',
      'GET /api/v1/bad/search query parameter "undocumented": the handler takes it, but the document does not list it',
      'POST /api/v1/bad body.unvalidated: documented, but BadBodyDto has no rule for it, so the handler refuses it (forbidNonWhitelisted)',
      'POST /api/v1/bad body.nested.count: documented as number, but the handler takes integer',
      'POST /api/v1/bad body.untyped: validated as a nested object, but nothing makes it a DTO (@Type), so its rules never run',
    ]);
  });

  @Controller('raw')
  class RawBodyController {
    @Post('callback')
    callback(@Body() body: unknown): string {
      return JSON.stringify(body);
    }
  }

  it('asks for a body a handler reads without a DTO to be documented', async () => {
    expect(await problemsOf(RawBodyController)).toEqual(['POST /api/v1/raw/callback request body: the handler takes a JSON body, but the document declares none']);
  });
});
