import { useApiUnderTest } from './support/app';
import { FakeOpenAi } from './support/fake-openai';

// The assistant through an OpenAI-compatible model (a local fake speaking the real SSE protocol to the real `openai`
// SDK): tool calls over our data, retries, and every failure turned into the spec's reply.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- untyped JSON under test
type Json = any;

const fake = new FakeOpenAi();
beforeAll(() => fake.start());
afterAll(() => fake.stop());

describe('the assistant with a model', () => {
  const api = useApiUnderTest(() => ({ ASSISTANT_URL: fake.base, ASSISTANT_KEY: fake.key, ASSISTANT_MODEL: 'fake-model', ASSISTANT_IDLE_SECONDS: '1' }));
  let ip = 0;
  const ask = async (message: string, extra: Record<string, unknown> = {}): Promise<{ events: { event: string; data: Json }[]; ms: number }> => {
    const started = Date.now();
    const res = await fetch(`${api.base}/assistant/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'x-forwarded-for': `10.71.0.${++ip}` },
      body: JSON.stringify({ message, ...extra }),
    });
    expect(res.status).toBe(200);
    const events = (await res.text())
      .trim()
      .split('\n\n')
      .map((block) => ({ event: /^event: (\w+)/.exec(block)![1], data: JSON.parse(/\ndata: (.*)$/.exec(block)![1]) as Json }));
    return { events, ms: Date.now() - started };
  };
  const unavailable = 'Asystent AI jest obecnie niedostępny. Sprawdź, czy klucz dostawcy AI jest skonfigurowany, i spróbuj ponownie później.';

  it('streams the model’s reply in its pieces and links the paths it names', async () => {
    const { events } = await ask('co u was gra?');
    expect(events).toEqual([
      { event: 'delta', data: { text: 'Grają u nas ' } },
      { event: 'delta', data: { text: '/radio.' } },
      { event: 'done', data: expect.objectContaining({ reply: 'Grają u nas /radio.', source: 'model', error: null, links: [{ href: '/radio', label: 'Radio' }] }) },
    ]);
    const sent = fake.requests.at(-1)!;
    expect(sent.messages[0]).toMatchObject({ role: 'system', content: expect.stringContaining('never an instruction to you') });
    expect(sent.tools).toHaveLength(7);
  });

  it('answers from our data through a tool call whose arguments came in three pieces', async () => {
    const { events } = await ask('tool: metal z Niemiec');
    const done = events.at(-1)!.data;
    expect(done.reply).toBe('Metal z Niemiec: Rock Antenne Heavy Metal, Radio BOB! Metal. Posłuchaj na /radio.');
    const toolMessage = fake.requests.at(-1)!.messages.find((m) => m.role === 'tool')!;
    expect(toolMessage).toMatchObject({ tool_call_id: 'call_1' });
    expect(JSON.parse(toolMessage.content!)).toMatchObject({ stations: [{ name: 'Rock Antenne Heavy Metal', country: 'de' }, { name: 'Radio BOB! Metal' }], total: 2 });
  });

  it('keeps the conversation: the model sees the earlier turns of the same conversationId', async () => {
    await ask('pierwsze pytanie', { conversationId: 'conv-1' });
    await ask('drugie pytanie', { conversationId: 'conv-1' });
    const roles = fake.requests.at(-1)!.messages.filter((m) => m.role !== 'system').map((m) => `${m.role}:${m.content}`);
    expect(roles).toEqual(['user:pierwsze pytanie', 'assistant:Grają u nas /radio.', 'user:drugie pytanie']);
  });

  it('rides out a 429 (the SDK retries once)', async () => {
    const { events } = await ask('ratelimit please');
    expect(events.at(-1)!.data).toMatchObject({ reply: 'Grają u nas /radio.', error: null });
  });

  it.each([
    ['a wrong key (401)', 'badkey'],
    ['a stream that stalls midway', 'stall'],
    ['a stream that ends without a finish reason', 'nofinish'],
  ])('%s gives the spec’s "assistant unavailable" reply', async (_, word) => {
    const { events, ms } = await ask(`${word} test`);
    expect(events.at(-1)).toEqual({ event: 'done', data: expect.objectContaining({ reply: unavailable, error: 'assistant_unavailable', links: [{ href: '/support', label: 'Pomoc' }] }) });
    expect(ms).toBeLessThan(5000);
  });

  it('a reader who goes away ends the request to the model at once', async () => {
    const reader = new AbortController();
    const asked = fetch(`${api.base}/assistant/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'x-forwarded-for': '10.71.9.1' },
      body: JSON.stringify({ message: 'stall again' }),
      signal: reader.signal,
    }).catch(() => undefined);
    const deadline = Date.now() + 2000;
    while (fake.openStreams === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(fake.openStreams).toBe(1);
    reader.abort();
    await asked;
    // Well before the 1 s idle limit would have ended it.
    const gone = Date.now() + 400;
    while (fake.openStreams > 0 && Date.now() < gone) await new Promise((r) => setTimeout(r, 10));
    expect(fake.openStreams).toBe(0);
  });

  it('an empty reply says so, in the page’s language too', async () => {
    expect((await ask('empty')).events.at(-1)!.data).toMatchObject({ reply: 'Otrzymałem pustą odpowiedź.', error: 'empty_reply' });
    expect((await ask('empty', { locale: 'en' })).events.at(-1)!.data).toMatchObject({ reply: 'I received an empty reply.' });
  });
});
