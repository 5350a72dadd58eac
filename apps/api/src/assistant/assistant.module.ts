import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module';
import { LiveModule } from '../live/live.module';
import { RadioModule } from '../radio/radio.module';
import { AssistantTools } from './assistant-tools';
import { AssistantController } from './assistant.controller';
import { AssistantService } from './assistant.service';
import { BuiltinAssistant } from './builtin-assistant';

/** The chat assistant: built-in answers from our own live data, or an OpenAI-compatible model with tools (docs/assistant.md). */
@Module({
  imports: [RadioModule, EventsModule, LiveModule],
  controllers: [AssistantController],
  providers: [AssistantService, BuiltinAssistant, AssistantTools],
})
export class AssistantModule {}
