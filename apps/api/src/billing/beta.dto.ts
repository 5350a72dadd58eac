import { ApiProperty } from '@nestjs/swagger';
import { BETA_FEATURE_IDS, type BetaFeature } from '../repositories/schema/beta-features';

/** What is in beta on this installation: Ultra members have it now, everyone else sees it as coming. */
export class BetaListDto {
  @ApiProperty({ enum: BETA_FEATURE_IDS, isArray: true, description: 'Features in beta (BETA_FEATURES); empty: every feature is everyone’s' })
  features!: BetaFeature[];
  @ApiProperty({ enum: ['ultra'], description: 'The plan that has them first' }) plan!: 'ultra';
}
