import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsUUID } from 'class-validator';
import { OneLine } from '../core/http/text-input';
import { API_KEY_SCOPES, type ApiKeyScope } from '../repositories/schema/api-key.entity';
import { API_PLANS, type ApiPlanName } from '../repositories/schema/api-plans';

/** How long a new key may live, in days; null is never expiring (docs/developer-api.md, "Keys"). */
export const API_KEY_LIFETIMES = [30, 90, 365] as const;
export type ApiKeyLifetime = (typeof API_KEY_LIFETIMES)[number];
/** A key that is forgotten stops working by itself; 90 days is long enough not to be a chore. */
export const DEFAULT_API_KEY_LIFETIME: ApiKeyLifetime = 90;

export class CreateApiKeyDto {
  @ApiProperty({ minLength: 1, maxLength: 64, example: 'Mój bot na Discordzie' })
  @OneLine('name', 64)
  name!: string;

  @ApiPropertyOptional({ enum: API_KEY_SCOPES, default: 'read-only', description: 'read-only keys may only GET and HEAD' })
  @IsOptional()
  @IsIn(API_KEY_SCOPES, { message: `scope must be one of ${API_KEY_SCOPES.join(', ')}` })
  scope?: ApiKeyScope;

  // null is listed among the values too: OpenAPI 3.0 lets a nullable enum be null only then, and the client's types follow.
  @ApiPropertyOptional({
    type: 'integer',
    enum: [...API_KEY_LIFETIMES, null],
    nullable: true,
    default: DEFAULT_API_KEY_LIFETIME,
    description: 'Days until the key expires: 30, 90 or 365; null for a key that never expires',
  })
  @IsOptional()
  @IsIn(API_KEY_LIFETIMES, { message: `expiresInDays must be one of ${API_KEY_LIFETIMES.join(', ')}, or null for a key that never expires` })
  expiresInDays?: ApiKeyLifetime | null;
}

export class ApiKeyIdParamDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'id must be an API key id' })
  id!: string;
}

/** A key as lists show it: never the key itself. */
export class ApiKeyDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ enum: API_KEY_SCOPES }) scope!: ApiKeyScope;
  @ApiProperty({ description: 'The first 12 characters of the key, to tell keys apart', example: 'grk_3fK9aQ2m' }) start!: string;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'Updated at most once a minute' }) lastUsedAt!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When the key stops working; null: never' }) expiresAt!: string | null;
}

/** The answer to creating a key: the only time the key itself is shown. */
export class CreatedApiKeyDto extends ApiKeyDto {
  @ApiProperty({ description: 'The key: shown only now, we keep only its hash. Send it as "Authorization: Bearer <key>"', example: 'grk_3fK9aQ2m…' })
  key!: string;
}

export class ApiKeyListDto {
  @ApiProperty({ type: [ApiKeyDto], description: 'Active keys, and those that expired in the last 30 days (an expiresAt in the past)' }) keys!: ApiKeyDto[];
  @ApiProperty({ description: 'Active keys an account may have', example: 10 }) maxActive!: number;
}

export class ApiPlanOfferDto {
  @ApiProperty({ enum: API_PLANS }) plan!: ApiPlanName;
  @ApiProperty({ type: Number, nullable: true, description: 'PLN a month; null: by contract' }) pricePln!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'null: unlimited' }) monthlyRequests!: number | null;
  @ApiProperty() perMinute!: number;
  @ApiProperty() burst!: number;
  @ApiProperty({ description: 'The calculator’s base price, PLN' }) calculatorBase!: number;
  @ApiProperty({ description: 'Requests the calculator’s base includes' }) calculatorIncluded!: number;
  @ApiProperty({ description: 'PLN per request beyond those' }) calculatorExtraPerRequest!: number;
}

export class ApiPlansDto {
  @ApiProperty({ type: [ApiPlanOfferDto] }) plans!: ApiPlanOfferDto[];
  @ApiProperty({ example: 0.2, description: 'PLN per GB streamed, in the calculator' }) streamingPlnPerGb!: number;
}

export class DeveloperUsageDto {
  @ApiProperty({ enum: API_PLANS, description: 'Free for every account; Ultra includes Developer; others are set by the operator' }) plan!: ApiPlanName;
  @ApiProperty({ type: Number, nullable: true, description: 'Requests per UTC calendar month; null is unlimited' }) monthlyRequests!: number | null;
  @ApiProperty({ description: 'The sustained rate' }) perMinute!: number;
  @ApiProperty({ description: 'Requests an idle account may send at once' }) burst!: number;
  @ApiProperty() usedThisMonth!: number;
  @ApiProperty({ description: 'Requests that could be sent back to back right now' }) requestsLeftNow!: number;
  @ApiProperty({ format: 'date-time' }) monthResetsAt!: string;
}
