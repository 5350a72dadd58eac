import { createHash } from 'node:crypto';
import { requestFrom } from '../test/support/cluster';
import type { Outcome } from './load';
import { DrillReport, log, quantile, sleep, statusesByOperation, within } from './report';
import { type Rig, STATIONS } from './rig';
import type { SteadyLoad } from './steady-load';

/** The failures among outcomes: no answer, or a 5xx that is not our JSON error (a balancer's page, a crash). */
const unanswered = (o: Outcome) => o.status === 0 || (o.status >= 500 && !o.clearError);
/** An idempotent request that failed: any 5xx or no answer (nginx retries these on the next replica). */
const failedRead = (o: Outcome) => !o.write && (o.status === 0 || o.status >= 500);

const describe = (outcomes: readonly Outcome[]) =>
  outcomes
    .slice(0, 5)
    .map((o) => `${o.op} ${o.status || 'no answer'}`)
    .join(', ');

/** A title every socket should hear next: set on the first station's upstream, announced by whichever replica relays it. */
async function announce(rig: Rig, load: SteadyLoad, report: DrillReport, label: string): Promise<void> {
  const title = `Drill ${label} ${Date.now()}`;
  const since = Date.now();
  await rig.icecast.setTitle(`/${STATIONS[0]}.mp3`, `The Drill - ${title}`);
  const heard = await within(15_000, async () => (load.sockets.heardTitle(title, since) === load.sockets.count ? Date.now() : undefined), 250);
  report.figure(`sockets that heard the next now_playing (${label})`, `${load.sockets.heardTitle(title, since)} of ${load.sockets.count}`);
  if (heard) report.figure(`seconds until every socket heard it (${label})`, (heard - since) / 1000, ' s');
  report.promise(`every socket gets the next now_playing (${label})`, heard !== undefined);
}

/**
 * Rolling restart: each replica in turn gets SIGTERM (drain, exit) and is started again, as an orchestrator rolls a
 * deploy. Promises: no idempotent request fails; every write is answered or refused with a clear error; every radio
 * listener plays again within 5 s of its replica stopping; the sockets reconnect and get the next now_playing; the live
 * stream never ends; every process exits 0.
 */
export async function rollingRestart(rig: Rig, load: SteadyLoad): Promise<DrillReport> {
  const report = new DrillReport('rolling restart');
  const started = Date.now();
  for (const replica of rig.replicas) {
    const stopAt = Date.now();
    const code = await rig.stopReplica(replica);
    const exited = Date.now();
    await rig.startReplica(replica);
    const back = Date.now();
    report.figure(`${replica.name}: SIGTERM to exit`, (exited - stopAt) / 1000, ' s');
    report.figure(`${replica.name}: down (exit to healthy again)`, (back - exited) / 1000, ' s');
    report.promise(`${replica.name} exits 0 after its drain`, code === 0, `exit code ${code}`);
    // The listeners that were on it are back on another replica: the longest silence since it stopped.
    await sleep(6000);
    const gaps = load.listeners.longestGaps(stopAt);
    const longest = Math.max(...gaps);
    report.figure(`${replica.name}: longest silence of a listener`, longest / 1000, ' s');
    report.figure(`${replica.name}: listeners that heard a silence over 1 s`, gaps.filter((g) => g > 1000).length);
    report.promise(`every listener plays again within 5 s of ${replica.name} stopping`, longest <= 5000, `longest ${longest} ms`);
  }
  const outcomes = load.requests.since(started);
  const reads = outcomes.filter((o) => !o.write);
  const writes = outcomes.filter((o) => o.write);
  report.figure('requests during the restart (reads / writes)', `${reads.length} / ${writes.length}`);
  report.figure('p99 latency during the restart', quantile(outcomes.map((o) => o.ms), 0.99), ' ms');
  report.figure('answers by operation and status', statusesByOperation(outcomes));
  report.figure("listeners' connection attempts so far, by outcome", [...load.listeners.attempts].map(([outcome, n]) => `${outcome}×${n}`).join(' '));
  for (const [status, body] of load.listeners.refusals) report.figure(`a listener's first ${status}`, body);
  // A stopped replica refuses connections and nginx goes on to the next one: expected. Anything else is news.
  const balancerErrors = rig.balancer.errorLog().split('\n').filter((line) => line.includes('[error]'));
  const other = balancerErrors.filter((line) => !line.includes('(111: Connection refused) while connecting to upstream'));
  report.figure("connections the balancer found refused and passed on", balancerErrors.length - other.length);
  report.figure("the balancer's other errors", other.length);
  for (const line of other.slice(-3)) report.figure("the balancer's error", line.replace(/^.*\[error\] /, '').slice(0, 300));
  const failed = reads.filter(failedRead);
  report.promise('no idempotent request fails', failed.length === 0, failed.length ? `${failed.length} failed: ${describe(failed)}` : '');
  const unclear = writes.filter(unanswered);
  const refused = writes.filter((o) => o.status >= 300);
  report.figure('writes refused with a clear error', refused.length - unclear.length);
  report.promise('every write is answered or refused with a clear error', unclear.length === 0, unclear.length ? `${unclear.length}: ${describe(unclear)}` : '');
  const open = await within(15_000, async () => (load.sockets.open() === load.sockets.count ? true : undefined), 250);
  report.promise('every socket is connected again', open !== undefined, `${load.sockets.open()} of ${load.sockets.count} open`);
  await announce(rig, load, report, 'after the restart');
  report.figure('times the publisher had to come back', load.republished.filter((r) => r.at >= started).length);
  const status = await load.streamStatus();
  report.promise('the live stream never ends', !load.viewers.ended && status === 'live', `status ${status}, a viewer saw the end: ${load.viewers.ended}`);
  return report;
}

