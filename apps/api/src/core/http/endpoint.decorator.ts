import { applyDecorators, HttpStatus, type Type } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiOperation, ApiResponse, getSchemaPath } from '@nestjs/swagger';
import { ErrorDto } from './error.dto';

/** An error status the endpoint answers with, described when the status alone does not say which case it is. */
export type EndpointError = HttpStatus | { status: HttpStatus; description: string };

export interface EndpointOptions {
  /** The OpenAPI operationId: the generated client's function name. */
  id: string;
  summary: string;
  /** The body of a 200 answer (JSON); other successes are declared beside the decorator. */
  ok?: Type | [Type];
  /** A 200 answer that is not JSON: its media types (e.g. a stream's audio). */
  okMedia?: { description: string; types: string[] };
  /** Each error status it may answer with; the body is always the shared ErrorDto. */
  errors?: EndpointError[];
}

/** Errors are JSON whatever the operation's success answer is (a stream's errors are not audio). */
const errorContent = { 'application/json': { schema: { $ref: getSchemaPath(ErrorDto) } } };

/** Documents one operation for Swagger: what it does, what it returns, and the errors a caller should handle. */
export function Endpoint({ id, summary, ok, okMedia, errors = [] }: EndpointOptions): MethodDecorator {
  return applyDecorators(
    ApiOperation({ operationId: id, summary }),
    ApiExtraModels(ErrorDto),
    ...(ok ? [ApiOkResponse({ type: ok })] : []),
    ...(okMedia
      ? [ApiOkResponse({ description: okMedia.description, content: Object.fromEntries(okMedia.types.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])) })]
      : []),
    ...errors.map((error) => ApiResponse({ content: errorContent, ...(typeof error === 'object' ? error : { status: error, description: '' }) })),
  );
}
