import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export class DatabaseHealthDto {
  @ApiProperty({ enum: ['up', 'down'] })
  status!: 'up' | 'down';

  @ApiPropertyOptional({ description: 'Round trip of a trivial query, in milliseconds' })
  latencyMs?: number;
}

export class HealthDto {
  @ApiProperty({ enum: ['ok'] })
  status!: 'ok';

  @ApiProperty({ type: DatabaseHealthDto })
  database!: DatabaseHealthDto;

  @ApiProperty({ description: 'Seconds since the process started' })
  uptimeSeconds!: number;
}

export class LivenessDto {
  @ApiProperty({ enum: ['ok'] })
  status!: 'ok';

  @ApiProperty({ description: 'Seconds since the process started' })
  uptimeSeconds!: number;
}

export class ReadinessDto {
  @ApiProperty({ enum: ['ready'] })
  status!: 'ready';

  @ApiProperty({ type: DatabaseHealthDto })
  database!: DatabaseHealthDto;

  @ApiProperty({ description: 'Seconds since the process started' })
  uptimeSeconds!: number;
}
