import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsEmail, IsIn, IsObject, IsOptional, IsString, IsUUID, Length, Matches, MaxLength, MinLength, ValidateNested } from 'class-validator';
import { trim } from '../core/http/text-input';
import { OAUTH_PROVIDERS, type OAuthProvider } from '../repositories/schema/identity.entity';

/** Passwords: at least 6 characters (the product's minimum), at most 128 (argon2 input stays bounded). */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;

const trimLower = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value);

/** An email address, compared case-insensitively (stored trimmed and lower-cased). */
function EmailField(description?: string) {
  return applyDecorators(
    ApiProperty({ example: 'fan@example.com', maxLength: 254, description }),
    Transform(trimLower),
    IsEmail({}, { message: 'email must be an email address' }),
    MaxLength(254),
  );
}

/** A new password: at least PASSWORD_MIN characters. */
function NewPasswordField() {
  return applyDecorators(
    ApiProperty({ minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX, example: 'riff-raff-1977' }),
    IsString(),
    MinLength(PASSWORD_MIN),
    MaxLength(PASSWORD_MAX),
  );
}

export class UserMetadataDto {
  @ApiPropertyOptional({ example: 'punkrocker', maxLength: 32, description: 'Defaults to the part of the email before the @' })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @Length(1, 32)
  @Matches(/^[\p{L}\p{N}_.-]+$/u, { message: 'username may contain letters, digits, _ . and - only' })
  username?: string;

  @ApiPropertyOptional({ example: 'Punk Rocker', maxLength: 64, description: 'Defaults to the part of the email before the @' })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @Length(1, 64)
  display_name?: string;
}

export class SignUpDto {
  @EmailField()
  email!: string;

  @NewPasswordField()
  password!: string;

  @ApiPropertyOptional({ type: UserMetadataDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => UserMetadataDto)
  data?: UserMetadataDto;
}

/** The body of `POST /auth/token`: email and password, or (for clients without cookies) a refresh token. */
export class TokenRequestDto {
  @ApiPropertyOptional({ example: 'fan@example.com', description: 'grant_type=password' })
  @IsOptional()
  @Transform(trimLower)
  @IsEmail({}, { message: 'email must be an email address' })
  @MaxLength(254)
  email?: string;

  @ApiPropertyOptional({ description: 'grant_type=password' })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(PASSWORD_MAX)
  password?: string;

  @ApiPropertyOptional({ description: 'grant_type=refresh_token, for clients without cookies (browsers send the cookie)' })
  @IsOptional()
  @IsString()
  @MaxLength(256)
  refresh_token?: string;

  @ApiPropertyOptional({ description: 'grant_type=mfa: the mfa_token of the mfa_required answer' })
  @IsOptional()
  @IsString()
  @MaxLength(2048)
  mfa_token?: string;

  @ApiPropertyOptional({ description: 'grant_type=mfa: a 6-digit code of the authenticator app, or a recovery code', example: '123456' })
  @IsOptional()
  @IsString()
  @MaxLength(64)
  code?: string;

  @ApiPropertyOptional({ description: 'grant_type=passkey: the challenge_id of POST /auth/passkeys/authentication' })
  @IsOptional()
  @IsUUID()
  challenge_id?: string;

  @ApiPropertyOptional({ description: 'grant_type=passkey: what navigator.credentials.get() answered, as JSON (AuthenticationResponseJSON)', type: 'object', additionalProperties: true })
  @IsOptional()
  @IsObject()
  credential?: Record<string, unknown>;
}

export const GRANT_TYPES = ['password', 'refresh_token', 'mfa', 'passkey'] as const;
export type GrantType = (typeof GRANT_TYPES)[number];

export class TokenQueryDto {
  @ApiProperty({ enum: GRANT_TYPES })
  @IsIn(GRANT_TYPES)
  grant_type!: GrantType;
}

export class EmailDto {
  @EmailField()
  email!: string;
}

export class ResetPasswordDto {
  @ApiProperty({ description: 'The token from the recovery mail' })
  @IsString()
  @Length(20, 256)
  token!: string;