/** The routes a user needs the database for, each answered (anything but a 5xx) once it is back. */
function databaseRoutes(rig: Rig, load: SteadyLoad): { name: string; ask: () => ReturnType<typeof requestFrom> }[] {
  const member = load.members[1];
  const auth = { authorization: `Bearer ${member.token}` };
  return [
    { name: 'likes', ask: () => requestFrom(member.address, `${rig.api}/radio/${STATIONS[0]}/likes`, { headers: auth }) },
    { name: 'playlists', ask: () => requestFrom(member.address, `${rig.api}/user/playlists`, { headers: auth }) },
    { name: 'top-weekly', ask: () => requestFrom('127.0.30.1', `${rig.api}/radio/top-weekly`) },
    { name: 'visitors', ask: () => requestFrom('127.0.30.2', `${rig.api}/visitors`) },
    { name: 'readiness', ask: () => requestFrom('127.0.30.3', `${rig.api}/health/ready`) },
    { name: 'stream', ask: () => requestFrom('127.0.30.4', `${rig.api}/stream/${load.stream.id}`) },
  ];
}

/** A studio generation by `member`, polled to its end: its track's id, or why not. */
export async function generate(rig: Rig, member: { token: string; address: string }, prompt: string, ms: number): Promise<{ trackId?: string; why?: string }> {
  const auth = { authorization: `Bearer ${member.token}` };
  const started = await requestFrom(member.address, `${rig.api}/studio/generate`, { method: 'POST', headers: auth, body: { prompt, length: '30s' } });
  if (started.status !== 200) return { why: `generate answered ${started.status}` };
  const [taskId] = started.json().task_ids as string[];
  const done = await within(
    ms,
    async () => {
      const status = await requestFrom(member.address, `${rig.api}/studio/status`, { method: 'POST', headers: auth, body: { task_ids: [taskId] } });
      return status.status === 200 && status.json().completed ? (status.json() as { tracks: { id: string }[] }) : undefined;
    },
    1000,
  );
  if (!done) return { why: `not completed within ${ms / 1000} s` };
  return done.tracks[0] ? { trackId: done.tracks[0].id } : { why: 'completed without a track' };
}

/**
 * PostgreSQL stopped for 15 s, then started. Promises: no process exits; what needs the database answers 503 JSON within
 * 2 s, never hangs; listeners playing keep playing; within 10 s of its return every route answers, LISTEN is back (an
 * event published after recovery reaches every socket) and jobs resume.
 */
