import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsISO8601, IsInt, IsObject, IsOptional, IsString, IsUUID, Length, Max, MaxLength, Min, MinLength, ValidateNested } from 'class-validator';
import { trim } from '../core/http/text-input';
import { PASSWORD_MAX, SessionDto } from './auth.dto';

const FACTORS = ['password', 'totp', 'recovery', 'passkey'] as const;

export class SecurityOverviewDto {
  @ApiProperty({ description: 'Whether the account has a password (an OAuth-only account has none)' })
  password!: boolean;

  @ApiProperty({ description: 'Whether an authenticator app (TOTP) is on: a password sign-in then asks for its code' })
  totp!: boolean;

  @ApiProperty({ description: 'Unused recovery codes (0 without an authenticator app)' })
  recovery_codes_left!: number;

  @ApiProperty({ description: 'How many passkeys the account has' })
  passkeys!: number;

  @ApiProperty({ enum: FACTORS, isArray: true, description: 'The ways this account can confirm it is its owner (re-authentication)' })
  factors!: (typeof FACTORS)[number][];
}

export class TotpEnrolmentDto {
  @ApiProperty({ description: 'The seed, base32, to type into an app that cannot scan' })
  secret!: string;

  @ApiProperty({ description: 'The otpauth:// URI to show as a QR code', example: 'otpauth://totp/GrouaRock:fan%40example.com?issuer=GrouaRock&secret=…' })
  uri!: string;
}

export class MfaCodeDto {
  @ApiProperty({ description: 'A 6-digit code of the authenticator app (or, where accepted, a recovery code)', example: '123456' })
  @Transform(trim)
  @IsString()
  @MinLength(6)
  @MaxLength(64)
  code!: string;
}

export class RecoveryCodesDto {
  @ApiProperty({ type: [String], description: 'Ten single-use codes, shown this once: each signs in once in place of the app' })
  recovery_codes!: string[];
}

export class TotpEnabledDto extends RecoveryCodesDto {
  @ApiProperty({ type: SessionDto, description: 'This session, now at aal2 (every other session has ended)' })
  session!: SessionDto;
}

export class WebAuthnCeremonyDto {
  @ApiProperty({ format: 'uuid', description: 'Send it back with the browser’s answer (valid 5 minutes, once)' })
  challenge_id!: string;

  @ApiProperty({ type: 'object', additionalProperties: true, description: 'The options for navigator.credentials (PublicKeyCredential*OptionsJSON)' })
  options!: Record<string, unknown>;
}

export class PasskeyCredentialDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  challenge_id!: string;

  @ApiProperty({ type: 'object', additionalProperties: true, description: 'What navigator.credentials answered, as JSON' })
  @IsObject()
  credential!: Record<string, unknown>;
}

export class NewPasskeyDto extends PasskeyCredentialDto {
  @ApiPropertyOptional({ description: 'A name to tell it apart (“MacBook”, “YubiKey”)', maxLength: 64 })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(64)
  name?: string;
}

export class PasskeyNameDto {
  @ApiProperty({ maxLength: 64 })
  @Transform(trim)
  @IsString()
  @MinLength(1)
  @MaxLength(64)
  name!: string;
}

export class PasskeyIdParamDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  id!: string;
}

export class PasskeyDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty({ description: 'Whether it is synced (a backed-up passkey, in a password manager or a phone’s keychain)' })
  backed_up!: boolean;

  @ApiProperty({ enum: ['singleDevice', 'multiDevice'] })
  device_type!: string;

  @ApiProperty({ type: [String], example: ['internal', 'hybrid'] })
  transports!: string[];

  @ApiProperty({ format: 'date-time' })
  created_at!: string;

  @ApiProperty({ format: 'date-time', nullable: true, type: String })
  last_used_at!: string | null;
}

export class PasskeyListDto {
  @ApiProperty({ type: [PasskeyDto] })
  passkeys!: PasskeyDto[];
}

export class ReauthenticateDto {
  @ApiPropertyOptional({ description: 'The account’s password' })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(PASSWORD_MAX)
  password?: string;

  @ApiPropertyOptional({ description: 'A code of the authenticator app, or a recovery code' })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MinLength(6)
  @MaxLength(64)
  code?: string;

  @ApiPropertyOptional({ type: PasskeyCredentialDto, description: 'A passkey of the account (options from POST /auth/passkeys/authentication, signed in)' })
  @IsOptional()
  @ValidateNested()
  @Type(() => PasskeyCredentialDto)
  passkey?: PasskeyCredentialDto;

  @ApiPropertyOptional({ description: 'The six-digit code mailed by POST /auth/reauthenticate/email-code (accounts without a password, app or passkey)' })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @Length(6, 6)
  email_code?: string;
}

export class SessionSummaryDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ nullable: true, type: String, example: 'Chrome 131' })
  browser!: string | null;

  @ApiProperty({ nullable: true, type: String, example: 'Windows 10' })
  os!: string | null;

  @ApiProperty({ nullable: true, type: String, example: 'desktop', description: 'desktop, mobile, tablet or tv' })
  device!: string | null;

  @ApiProperty({ nullable: true, type: String, description: 'The address it was last refreshed from' })
  ip!: string | null;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;

  @ApiProperty({ format: 'date-time' })
  last_active_at!: string;

  @ApiProperty({ enum: ['aal1', 'aal2'] })
  aal!: string;

  @ApiProperty({ description: 'The session of this request' })
  current!: boolean;
}

export class SessionListDto {
  @ApiProperty({ type: [SessionSummaryDto] })
  sessions!: SessionSummaryDto[];
}

export class SessionIdParamDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  id!: string;
}

export class EndedSessionsDto {
  @ApiProperty({ description: 'How many sessions ended' })
  ended!: number;
}

export class SecurityEventDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ example: 'signed_in' })
  type!: string;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;

  @ApiProperty({ nullable: true, type: String })
  ip!: string | null;

  @ApiProperty({ nullable: true, type: String })
  browser!: string | null;

  @ApiProperty({ nullable: true, type: String })
  os!: string | null;

  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' }, description: 'The method of a sign-in, a passkey’s or key’s name…' })
  detail!: Record<string, string>;
}

export class SecurityLogDto {
  @ApiProperty({ type: [SecurityEventDto] })
  events!: SecurityEventDto[];
}

export class SecurityLogQueryDto {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 100, default: 50 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number;

  @ApiPropertyOptional({ format: 'date-time', description: 'Only lines older than this (the created_at of the last line seen)' })
  @IsOptional()
  @IsISO8601({ strict: true })
  before?: string;
}