  @NewPasswordField()
  password!: string;
}

export class UpdateUserDto {
  @ApiPropertyOptional({ description: 'Add an email (anonymous users) — a confirmation mail is sent' })
  @IsOptional()
  @Transform(trimLower)
  @IsEmail({}, { message: 'email must be an email address' })
  @MaxLength(254)
  email?: string;

  @ApiPropertyOptional({ minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX })
  @IsOptional()
  @IsString()
  @MinLength(PASSWORD_MIN)
  @MaxLength(PASSWORD_MAX)
  password?: string;

  @ApiPropertyOptional({ description: 'Required to change an existing password' })
  @IsOptional()
  @IsString()
  @MaxLength(PASSWORD_MAX)
  current_password?: string;

  @ApiPropertyOptional({ type: UserMetadataDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => UserMetadataDto)
  data?: UserMetadataDto;
}


export class AuthorizeQueryDto {
  @ApiProperty({ enum: OAUTH_PROVIDERS })
  @IsIn(OAUTH_PROVIDERS)
  provider!: OAuthProvider;

  @ApiPropertyOptional({ description: 'A path on this site to return to (default /)', example: '/' })
  @IsOptional()
  @IsString()
  @MaxLength(512)
  @Matches(/^\/(?!\/)/, { message: 'redirect_to must be a path on this site' })
  redirect_to?: string;
}

export const LOGOUT_SCOPES = ['local', 'global'] as const;

export class LogoutQueryDto {
  @ApiPropertyOptional({ enum: LOGOUT_SCOPES, description: 'local: this session; global: every session of the user' })
  @IsOptional()
  @IsIn(LOGOUT_SCOPES)
  scope?: (typeof LOGOUT_SCOPES)[number];
}

// ---- responses ----

export class UserMetadataResponseDto {
  @ApiProperty({ nullable: true, type: String })
  username!: string | null;

  @ApiProperty({ nullable: true, type: String })
  display_name!: string | null;
}

export class UserDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ nullable: true, type: String })
  email!: string | null;

  @ApiProperty()
  is_anonymous!: boolean;

  @ApiProperty({ nullable: true, type: String, format: 'date-time' })
  email_confirmed_at!: string | null;

  @ApiProperty({ type: UserMetadataResponseDto })
  user_metadata!: UserMetadataResponseDto;

  @ApiProperty({ type: [String], enum: OAUTH_PROVIDERS, description: 'Linked OAuth providers' })
  providers!: OAuthProvider[];

  @ApiProperty({ description: 'Whether the account can sign in with a password' })
  has_password!: boolean;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;
}

export class SessionDto {
  @ApiProperty({ description: 'A short-lived JWT for the Authorization header' })
  access_token!: string;

  @ApiProperty({ enum: ['bearer'] })
  token_type!: 'bearer';

  @ApiProperty({ description: 'Seconds the access token stays valid' })
  expires_in!: number;

  @ApiProperty({ description: 'Unix time (seconds) when the access token expires' })
  expires_at!: number;

  @ApiPropertyOptional({ description: 'Only for clients that asked for it in the body; browsers get an httpOnly cookie' })
  refresh_token?: string;

  @ApiProperty({ type: UserDto })
  user!: UserDto;
}

export class SignUpResultDto {
  @ApiProperty({ type: UserDto })
  user!: UserDto;

  @ApiProperty({ description: 'Always true: the account must be confirmed through the mailed link' })
  confirmation_sent!: boolean;
}

export class MessageDto {
  @ApiProperty()
  message!: string;
}

export class ProvidersDto {
  @ApiProperty() google!: boolean;
  @ApiProperty() facebook!: boolean;
  @ApiProperty() github!: boolean;
}

export class VerifyQueryDto {
  @ApiProperty({ description: 'The token from the confirmation mail' })
  @IsString()
  @Length(20, 256)
  token!: string;
}