export async function databaseOutage(rig: Rig, load: SteadyLoad): Promise<DrillReport> {
  const report = new DrillReport('PostgreSQL stopped for 15 s');
  const routes = databaseRoutes(rig, load);
  await rig.database.pause();
  const stopped = Date.now();
  const answers: { ms: number; status: number; json: boolean }[] = [];
  let quietListeners = 0;
  while (Date.now() - stopped < 15_000) {
    for (const route of routes.slice(0, 3)) {
      const t = Date.now();
      const answer = await route.ask().catch(() => undefined);
      let json = false;
      try {
        json = answer?.json().statusCode === 503;
      } catch {
        json = false;
      }
      answers.push({ ms: Date.now() - t, status: answer?.status ?? 0, json });
    }
    quietListeners = Math.max(quietListeners, load.listeners.count - load.listeners.playing(3000));
    await sleep(500);
  }
  // The first seconds may still be answered from what a process keeps in memory (the stations list): judged are the
  // answers from the moment the pool noticed.
  const refused = answers.filter((a) => a.status !== 200);
  report.figure('requests needing the database while it was down (answered 200 / refused)', `${answers.length - refused.length} / ${refused.length}`);
  report.figure('slowest answer while it was down', Math.max(...answers.map((a) => a.ms)), ' ms');
  report.promise('what needs the database answers 503 JSON, never hangs', refused.length > 0 && refused.every((a) => a.status === 503 && a.json), `${refused.filter((a) => a.status !== 503 || !a.json).length} other answers`);
  report.promise('every answer came within 2 s', answers.every((a) => a.ms <= 2000), `slowest ${Math.max(...answers.map((a) => a.ms))} ms`);
  report.promise('listeners already playing keep playing', quietListeners === 0, `${quietListeners} went quiet for 3 s`);

  await rig.database.resume();
  const restarted = Date.now();
  const allAnswer = await within(
    20_000,
    async () => {
      for (const route of routes) if (((await route.ask().catch(() => undefined))?.status ?? 500) >= 500) return undefined;
      return Date.now();
    },
    250,
  );
  report.figure('seconds from its return until every route answers', allAnswer ? (allAnswer - restarted) / 1000 : 'never', allAnswer ? ' s' : '');
  report.promise('within 10 s of its return every route answers', allAnswer !== undefined && allAnswer - restarted <= 10_000);
  // LISTEN is back when an event published now reaches every socket: a new title each second until one does.
  let heardAt: number | undefined;
  for (let i = 0; heardAt === undefined && Date.now() - restarted < 20_000; i++) {
    const title = `Po awarii ${i} ${Date.now()}`;
    const since = Date.now();
    await rig.icecast.setTitle(`/${STATIONS[0]}.mp3`, `The Drill - ${title}`);
    heardAt = await within(1000, async () => (load.sockets.heardTitle(title, since) === load.sockets.count ? Date.now() : undefined), 100);
  }
  report.figure('seconds from its return until an event published then reached every socket', heardAt ? (heardAt - restarted) / 1000 : 'never', heardAt ? ' s' : '');
  report.promise('within 10 s of its return LISTEN is back: an event published after recovery reaches every socket', heardAt !== undefined && heardAt - restarted <= 10_000);
  const job = await generate(rig, load.members[2], 'Punk po awarii bazy', 90_000);
  report.promise('jobs resume: a generation made after the return completes', job.trackId !== undefined, job.why ?? '');
  const exited = await Promise.all(rig.replicas.map(async (r) => (r.process ? await Promise.race([r.process.exited.then(() => true), sleep(0).then(() => false)]) : true)));
  report.promise('no process exits', exited.every((e) => !e), `${exited.filter(Boolean).length} exited`);
  return report;
}

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * The bucket down for 20 s during the live stream and a studio generation. Promises: reads of stored media answer 503
 * within 2 s; the stream's segments wait and reach the bucket after (the stream has every one); the generation
 * completes.
 */
