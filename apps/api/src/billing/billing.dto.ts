import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { BETA_FEATURE_IDS, type BetaFeature } from '../repositories/schema/beta-features';
import { type ApiPlan, AUDIO_QUALITIES, type AudioQuality, PAID_PLANS, type PaidPlan, type Plan, PLANS } from '../repositories/schema/plans';

export class CheckoutRequestDto {
  @ApiProperty({ enum: PAID_PLANS, description: 'The plan to buy; the server picks its price' })
  @IsIn(PAID_PLANS, { message: `planType must be one of ${PAID_PLANS.join(', ')}` })
  planType!: PaidPlan;
}

/** Where the browser goes next: Stripe's hosted checkout or customer portal. */
export class RedirectDto {
  @ApiProperty({ format: 'uri' }) url!: string;
}

export class PlanLimitsDto {
  @ApiProperty({ type: 'integer', nullable: true, description: 'AI studio generations per Europe/Warsaw calendar day; null is unlimited', example: 1 })
  aiGenerationsPerDay!: number | null;
  @ApiProperty({ description: "The studio's premium providers and tools (AIVA, BandLab)" }) premiumStudioTools!: boolean;
  @ApiProperty({ description: 'Studio tracks of 5 minutes and more' }) longTracks!: boolean;
  @ApiProperty({ enum: ['free', 'developer'], description: 'The developer API plan the plan includes' }) apiPlan!: ApiPlan;
  @ApiProperty({ type: 'integer', description: 'Stations the plan offers (5, 50+, 200+), and how many a playlist may hold', example: 5 }) stations!: number;
  @ApiProperty({ description: 'Ad breaks in the radio player every ADS_EVERY_MINUTES of listening' }) ads!: boolean;
  @ApiProperty({ description: "A reserved share of each station relay's listener places" }) priorityStreaming!: boolean;
  @ApiProperty({ enum: AUDIO_QUALITIES, description: "The best stream of a station the plan plays: standard, 320 kbps, or lossless where the station has one" })
  audioQuality!: AudioQuality;
  @ApiProperty({ description: 'Stations the catalogue marks premium (all countries); without it, the basic stations' }) premiumStations!: boolean;
  @ApiProperty({ description: 'Studio tracks and recordings kept in the browser for offline listening' }) offline!: boolean;
  @ApiProperty({ description: 'Personal recommendations ("Dla Ciebie")' }) recommendations!: boolean;
  @ApiProperty({ description: 'Live streams made Ultra-only' }) exclusiveLive!: boolean;
  @ApiProperty({ description: 'Beta features, shown first to these accounts' }) betaFeatures!: boolean;
}

export class PlanOfferDto {
  @ApiProperty({ enum: PLANS }) plan!: Plan;
  @ApiProperty({ description: 'Monthly price in US dollars', example: 5 }) priceUsd!: number;
  @ApiProperty({ type: PlanLimitsDto }) limits!: PlanLimitsDto;
}

export class BillingPlansDto {
  @ApiProperty({ description: 'Whether plans can be bought online on this installation (Stripe is configured)' }) onlinePayment!: boolean;
  @ApiProperty({ type: 'integer', description: 'Days a first subscription is free', example: 30 }) trialDays!: number;
  @ApiProperty({ enum: PLANS, description: 'The plan every account has at least on this installation' }) defaultPlan!: Plan;
  @ApiProperty({ type: [PlanOfferDto] }) plans!: PlanOfferDto[];
}

/** The account's Stripe subscription that gives (or gave last) its plan. */
export class SubscriptionDto {
  @ApiProperty({ enum: PAID_PLANS }) plan!: PaidPlan;
  @ApiProperty({ description: 'Whether it gives the plan now (a trial, a paid period, or a renewal being retried)' }) entitles!: boolean;
  @ApiProperty({ description: 'Cancelled: the plan lasts until currentPeriodEnd, then ends' }) cancelAtPeriodEnd!: boolean;
  @ApiProperty({ format: 'date-time', nullable: true, type: String }) currentPeriodEnd!: string | null;
  @ApiProperty({ format: 'date-time', nullable: true, type: String, description: 'When the free trial ends, while in one' }) trialEnd!: string | null;
}

export class EntitlementsDto {
  @ApiProperty({ enum: PLANS }) plan!: Plan;
  @ApiProperty({ enum: ['default', 'subscription', 'grant'], description: "What gives the plan: the installation's default, a subscription, or an operator" })
  source!: 'default' | 'subscription' | 'grant';
  @ApiProperty({ type: PlanLimitsDto }) limits!: PlanLimitsDto;
  @ApiProperty({ enum: BETA_FEATURE_IDS, isArray: true, description: 'Features in beta (BETA_FEATURES) this account has first; empty unless limits.betaFeatures' })
  beta!: BetaFeature[];
  @ApiProperty({ type: SubscriptionDto, nullable: true }) subscription!: SubscriptionDto | null;
  @ApiPropertyOptional({ format: 'date-time', nullable: true, type: String, description: "An operator's grant ends then (null: open-ended)" })
  grantUntil?: string | null;
  @ApiProperty({ description: 'Whether a first checkout would start with the free trial' }) trialAvailable!: boolean;
}

export class WebhookReceivedDto {
  @ApiProperty({ example: true }) received!: boolean;
}
