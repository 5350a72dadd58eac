// npm run bench:auth — sign-in (argon2id verification included) and refresh latency of the built server,
// each request timed from a client on loopback, one at a time. Reference, measured in the same run:
// argon2id verification alone with the same parameters, so a slow machine shows as a slow reference.
import { hash, verify } from '@node-rs/argon2';
import { Client } from 'pg';
import { ms, percentile, startServer } from './support';

const SIGN_INS = Number(process.env.BENCH_SIGN_INS ?? 200);
const REFRESHES = Number(process.env.BENCH_REFRESHES ?? 500);
const email = 'bench@example.com';
const password = 'bench-password-1';

async function main(): Promise<void> {
  const server = await startServer();
  try {
    const json = (body: unknown, ip: string) => ({ method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': ip }, body: JSON.stringify(body) });
    const signup = await fetch(`${server.base}/api/v1/auth/signup`, json({ email, password }, '10.0.0.1'));
    if (signup.status !== 201) throw new Error(`sign-up answered ${signup.status}`);
    // Confirmed directly in the database: the mail round trip is not what is measured here.
    const client = new Client({ connectionString: server.databaseUrl() });
    await client.connect();
    await client.query('UPDATE users SET email_confirmed_at = now() WHERE email = $1', [email]);
    await client.end();

    const signIn = async (i: number): Promise<number> => {
      const started = performance.now();
      // A fresh address per request keeps the per-address request limit out of the figure.
      const res = await fetch(`${server.base}/api/v1/auth/token?grant_type=password`, json({ email, password }, `10.1.${i >> 8}.${i & 255}`));
      const elapsed = performance.now() - started;
      if (res.status !== 200) throw new Error(`sign-in answered ${res.status}`);
      await res.arrayBuffer();
      return elapsed;
    };
    for (let i = 0; i < 10; i++) await signIn(10_000 + i); // warm-up
    const signInTimes: number[] = [];
    for (let i = 0; i < SIGN_INS; i++) signInTimes.push(await signIn(i));

    // A refresh chain: each answer's token is the next request's (the body flow of cookie-less clients).
    const first = await fetch(`${server.base}/api/v1/auth/token?grant_type=password`, json({ email, password }, '10.2.0.1'));
    let refreshToken = (first.headers.getSetCookie().find((c) => c.startsWith('gr_refresh=')) as string).split(';')[0].slice('gr_refresh='.length);
    const refreshTimes: number[] = [];
    for (let i = 0; i < REFRESHES; i++) {
      const started = performance.now();
      const res = await fetch(`${server.base}/api/v1/auth/token?grant_type=refresh_token`, json({ refresh_token: refreshToken }, `10.3.${i >> 8}.${i & 255}`));
      refreshTimes.push(performance.now() - started);
      if (res.status !== 200) throw new Error(`refresh answered ${res.status}`);
      refreshToken = ((await res.json()) as { refresh_token: string }).refresh_token;
    }

    const stored = await hash(password);
    const verifyTimes: number[] = [];
    for (let i = 0; i < SIGN_INS; i++) {
      const started = performance.now();
      await verify(stored, password);
      verifyTimes.push(performance.now() - started);
    }

    const [signinP50, signinP99, refreshP99] = [percentile(signInTimes, 50), percentile(signInTimes, 99), percentile(refreshTimes, 99)];
    const [verifyP50, verifyP99] = [percentile(verifyTimes, 50), percentile(verifyTimes, 99)];
    console.log(`sign-ins: ${SIGN_INS}, refreshes: ${REFRESHES}, sequential, loopback`);
    console.log(`reference: argon2id verify alone p50=${ms(verifyP50)} ms p99=${ms(verifyP99)} ms`);
    console.log(`sign-in p50 = ${(signinP50 / verifyP50).toFixed(2)}× the argon2id verify; sign-in p99 = ${(signinP99 / verifyP99).toFixed(2)}× its p99`);
    console.log(`bench:auth signin_p50_ms=${ms(signinP50)} signin_p99_ms=${ms(signinP99)} refresh_p99_ms=${ms(refreshP99)}`);
  } finally {
    await server.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
