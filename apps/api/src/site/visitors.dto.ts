import { ApiProperty } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';

export class RegisterVisitDto {
  @ApiProperty({ format: 'uuid', description: 'A random id the browser keeps for its session' })
  @IsUUID('all', { message: 'sessionId must be a UUID' })
  sessionId!: string;
}

export class VisitDto {
  @ApiProperty({ description: 'Visitors counted so far' }) count!: number;
  @ApiProperty({ description: 'Whether this session is the 1000th visitor' }) winner!: boolean;
  @ApiProperty({ nullable: true, type: String, format: 'date-time', description: 'When the 1000th visitor came' }) winnerAt!: string | null;
}

export class VisitorsDto {
  @ApiProperty() count!: number;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) winnerAt!: string | null;
}
