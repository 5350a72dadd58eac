import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { StudioMaintenance } from '../src/studio/studio-maintenance.service';
import { signedInMember, startListeningApp, useApiUnderTest } from './support/app';
import { decodeMp3 } from './support/decode-mp3';
import { type Json, studioClient, userChannel } from './support/studio-client';

// The AI studio with the built-in generator (no provider configured): generating within the plan's limits, the
// spec's status answer, the realtime notice, the library and the files.

const dataDir = mkdtempSync(path.join(tmpdir(), 'grouarock-studio-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the AI studio with the built-in generator', () => {
  const api = useApiUnderTest(() => ({ DATA_DIR: dataDir }));
  const grant = (userId: string, plan: 'premium' | 'ultra') => api.db.query('INSERT INTO plan_grants (user_id, plan) VALUES ($1, $2)', [userId, plan]);

  it('makes a 30 s preview: the status answer has the track, the page hears of it on user.{id}, the audio plays and seeks', async () => {
    const member = await signedInMember(api, '10.60.0.1');
    const studio = studioClient(api.base, member.token, '10.60.0.1');
    const channel = await userChannel(api.base, member.token, member.id);

    const started = await studio.generate({ prompt: 'Szybki punk o nocnej jeździe', title: 'Nocna jazda', genre: 'punk-rock', length: '30s' });
    expect(started.status).toBe(200);
    expect(started.body).toEqual({ task_ids: [expect.any(String)], engine: 'builtin', notice: null, error: null });
    const [id] = started.body.task_ids as string[];

    const done = await studio.finished(id);
    expect(done).toMatchObject({ completed: true, status: 'succeeded', error: null, notice: null });
    expect(done.tracks).toHaveLength(1);
    const [track] = done.tracks as Json[];
    expect(track).toMatchObject({ title: 'Nocna jazda', artist: 'AI Generated', duration: 30, genre: 'punk-rock', prompt: 'Szybki punk o nocnej jeździe', tool: 'suno', engine: 'builtin' });
    expect(track.tags).toMatch(/^punk rock, \d+ bpm, [A-G]#? (minor|major)$/);
    expect(track.audio_url).toMatch(new RegExp(`^${api.base}/studio/tracks/${track.id}/audio\\?expires=\\d+&sig=[\\w-]{43}$`));
    expect(track.image_url).toMatch(new RegExp(`^${api.base}/studio/tracks/${track.id}/cover\\?expires=\\d+&sig=[\\w-]{43}$`));
    // An hour by default (MEDIA_LINK_SECONDS), rounded up to the next 5 minutes (MediaLinks.issue).
    const left = Date.parse(track.expires_at as string) - Date.now();
    expect(left).toBeGreaterThan(3600_000 - 60_000);
    expect(left).toBeLessThanOrEqual(3900_000);
    expect(Date.parse(track.expires_at as string) % 300_000).toBe(0);

    const deadline = Date.now() + 5000;
    while (!channel.frames.some((f) => f.type === 'track_ready') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    channel.close();
    expect(channel.frames.find((f) => f.type === 'track_ready')).toMatchObject({ channel: `user.${member.id}`, data: { task_id: id, tracks: [{ id: track.id }] } });

    const audio = await fetch(track.audio_url);
    expect(audio.status).toBe(200);
    expect(audio.headers.get('content-type')).toBe('audio/mpeg');
    expect(audio.headers.get('accept-ranges')).toBe('bytes');
    const mp3 = Buffer.from(await audio.arrayBuffer());
    const decoded = await decodeMp3(mp3);
    expect(Math.abs(decoded.seconds - 30) / 30).toBeLessThan(0.02);
    expect(decoded.meanDb).toBeGreaterThan(-25);

    const range = await fetch(track.audio_url, { headers: { range: 'bytes=1000-1999' } });
    expect(range.status).toBe(206);
    expect(range.headers.get('content-range')).toBe(`bytes 1000-1999/${mp3.length}`);
    expect(Buffer.from(await range.arrayBuffer())).toEqual(mp3.subarray(1000, 2000));

    const cover = await fetch(track.image_url);
    expect(cover.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(await cover.text()).toContain('Nocna jazda');
  });

  it('the same seed, words, genre and length give the same audio; another genre gives another', async () => {
    const hashes: string[] = [];
    for (const [i, genre] of ['grunge', 'grunge', 'heavy-metal'].entries()) {
      const member = await signedInMember(api, `10.60.1.${i + 1}`);
      const studio = studioClient(api.base, member.token, `10.60.1.${i + 1}`);
      const { body } = await studio.generate({ prompt: 'ciężki riff', genre, seed: 1234 });
      const [track] = (await studio.finished(body.task_ids[0])).tracks as Json[];
      hashes.push(createHash('sha256').update(Buffer.from(await (await fetch(track.audio_url)).arrayBuffer())).digest('hex'));
    }
    expect(hashes[1]).toBe(hashes[0]);
    expect(hashes[2]).not.toBe(hashes[0]);
  });

  it('the library lists, renames, downloads and deletes the user’s tracks, and no one else’s', async () => {
    const owner = await signedInMember(api, '10.60.2.1');
    const other = await signedInMember(api, '10.60.2.2');
    const studio = studioClient(api.base, owner.token, '10.60.2.1');
    const stranger = studioClient(api.base, other.token, '10.60.2.2');
    const { body } = await studio.generate({ prompt: 'alternatywny rock na deszczowy dzień', title: 'Deszcz / noc', genre: 'alternative-rock' });
    const [track] = (await studio.finished(body.task_ids[0])).tracks as Json[];

    expect((await studio.call('GET', '/studio/tracks')).body.tracks.map((t: Json) => t.id)).toEqual([track.id]);
    expect((await stranger.call('GET', '/studio/tracks')).body.tracks).toEqual([]);
    // Someone else's generations and tracks are not there for them.
    expect((await stranger.status(body.task_ids)).body).toMatchObject({ completed: false, tracks: [], error: { code: 'task_not_found' } });
    expect((await stranger.call('PATCH', `/studio/tracks/${track.id}`, { title: 'Mine' })).status).toBe(404);
    expect((await stranger.call('DELETE', `/studio/tracks/${track.id}`)).status).toBe(404);

    expect((await studio.call('PATCH', `/studio/tracks/${track.id}`, { title: '  ' })).status).toBe(400);
    const renamed = await studio.call('PATCH', `/studio/tracks/${track.id}`, { title: 'Deszczowa noc' });
    expect(renamed).toMatchObject({ status: 200, body: { id: track.id, title: 'Deszczowa noc' } });

    const download = await fetch(`${track.audio_url}&download=1`);
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="Deszczowa noc.mp3"; filename*=UTF-8''Deszczowa%20noc.mp3`);

    expect((await studio.call('DELETE', `/studio/tracks/${track.id}`)).status).toBe(204);
    expect((await studio.call('GET', '/studio/tracks')).body.tracks).toEqual([]);
    expect((await fetch(track.audio_url)).status).toBe(404);
    expect((await fetch(track.image_url)).status).toBe(404);
    // Deleting a track does not give the day's generation back.
    expect((await studio.usage()).body).toMatchObject({ plan: 'basic', limit: 1, used: 1, remaining: 0 });
  });

  it('serves private media on signed links that expire: Range for the link’s life, 403 expired or altered, 401 for the permanent URL', async () => {
    const owner = await signedInMember(api, '10.60.9.1');
    const other = await signedInMember(api, '10.60.9.2');
    const studio = studioClient(api.base, owner.token, '10.60.9.1');
    const { body } = await studio.generate({ prompt: 'krótki link do riffu', title: 'Link' });
    const [track] = (await studio.finished(body.task_ids[0])).tracks as Json[];
    const refusal = async (url: string, headers: Record<string, string> = {}) => {
      const res = await fetch(url, { headers });
      return { status: res.status, type: res.headers.get('content-type'), body: (await res.json()) as Json };
    };

    // Another process of the installation whose links last 4 s (MEDIA_LINK_SECONDS): a fresh link seeks, then expires.
    const short = await startListeningApp(api.db.url, { DATA_DIR: dataDir, MEDIA_LINK_SECONDS: '4' });
    try {
      // Signed in there (an access token names the process's public URL it was given by).
      const there = await studioClient(`${short.base}/api/v1`, '', '10.60.9.1').call('POST', '/auth/token?grant_type=password', { email: owner.email, password: 'riff-raff-123' });
      const library = await studioClient(`${short.base}/api/v1`, there.body.access_token as string, '10.60.9.1').call('GET', '/studio/tracks');
      expect(library).toMatchObject({ status: 200, body: { tracks: [{ id: track.id }] } });
      const [fresh] = library.body.tracks as Json[];
      expect(Date.parse(fresh.expires_at as string) - Date.now()).toBeLessThanOrEqual(4000);
      const range = await fetch(fresh.audio_url, { headers: { range: 'bytes=0-99' } });
      expect(range.status).toBe(206);
      expect(range.headers.get('content-range')).toMatch(/^bytes 0-99\/\d+$/);
      expect((await fetch(fresh.image_url)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, Date.parse(fresh.expires_at as string) - Date.now() + 100));
      for (const url of [fresh.audio_url, fresh.image_url] as string[]) {
        expect(await refusal(url, { range: 'bytes=100-199' })).toEqual({
          status: 403,
          type: expect.stringMatching(/^application\/json/),
          body: { statusCode: 403, error: 'Forbidden', code: 'link_expired', message: expect.stringContaining('fresh one') },
        });
      }
    } finally {
      await short.app.close();
    }

    // The hour-long link of the status answer still plays; altered in any part it is refused, never a 500.
    expect((await fetch(track.audio_url, { headers: { range: 'bytes=0-99' } })).status).toBe(206);
    const url = new URL(track.audio_url as string);
    const expires = url.searchParams.get('expires')!;
    const sig = url.searchParams.get('sig')!;
    const audioAt = (query: string) => `${api.base}/studio/tracks/${track.id}/audio?${query}`;
    const flipped = `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`;
    const coverSig = new URL(track.image_url as string).searchParams.get('sig')!;
    for (const altered of [
      audioAt(`expires=${Number(expires) + 86_400}&sig=${sig}`),
      audioAt(`expires=${expires}&sig=${flipped}`),
      audioAt(`expires=${expires}&sig=${coverSig}`),
      audioAt(`expires=${expires}`),
      audioAt(`sig=${sig}`),
      audioAt(`expires=soon&sig=${sig}`),
      `${api.base}/studio/tracks/${track.id}/cover?expires=${expires}&sig=${sig}`,
    ]) {
      expect(await refusal(altered)).toMatchObject({ status: 403, body: { statusCode: 403, code: 'link_invalid' } });
    }
    // Another track's signature does not open this one.
    const otherStudio = studioClient(api.base, other.token, '10.60.9.2');
    const { body: otherBody } = await otherStudio.generate({ prompt: 'inny riff' });
    const [otherTrack] = (await otherStudio.finished(otherBody.task_ids[0])).tracks as Json[];
    expect(await refusal(`${api.base}/studio/tracks/${track.id}/audio${new URL(otherTrack.audio_url as string).search}`)).toMatchObject({ status: 403, body: { code: 'link_invalid' } });

    // The permanent URL of before asks to sign in; the owner signed in (an API client) still gets the file, no one else.
    expect(await refusal(`${api.base}/studio/tracks/${track.id}/audio`)).toEqual({
      status: 401,
      type: expect.stringMatching(/^application\/json/),
      body: { statusCode: 401, error: 'Unauthorized', code: 'link_retired', message: expect.stringContaining('sign in') },
    });
    expect((await refusal(`${api.base}/studio/tracks/${track.id}/cover`)).body).toMatchObject({ code: 'link_retired' });
    const own = await fetch(`${api.base}/studio/tracks/${track.id}/audio`, { headers: { authorization: `Bearer ${owner.token}`, range: 'bytes=0-99' } });
    expect(own.status).toBe(206);
    expect((await fetch(`${api.base}/studio/tracks/${track.id}/audio`, { headers: { authorization: `Bearer ${other.token}` } })).status).toBe(404);
    expect((await fetch(`${api.base}/studio/tracks/${track.id}/audio`, { headers: { authorization: 'Bearer not-a-token' } })).status).toBe(401);
  });

  it('a Basic account gets one generation a day: of 20 at once, exactly one is accepted', async () => {
    const member = await signedInMember(api, '10.60.3.1');
    const studio = studioClient(api.base, member.token, '10.60.3.1');
    expect((await studio.usage()).body).toEqual({ plan: 'basic', limit: 1, used: 0, remaining: 1, premiumTools: false, longTracks: false });
    const answers = await Promise.all(Array.from({ length: 20 }, () => studio.generate({ prompt: 'hard rock na start' })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused.map((a) => a.status)).toEqual(Array(19).fill(429));
    expect(refused[0].body).toMatchObject({ code: 'daily_limit' });
    const [{ count }] = await api.db.query<{ count: number }>('SELECT count(*)::int AS count FROM studio_generations WHERE user_id = $1', [member.id]);
    expect(count).toBe(1);
  });

  it('Premium gets ten a day (failed ones do not count), the premium tools and 5+ min; Basic gets 403 for those', async () => {
    const basic = studioClient(api.base, (await signedInMember(api, '10.60.4.1')).token, '10.60.4.1');
    expect((await basic.generate({ prompt: 'x', provider: 'aiva' })).body).toMatchObject({ statusCode: 403, code: 'premium_required', message: 'AIVA needs the Premium or Ultra plan' });
    expect((await basic.generate({ prompt: 'x', provider: 'bandlab' })).body).toMatchObject({ statusCode: 403, code: 'premium_required' });
    expect((await basic.generate({ prompt: 'x', length: '5min+' })).body).toMatchObject({ statusCode: 403, code: 'premium_required' });
    expect((await basic.usage()).body.used).toBe(0);

    const member = await signedInMember(api, '10.60.4.2');
    await grant(member.id, 'premium');
    const premium = studioClient(api.base, member.token, '10.60.4.2');
    // Nine of today's generations already done, one failed (which gives its unit back).
    for (const status of [...Array(9).fill('succeeded'), 'failed']) {
      await api.db.query(
        `INSERT INTO studio_generations (user_id, status, engine, params, seed, generator_version, warsaw_day) VALUES ($1, $2, 'builtin', '{}', 1, 1, (now() AT TIME ZONE 'Europe/Warsaw')::date)`,
        [member.id, status],
      );
    }
    expect((await premium.usage()).body).toEqual({ plan: 'premium', limit: 10, used: 9, remaining: 1, premiumTools: true, longTracks: true });
    const tenth = await premium.generate({ prompt: 'progresywny rock w 7/8', provider: 'aiva', genre: 'progressive-rock', length: '1-2min' });
    expect(tenth.status).toBe(200);
    // One at a time: while it is being made, another is refused with its own reason.
    const meanwhile = await premium.generate({ prompt: 'jeszcze jeden' });
    expect(meanwhile.body).toMatchObject({ statusCode: expect.any(Number), code: expect.stringMatching(/^(generation_in_progress|daily_limit)$/) });
    const done = await premium.finished(tenth.body.task_ids[0]);
    expect(done.tracks[0]).toMatchObject({ duration: 90, tool: 'aiva', engine: 'builtin', genre: 'progressive-rock' });
    const eleventh = await premium.generate({ prompt: 'jeszcze jeden' });
    expect(eleventh).toMatchObject({ status: 429, body: { code: 'daily_limit' } });

    // The FAQ's promise: tracks made during a subscription stay the user's after it ends.
    await api.db.query('DELETE FROM plan_grants WHERE user_id = $1', [member.id]);
    expect((await premium.usage()).body).toMatchObject({ plan: 'basic', premiumTools: false });
    const library = (await premium.call('GET', '/studio/tracks')).body.tracks as Json[];
    expect(library.map((t) => t.id)).toEqual([done.tracks[0].id]);
    expect((await fetch(library[0].audio_url)).status).toBe(200);
  });

  it('keeps a track offline only on a paid plan: Basic gets 403 naming Premium, Premium gets the whole file, no one gets another’s', async () => {
    const member = await signedInMember(api, '10.60.8.1');
    const studio = studioClient(api.base, member.token, '10.60.8.1');
    const { body } = await studio.generate({ prompt: 'spokojny rock do pociągu', title: 'Pociąg', length: '30s' });
    const [track] = (await studio.finished(body.task_ids[0])).tracks as Json[];
    const offline = (token?: string, headers: Record<string, string> = {}) =>
      fetch(`${api.base}/studio/tracks/${track.id}/offline`, { headers: { ...headers, 'x-forwarded-for': '10.60.8.1', ...(token ? { authorization: `Bearer ${token}` } : {}) } });

    expect((await offline()).status).toBe(401);
    const refused = await offline(member.token);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ statusCode: 403, error: 'Forbidden', code: 'premium_required', requiredPlan: 'premium', message: expect.stringContaining('Premium') });

    await grant(member.id, 'premium');
    const kept = await offline(member.token);
    expect(kept.status).toBe(200);
    expect(kept.headers.get('content-type')).toBe('audio/mpeg');
    expect(kept.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    const file = Buffer.from(await kept.arrayBuffer());
    expect(file).toEqual(Buffer.from(await (await fetch(track.audio_url)).arrayBuffer()));
    expect(Number(kept.headers.get('content-length'))).toBe(file.length);

    // Someone else's track is not found, even on a paid plan; a malformed id is a 400.
    const other = await signedInMember(api, '10.60.8.2');
    await grant(other.id, 'ultra');
    expect((await offline(other.token)).status).toBe(404);
    const malformed = await fetch(`${api.base}/studio/tracks/not-a-uuid/offline`, { headers: { authorization: `Bearer ${other.token}` } });
    expect(malformed.status).toBe(400);

    // The plan ended: the file is refused again.
    await api.db.query('DELETE FROM plan_grants WHERE user_id = $1', [member.id]);
    expect((await offline(member.token)).status).toBe(403);
  });

  it('takes the genre as the spec writes it ("Punk Rock") as well as its slug, and the tool card in any case', async () => {
    const member = await signedInMember(api, '10.60.7.1');
    const studio = studioClient(api.base, member.token, '10.60.7.1');
    const started = await studio.generate({ prompt: 'szybki punk', genre: 'Punk Rock', provider: 'Suno', length: '30s' });
    expect(started).toMatchObject({ status: 200, body: { task_ids: [expect.any(String)], error: null } });
    const done = await studio.finished((started.body.task_ids as string[])[0]);
    expect(done.tracks[0]).toMatchObject({ genre: 'punk-rock', tool: 'suno' });
    // Another member, the other label forms: each is the slug it stands for; a label of no genre is still refused.
    const other = studioClient(api.base, (await signedInMember(api, '10.60.7.2')).token, '10.60.7.2');
    for (const genre of ['hard rock', 'HARD-ROCK', ' Heavy  Metal ', 'alternative_rock', 'Polka Rock']) {
      const answer = await other.call('POST', '/studio/generate', { prompt: 'x', genre, length: 'nope' });
      // The length is wrong on purpose, so nothing is generated: only the genre's verdict is read.
      const fields = (answer.body.fields ?? []) as string[];
      expect({ genre, refused: fields.includes('genre') }).toEqual({ genre, refused: genre === 'Polka Rock' });
    }
  });

  it('needs an account (not an anonymous session); bad input is a 400 that says what is wrong', async () => {
    expect((await fetch(`${api.base}/studio/generate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"prompt":"x"}' })).status).toBe(401);
    const anonymous = (await (await fetch(`${api.base}/auth/anonymous`, { method: 'POST', headers: { 'x-forwarded-for': '10.60.5.9' } })).json()) as Json;
    expect((await studioClient(api.base, anonymous.access_token, '10.60.5.9').generate({ prompt: 'x' })).status).toBe(403);

    const member = await signedInMember(api, '10.60.5.1');
    const studio = studioClient(api.base, member.token, '10.60.5.1');
    const bad = async (body: unknown) => (await studio.call('POST', '/studio/generate', body)).body;
    expect(await bad({ prompt: '   ' })).toMatchObject({ statusCode: 400, message: expect.arrayContaining(['prompt must not be blank']) });
    expect(await bad({ prompt: 'x'.repeat(501) })).toMatchObject({ statusCode: 400 });
    expect(await bad({ prompt: 'x', genre: 'polka' })).toMatchObject({ statusCode: 400, message: expect.arrayContaining([expect.stringMatching(/^genre must be one of/)]) });
    expect(await bad({ prompt: 'x', length: '10min' })).toMatchObject({ statusCode: 400 });
    expect(await bad({ prompt: 'x', seed: -1 })).toMatchObject({ statusCode: 400 });
    expect(await bad({ prompt: 'x', title: 'a\u0000b' })).toMatchObject({ statusCode: 400 });
    expect((await studio.call('POST', '/studio/status', { task_ids: ['nope'] })).status).toBe(400);
    expect((await studio.call('POST', '/studio/status', { task_ids: [] })).status).toBe(400);
    expect((await fetch(`${api.base}/studio/tracks/not-a-uuid/audio`)).status).toBe(400);
    expect((await studio.usage()).body.used).toBe(0);
  });

  it('a generation whose job is gone fails after 15 minutes, and its unit comes back', async () => {
    const member = await signedInMember(api, '10.60.6.1');
    const studio = studioClient(api.base, member.token, '10.60.6.1');
    const [{ id }] = await api.db.query<{ id: string }>(
      `INSERT INTO studio_generations (user_id, status, engine, params, seed, generator_version, warsaw_day, created_at) VALUES ($1, 'running', 'builtin', '{}', 1, 1, (now() AT TIME ZONE 'Europe/Warsaw')::date, now() - interval '16 minutes') RETURNING id`,
      [member.id],
    );
    expect((await studio.usage()).body.used).toBe(1);
    await api.app.get(StudioMaintenance).failStale();
    expect((await studio.status([id])).body).toMatchObject({ completed: true, status: 'failed', error: { code: 'timed_out' } });
    expect((await studio.usage()).body.used).toBe(0);
  });

  it('the provider health says the built-in generator makes the tracks, and what it is', async () => {
    const res = await fetch(`${api.base}/studio/provider-health`);
    expect(await res.json()).toEqual({
      engine: 'builtin',
      generator: 'GrouaRock algorithmic generator (not a neural model)',
      generatorVersion: 1,
      configured: false,
      kind: null,
      reachable: null,
      latencyMs: null,
      circuit: 'closed',
      openUntil: null,
      error: null,
    });
  });
});
