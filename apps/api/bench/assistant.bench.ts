// npm run bench:assistant — the assistant on this machine, through the built server:
// - builtin_p95_ms: the built-in assistant's reply time (JSON answer), p95 over the Polish eval set's questions that
//   need no station's upstream (goal ≤ 30 ms);
// - proxy_first_token_ratio: the first piece of a model's reply through our API (streamed, with its help snippets and
//   tools) against the same local fake OpenAI-compatible server called directly with the openai SDK, medians in one
//   run (goal ≤ 1.2). The fake waits 250 ms before its first token, as a model thinks before it answers.
// Ends with: bench:assistant builtin_p95_ms=… proxy_first_token_ratio=…
import { readFileSync } from 'node:fs';
import path from 'node:path';
import OpenAI from 'openai';
import { FakeOpenAi } from '../test/support/fake-openai';
import { percentile, root, startServer } from './support';

const ROUNDS = Number(process.env.BENCH_ASSISTANT_ROUNDS ?? 4);
const FIRST_TOKEN_ROUNDS = Number(process.env.BENCH_ASSISTANT_FIRST_TOKEN_ROUNDS ?? 20);

const evalSet = JSON.parse(readFileSync(path.join(root, 'apps/api/test/fixtures/assistant-eval.json'), 'utf8')) as { questions: { q: string; intent: string }[] };
// What is playing is read from the stations' own streams, which this machine cannot reach.
const questions = evalSet.questions.filter((q) => q.intent !== 'now_playing').map((q) => q.q);

let address = 0;
const nextAddress = () => `10.99.${Math.floor(++address / 250)}.${address % 250}`;

async function builtinTimes(base: string): Promise<number[]> {
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const message of questions) {
      const started = performance.now();
      const res = await fetch(`${base}/api/v1/assistant/chat`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress() }, body: JSON.stringify({ message }) });
      await res.json();
      if (res.status !== 200) throw new Error(`the assistant answered ${res.status}`);
      // The first round builds the help index and warms the caches: it is not counted.
      if (round > 0) times.push(performance.now() - started);
    }
  }
  return times;
}

/** Milliseconds from sending the question to the first piece of the reply, through our API. */
async function throughApi(base: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${base}/api/v1/assistant/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'x-forwarded-for': nextAddress() },
    body: JSON.stringify({ message: 'co u was gra?' }),
  });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error('no delta came');
    text += decoder.decode(value, { stream: true });
    if (text.includes('event: delta')) break;
  }
  const took = performance.now() - started;
  await reader.cancel();
  return took;
}

/** The same, straight to the fake with the openai SDK. */
async function direct(client: OpenAI): Promise<number> {
  const started = performance.now();
  const stream = await client.chat.completions.create({ model: 'fake-model', stream: true, messages: [{ role: 'user', content: 'co u was gra?' }] });
  for await (const chunk of stream) {
    if (chunk.choices[0]?.delta?.content) {
      const took = performance.now() - started;
      stream.controller.abort();
      return took;
    }
  }
  throw new Error('no delta came');
}

async function main(): Promise<void> {
  const builtin = await startServer();
  let p95: number;
  try {
    const times = await builtinTimes(builtin.base);
    p95 = percentile(times, 95);
    console.log(`built-in: ${times.length} replies, p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (goal 30 ms)`);
  } finally {
    await builtin.stop();
  }

  const fake = new FakeOpenAi();
  fake.firstTokenDelayMs = 250;
  await fake.start();
  const proxied = await startServer({ ASSISTANT_URL: fake.base, ASSISTANT_KEY: fake.key, ASSISTANT_MODEL: 'fake-model' });
  try {
    const client = new OpenAI({ baseURL: fake.base, apiKey: fake.key, maxRetries: 0 });
    await throughApi(proxied.base);
    await direct(client);
    const viaApi: number[] = [];
    const straight: number[] = [];
    for (let i = 0; i < FIRST_TOKEN_ROUNDS; i++) {
      viaApi.push(await throughApi(proxied.base));
      straight.push(await direct(client));
    }
    const [a, d] = [percentile(viaApi, 50), percentile(straight, 50)];
    console.log(`first token: through our API ${a.toFixed(1)} ms, straight to the model ${d.toFixed(1)} ms (medians of ${FIRST_TOKEN_ROUNDS}; the model thinks 250 ms)`);
    console.log(`bench:assistant builtin_p95_ms=${p95.toFixed(1)} proxy_first_token_ratio=${(a / d).toFixed(2)}`);
  } finally {
    await proxied.stop();
    await fake.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
