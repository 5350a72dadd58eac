import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** Every error the API answers with. */
export class ErrorDto {
  @ApiProperty({ example: 400 })
  statusCode!: number;

  @ApiProperty({ example: 'Bad Request' })
  error!: string;

  @ApiProperty({
    oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }],
    example: ['path must be shorter than or equal to 2048 characters'],
  })
  message!: string | string[];

  @ApiPropertyOptional({ type: [String], description: 'The request fields that failed validation', example: ['path'] })
  fields?: string[];

  @ApiPropertyOptional({
    description: 'A stable, machine-readable reason where clients act on it',
    example: 'invalid_credentials',
  })
  code?: string;

  @ApiPropertyOptional({ description: 'The plan that would allow it, with code premium_required (a premium station, say)', example: 'premium' })
  requiredPlan?: string;

  @ApiPropertyOptional({ description: 'With code mfa_required: the token to bring with the second factor to POST /auth/token?grant_type=mfa (5 minutes)' })
  mfa_token?: string;

  @ApiPropertyOptional({ type: [String], description: 'With code mfa_required or reauthentication_required: the ways this account can prove it is its owner', example: ['totp', 'recovery', 'passkey'] })
  factors?: string[];
}
