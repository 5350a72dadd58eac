import { ApiProperty } from '@nestjs/swagger';
import { IsISO8601, IsString, IsUrl, IsUUID, MaxLength, ValidateBy, type ValidationOptions } from 'class-validator';
import { MAX_URL_LENGTH } from './events-file';
import { EVENT_CATEGORIES, type EventCategory } from '../repositories/schema/event.entity';

/** How far a click's own timestamp may be from the server's clock (a skewed or stale client, not a forged history). */
export const CLICK_CLOCK_TOLERANCE_MS = 24 * 60 * 60 * 1000;

function IsNearNow(toleranceMs: number, options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isNearNow',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && Math.abs(Date.parse(value) - Date.now()) <= toleranceMs,
        defaultMessage: (args) => `${args?.property ?? 'value'} must be within a day of the current time`,
      },
    },
    options,
  );
}

export class EventIdParamDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'id must be a UUID' })
  id!: string;
}

/** An event as the Events page shows it; field names as in the product's data model. */
export class EventDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: 'Rock na Bagnie' }) title!: string;
  @ApiProperty() artist!: string;
  @ApiProperty({ format: 'date-time', description: 'When it starts' }) event_date!: string;
  @ApiProperty() venue!: string;
  @ApiProperty({ description: 'Town or city' }) location!: string;
  @ApiProperty({ example: '149.00', description: 'Ticket price in PLN as a decimal string; "0.00" is free entry' }) price!: string;
  @ApiProperty({ format: 'uri', description: "The ticket seller's page" }) ticket_url!: string;
  @ApiProperty({ description: 'An http(s) URL, or a path on this site' }) image_url!: string;
  @ApiProperty() description!: string;
  @ApiProperty({ enum: EVENT_CATEGORIES }) category!: EventCategory;
}

export class CreateAffiliateClickDto {
  @ApiProperty({ format: 'uri', maxLength: MAX_URL_LENGTH, description: 'The ticket URL that was opened, with its ref and event parameters' })
  @IsUrl({ protocols: ['http', 'https'], require_protocol: true, require_tld: false }, { message: 'ticket_url must be an http(s) URL' })
  @MaxLength(MAX_URL_LENGTH)
  ticket_url!: string;

  @ApiProperty({ maxLength: MAX_URL_LENGTH, description: 'The page the visitor came from; may be empty' })
  @IsString()
  @MaxLength(MAX_URL_LENGTH)
  referrer!: string;

  @ApiProperty({ format: 'date-time', description: "The browser's time of the click (at most a day away from the server's)" })
  @IsISO8601({ strict: true }, { message: 'click_timestamp must be an ISO 8601 date-time' })
  @IsNearNow(CLICK_CLOCK_TOLERANCE_MS)
  click_timestamp!: string;
}

export class AffiliateClickCreatedDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;
}
