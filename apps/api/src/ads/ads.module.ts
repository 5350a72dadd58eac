import { Global, Module } from '@nestjs/common';
import { BillingModule } from '../billing/billing.module';
import { AdBreakRepository } from '../repositories/ad-break.repository';
import { AdSpots } from '../repositories/ad-spots';
import { AdSpotsService } from './ad-spots.service';
import { AdsController } from './ads.controller';
import { AdsService } from './ads.service';
import { ListenerCookie } from './listener-cookie';
import { StreamTickets } from './stream-ticket';
import { AdMeterService } from './ad-meter.service';

/**
 * Ad breaks for Basic and signed-out listeners. Global so that the radio relay asks AdsService before it admits a
 * listener, and has AdMeterService count the stream, without the radio module importing this one.
 */
@Global()
@Module({
  imports: [BillingModule],
  controllers: [AdsController],
  providers: [AdsService, AdSpotsService, ListenerCookie, AdBreakRepository, AdSpots, StreamTickets, AdMeterService],
  exports: [AdsService, AdMeterService],
})
export class AdsModule {}
