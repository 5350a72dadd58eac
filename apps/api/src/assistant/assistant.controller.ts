import { Body, Controller, Headers, HttpCode, HttpStatus, Post, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Throttle } from '@nestjs/throttler';
import { takeOver } from '../core/http/take-over';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { OptionalPrincipal, type Principal } from '../auth/auth.guard';
import { Authenticated } from '../auth/authenticated.decorator';
import { Endpoint } from '../core/http/endpoint.decorator';
import { ChatDto, ChatReplyDto } from './assistant.dto';
import { AssistantService, USER_LIMIT } from './assistant.service';

@ApiTags('assistant')
@Controller('assistant')
export class AssistantController {
  constructor(private readonly assistant: AssistantService) {}

  @Post('chat')
  @HttpCode(HttpStatus.OK)
  @Throttle({ default: { limit: USER_LIMIT.messages, ttl: USER_LIMIT.windowMs } })
  @Endpoint({
    id: 'chatWithAssistant',
    summary:
      'Ask the assistant. With Accept: text/event-stream the reply streams as `delta` events ({text}) and ends with a `done` event (the same object as the JSON answer)',
    ok: ChatReplyDto,
    errors: [HttpStatus.BAD_REQUEST, { status: HttpStatus.TOO_MANY_REQUESTS, description: 'code rate_limited: 20 messages in 5 minutes per user and per address' }],
  })
  @Authenticated({ optional: true })
  async chat(@Body() body: ChatDto, @Headers('accept') accept: string | undefined, @OptionalPrincipal() principal: Principal | undefined, @Req() req: FastifyRequest, @Res() res: FastifyReply): Promise<void> {
    await this.assistant.admit(principal ? `user:${principal.userId}` : `address:${req.ip ?? 'unknown'}`);
    const input = { message: body.message, locale: body.locale ?? 'pl', conversationId: body.conversationId };
    if (!accept?.includes('text/event-stream')) {
      void res.send(await this.assistant.chat(input, () => undefined));
      return;
    }
    // Written as it comes, on node's response (take-over.ts).
    const stream = takeOver(res);
    stream.writeHead(HttpStatus.OK, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache', 'X-Accel-Buffering': 'no' });
    stream.flushHeaders();
    const send = (event: string, data: object) => {
      if (!stream.writableEnded) stream.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    };
    // A reader who goes away ends the model's work on their question too.
    const gone = new AbortController();
    stream.once('close', () => gone.abort());
    const done = await this.assistant.chat(input, (text) => send('delta', { text }), gone.signal);
    send('done', done);
    stream.end();
  }
}
