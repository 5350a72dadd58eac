import { applyDecorators, HttpStatus, type Type } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiResponse } from '@nestjs/swagger';
import { ErrorDto } from './error.dto';

/** An error status the endpoint answers with, described when the status alone does not say which case it is. */
export type EndpointError = HttpStatus | { status: HttpStatus; description: string };

export interface EndpointOptions {
  /** The OpenAPI operationId: the generated client's function name. */
  id: string;
  summary: string;
  /** The body of a 200 answer; other successes are declared beside the decorator. */
  ok?: Type | [Type];
  /** Each error status it may answer with; the body is always the shared ErrorDto. */
  errors?: EndpointError[];
}

/** Documents one operation for Swagger: what it does, what it returns, and the errors a caller should handle. */
export function Endpoint({ id, summary, ok, errors = [] }: EndpointOptions): MethodDecorator {
  return applyDecorators(
    ApiOperation({ operationId: id, summary }),
    ...(ok ? [ApiOkResponse({ type: ok })] : []),
    ...errors.map((error) => (typeof error === 'object' ? ApiResponse({ type: ErrorDto, ...error }) : ApiResponse({ type: ErrorDto, status: error }))),
  );
}
