import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { locales, type Locale } from '@grouarock/i18n';
import { TEXT, trim } from '../core/http/text-input';

export const MESSAGE_MAX = 1000;

export class ChatDto {
  @ApiProperty({ minLength: 1, maxLength: MESSAGE_MAX, example: 'Jakie stacje z Niemiec grają metal?' })
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'message must not be blank' })
  @MaxLength(MESSAGE_MAX)
  @Matches(TEXT, { message: 'message must be text' })
  message!: string;

  @ApiPropertyOptional({ maxLength: 64, description: 'Keeps the conversation (the model sees its last turns); any id of the client’s' })
  @IsOptional()
  @Matches(/^[\w-]{1,64}$/, { message: 'conversationId must be up to 64 letters, digits, - or _' })
  conversationId?: string;

  @ApiPropertyOptional({ enum: locales, description: 'The page’s language (default pl): the reply’s language when the question does not show its own' })
  @IsOptional()
  @IsIn(locales)
  locale?: Locale;
}

export class ReplyLinkDto {
  @ApiProperty({ example: '/radio', description: 'A path of the product' }) href!: string;
  @ApiProperty({ example: 'Radio' }) label!: string;
}

/** The whole reply (the JSON answer, and the stream's final `done` event). */
export class ChatReplyDto {
  @ApiProperty() reply!: string;
  @ApiProperty({ type: [ReplyLinkDto], description: 'Where the reply’s facts come from, in the product' }) links!: ReplyLinkDto[];
  @ApiProperty({ enum: ['builtin', 'model'], description: 'builtin: our own rules and data; model: the configured OpenAI-compatible model' }) source!: 'builtin' | 'model';
  @ApiProperty({ description: 'What the question was understood to be about (builtin), or "model"' }) intent!: string;
  @ApiProperty({ type: String, nullable: true, description: 'assistant_unavailable or empty_reply when the reply is the error text' }) error!: string | null;
  @ApiProperty({ enum: locales, description: 'The reply’s language: the question’s (Polish, English or Dutch), else the conversation’s, else the page’s' }) locale!: Locale;
  @ApiProperty() conversationId!: string;
}
