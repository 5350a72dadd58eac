import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AffiliateClick } from './affiliate-click.entity';
import { MusicEvent } from './event.entity';
import { EventsController } from './events.controller';
import { EventsService } from './events.service';
import { EventsSyncService } from './events-sync.service';

@Module({
  imports: [TypeOrmModule.forFeature([MusicEvent, AffiliateClick])],
  controllers: [EventsController],
  providers: [EventsSyncService, EventsService],
})
export class EventsModule {}
