import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsArray, IsIn, IsInt, IsOptional, IsString, IsUUID, Matches, Max, MaxLength, Min } from 'class-validator';
import { trim } from '../core/http/text-input';
import { WEBHOOK_EVENTS, type WebhookEventType } from './webhook-events';

export class CreateWebhookDto {
  @ApiProperty({ format: 'uri', maxLength: 2048, example: 'https://example.com/hooks/grouarock', description: 'https; its name must resolve to public addresses only' })
  @Transform(trim)
  @IsString()
  @MaxLength(2048)
  url!: string;

  @ApiProperty({ enum: WEBHOOK_EVENTS, isArray: true, description: 'The realtime message types to receive' })
  @IsArray()
  @ArrayMinSize(1, { message: 'events must name at least one event' })
  @ArrayMaxSize(WEBHOOK_EVENTS.length)
  @ArrayUnique()
  @IsIn(WEBHOOK_EVENTS, { each: true, message: `events must be among ${WEBHOOK_EVENTS.join(', ')}` })
  events!: WebhookEventType[];
}

export class UpdateWebhookDto {
  @ApiPropertyOptional({ format: 'uri', maxLength: 2048 })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(2048)
  url?: string;

  @ApiPropertyOptional({ enum: WEBHOOK_EVENTS, isArray: true })
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1, { message: 'events must name at least one event' })
  @ArrayMaxSize(WEBHOOK_EVENTS.length)
  @ArrayUnique()
  @IsIn(WEBHOOK_EVENTS, { each: true, message: `events must be among ${WEBHOOK_EVENTS.join(', ')}` })
  events?: WebhookEventType[];
}

export class WebhookIdParamDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'id must be a webhook id' })
  id!: string;
}

export class WebhookMessageParamDto extends WebhookIdParamDto {
  @ApiProperty({ example: 'msg_0mh2k3x1a9f3c2b1d0e4f5a6b7c8d9e0f1a2b3' })
  @Matches(/^msg_[0-9a-z]{9,40}$/, { message: 'messageId must be a message id (msg_…)' })
  messageId!: string;
}

export class AttemptsQueryDto {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 100, default: 50 })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value))
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number;
}

/** The spec's documented webhook object (its secret only when it is made or rotated). */
export class WebhookDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uri' }) url!: string;
  @ApiProperty({ enum: WEBHOOK_EVENTS, isArray: true }) events!: string[];
  @ApiProperty({ enum: ['active', 'disabled'] }) status!: 'active' | 'disabled';
  @ApiProperty({ type: String, nullable: true, description: 'gone (it answered 410), failing_5_days' }) disabledReason!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'Since when no delivery has succeeded' }) failingSince!: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

export class CreatedWebhookDto extends WebhookDto {
  @ApiProperty({ description: 'The signing secret (Standard Webhooks, whsec_…): shown only now', example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' }) secret!: string;
}

export class RotatedSecretDto {
  @ApiProperty({ description: 'The new signing secret: shown only now' }) secret!: string;
  @ApiProperty({ format: 'date-time', description: 'Until then the previous secret signs too (two signatures in webhook-signature)' }) previousSecretValidUntil!: string;
}

export class WebhookListDto {
  @ApiProperty({ type: [WebhookDto] }) webhooks!: WebhookDto[];
  @ApiProperty({ enum: WEBHOOK_EVENTS, isArray: true }) events!: string[];
  @ApiProperty({ example: 10 }) maxWebhooks!: number;
}

export class WebhookAttemptDto {
  @ApiProperty() messageId!: string;
  @ApiProperty() type!: string;
  @ApiProperty({ description: '1 for the first try' }) n!: number;
  @ApiProperty({ type: Number, nullable: true }) statusCode!: number | null;
  @ApiProperty() durationMs!: number;
  @ApiProperty({ type: String, nullable: true, description: 'timeout, connection_refused, blocked_address, dns_failed…' }) error!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'The first kilobyte of the answer' }) responseHead!: string | null;
  @ApiProperty({ format: 'date-time' }) at!: string;
  @ApiProperty({ enum: ['pending', 'succeeded', 'failed'], description: 'Where the delivery of this message stands now' }) deliveryStatus!: string;
}

export class WebhookAttemptsDto {
  @ApiProperty({ type: [WebhookAttemptDto] }) attempts!: WebhookAttemptDto[];
}

export class QueuedMessageDto {
  @ApiProperty() messageId!: string;
}