export async function bucketOutage(rig: Rig, load: SteadyLoad, stored: { trackId: string; bytesSha: string }): Promise<DrillReport> {
  const report = new DrillReport('bucket down for 20 s');
  const member = load.members[3];
  // The stored track is members[4]'s (drill.ts): its audio is read with its owner's sign-in (docs/studio.md).
  const owner = { authorization: `Bearer ${load.members[4].token}` };
  const generation = generate(rig, member, 'Rock w czasie awarii magazynu', 150_000);
  await sleep(500);
  const before = await requestFrom(member.address, `${rig.api}/live/${load.stream.id}/index.m3u8`);
  const firstBefore = Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(before.body.toString())?.[1] ?? 0);
  await rig.store.pause();
  const down = Date.now();
  const reads: { ms: number; status: number }[] = [];
  while (Date.now() - down < 20_000) {
    const t = Date.now();
    const answer = await requestFrom(member.address, `${rig.api}/studio/tracks/${stored.trackId}/audio`, { headers: owner }).catch(() => undefined);
    reads.push({ ms: Date.now() - t, status: answer?.status ?? 0 });
    await sleep(1000);
  }
  await rig.store.start();
  report.figure('reads of a stored track while the bucket was down (503 / other)', `${reads.filter((r) => r.status === 503).length} / ${reads.filter((r) => r.status !== 503).length}`);
  report.figure('slowest of them', Math.max(...reads.map((r) => r.ms)), ' ms');
  report.promise('reads answer 503 within 2 s', reads.every((r) => r.status === 503 && r.ms <= 2000), reads.filter((r) => r.status !== 503 || r.ms > 2000).map((r) => `${r.status} in ${r.ms} ms`).slice(0, 3).join(', '));

  const back = await within(15_000, async () => ((await requestFrom(member.address, `${rig.api}/studio/tracks/${stored.trackId}/audio`, { headers: owner })).status === 200 ? Date.now() : undefined), 250);
  report.figure('seconds from the bucket\'s return until stored media are served again', back ? (back - down - 20_000) / 1000 : 'never', back ? ' s' : '');
  const again = await requestFrom(member.address, `${rig.api}/studio/tracks/${stored.trackId}/audio`, { headers: owner });
  report.promise('a track stored before the outage has the same bytes after', sha(again.body) === stored.bytesSha);

  // Every segment ffmpeg wrote during the outage reaches the bucket: the playlist's sequence has no hole.
  const caughtUp = await within(
    30_000,
    async () => {
      const playlist = (await requestFrom(member.address, `${rig.api}/live/${load.stream.id}/index.m3u8`)).body.toString();
      const last = Math.max(...(playlist.match(/seg-(\d+)\.ts/g) ?? []).map((s) => Number(/\d+/.exec(s)![0])));
      return last > firstBefore + 20 ? playlist : undefined;
    },
    1000,
  );
  report.promise('the stream goes on after the outage', caughtUp !== undefined);
  const job = await generation;
  report.promise('the generation started as the bucket went away completes', job.trackId !== undefined, job.why ?? '');
  const status = await load.streamStatus();
  report.promise('the live stream never ends', status === 'live' && !load.viewers.ended, `status ${status}`);
  return report;
}

/**
 * After every drill: each write the cluster acknowledged is there (the last acknowledged state of each like, each
 * playlist made and not deleted since) and each acknowledged deletion of a playlist is gone.
 */
export async function acknowledgedWrites(rig: Rig, load: SteadyLoad): Promise<DrillReport> {
  const report = new DrillReport('acknowledged writes');
  // Per member and station, the acknowledged like or unlike that started last.
  const likes = new Map<string, Extract<(typeof load.requests.acknowledged)[number], { kind: 'like' }>>();
  const made = new Set<string>();
  const deleted = new Set<string>();
  for (const write of load.requests.acknowledged) {
    if (write.kind === 'playlist') made.add(write.id);
    else if (write.kind === 'playlist deleted') deleted.add(write.id);
    else if ((likes.get(`${write.member.id}/${write.station}`)?.started ?? 0) <= write.started) likes.set(`${write.member.id}/${write.station}`, write);
  }
  // A later try that got no answer, or a 5xx, may or may not have changed it: neither acknowledged nor clearly refused
  // to its client, such a like is left out; so is a playlist whose deletion was tried and not acknowledged.
  for (const o of load.requests.outcomes) {
    const last = o.key ? likes.get(o.key) : undefined;
    if (last && (o.status === 0 || o.status >= 500) && o.at > last.started) likes.delete(o.key!);
    if (o.op === 'POST/DELETE playlist' && o.key && !deleted.has(o.key)) made.delete(o.key);
  }
  let missing = 0;
  for (const { member, station, liked } of likes.values()) {
    const answer = await requestFrom(member.address, `${rig.api}/radio/${station}/likes`, { headers: { authorization: `Bearer ${member.token}` } });
    if (answer.json().likedByMe !== liked) missing++;
  }
  report.figure('likes acknowledged (last state per member and station)', likes.size);
  report.promise('every acknowledged like is as acknowledged', missing === 0, `${missing} differ`);
  const kept = [...made].filter((id) => !deleted.has(id));
  const [there, stillThere] = await Promise.all(
    [kept, [...deleted]].map(async (ids) => (await rig.sql<{ n: number }>('SELECT count(*)::int AS n FROM playlists WHERE id = ANY($1::uuid[])', [ids]))[0].n),
  );
  report.figure('playlists acknowledged (made and not deleted since / deleted)', `${kept.length} / ${deleted.size}`);
  report.promise('every acknowledged playlist is there', there === kept.length, `${kept.length - there} missing`);
  report.promise('every acknowledged deletion of a playlist holds', stillThere === 0, `${stillThere} still there`);
  log(`checked ${likes.size} likes and ${kept.length + deleted.size} playlists`);
  return report;
}
