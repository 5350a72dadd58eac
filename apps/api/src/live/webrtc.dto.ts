import { ApiProperty } from '@nestjs/swagger';
import { Matches } from 'class-validator';
import { SESSION_ID } from './live-webrtc.service';

export class WebRtcSessionParamDto {
  @ApiProperty({ pattern: SESSION_ID.source, description: 'The session, as the Location of its POST names it' })
  @Matches(SESSION_ID, { message: 'session must be a WebRTC session (64 hex digits, from the Location of its POST)' })
  session!: string;
}
