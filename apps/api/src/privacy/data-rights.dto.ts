import { ApiProperty } from '@nestjs/swagger';
import { Equals } from 'class-validator';

export class DeleteDataDto {
  @ApiProperty({ enum: ['DELETE'], description: 'Says that the caller means it: the deletion cannot be undone' })
  @Equals('DELETE', { message: 'confirm must be "DELETE"' })
  confirm!: 'DELETE';
}

export class AnonymizeDto {
  @ApiProperty({ enum: ['ANONYMIZE'], description: 'Says that the caller means it: the account cannot be signed in to again' })
  @Equals('ANONYMIZE', { message: 'confirm must be "ANONYMIZE"' })
  confirm!: 'ANONYMIZE';
}

export class DataDeletedDto {
  @ApiProperty({ enum: ['deleted'] }) status!: 'deleted';
  @ApiProperty({ description: 'Subscriptions cancelled at once' }) subscriptionsCancelled!: number;
  @ApiProperty({ type: [String], description: 'What we keep, and why', example: ['billing records (customer and subscription ids, plans, dates): 5 years, accounting law'] })
  kept!: string[];
}

export class AnonymizedDto {
  @ApiProperty({ enum: ['anonymized'] }) status!: 'anonymized';
  @ApiProperty({ description: 'The name the account’s public contributions now show', example: 'anon-k3x9q2mf' }) name!: string;
}
