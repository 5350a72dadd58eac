import { EventEmitter } from 'node:events';
import type { WebRtcWorkerCommand } from './webrtc-worker';
import { WebRtcEngine, WebRtcRefusal } from './webrtc-engine';

/** The engine's process, faked: it is ready once told to start, records what it is sent, and ends when the test says. */
class FakeProcess extends EventEmitter {
  connected = true;
  exitCode: number | null = null;
  signalCode: NodeJS.Signals | null = null;
  readonly sent: WebRtcWorkerCommand[] = [];

  send(command: WebRtcWorkerCommand): boolean {
    this.sent.push(command);
    if (command.type === 'start') queueMicrotask(() => this.emit('message', { type: 'ready', port: command.data.port, tcpPort: command.data.tcpPort }));
    return true;
  }

  /** It ends as a fault in native code ends it. */
  crash(): void {
    this.connected = false;
    this.signalCode = 'SIGSEGV';
    this.emit('exit', null, 'SIGSEGV');
  }
}

const processes: FakeProcess[] = [];
jest.mock('./workers', () => ({
  ...jest.requireActual<typeof import('./workers')>('./workers'),
  newWorkerProcess: () => {
    const made = new FakeProcess();
    processes.push(made);
    return made;
  },
}));

describe('WebRtcEngine', () => {
  beforeEach(() => {
    processes.length = 0;
    jest.useFakeTimers({ doNotFake: ['queueMicrotask'] });
  });
  afterEach(() => jest.useRealTimers());

  it('tells every session and waiting request that its process ended, and starts another a second later', async () => {
    const engine = new WebRtcEngine();
    jest.spyOn(engine['logger'], 'error').mockImplementation(() => undefined);
    await engine.start({ port: 8189, tcpPort: 0, bind: '127.0.0.1', iceServers: [] });
    expect(engine.running).toBe(true);
    const states: string[] = [];
    const offer = { sdp: 'v=0', video: { mid: '0', payloadType: 102 } };
    const answered = engine.view('session-1', 'stream-1', offer, (state) => states.push(state));
    expect(processes[0].sent.map((c) => c.type)).toEqual(['start', 'view']);

    processes[0].crash();
    await expect(answered).rejects.toEqual(new WebRtcRefusal('failed', 'The WebRTC engine stopped'));
    expect(states).toEqual(['closed']);
    expect(engine.running).toBe(false);
    // Meanwhile an offer is refused at once, as when there is no engine in this process.
    await expect(engine.view('session-2', 'stream-1', offer, () => undefined)).rejects.toMatchObject({ reason: 'unavailable' });

    await jest.advanceTimersByTimeAsync(1000);
    expect(processes).toHaveLength(2);
    expect(processes[1].sent[0]).toMatchObject({ type: 'start', data: { port: 8189, bind: '127.0.0.1' } });
    expect(engine.running).toBe(true);

    // Stopped: the process is told to stop, and its end starts no other.
    const stopped = engine.onModuleDestroy();
    expect(processes[1].sent.at(-1)).toEqual({ type: 'stop' });
    processes[1].emit('exit', 0, null);
    await stopped;
    await jest.advanceTimersByTimeAsync(60_000);
    expect(processes).toHaveLength(2);
    expect(engine.running).toBe(false);
  });

  it('announces a passive TCP candidate beside each UDP host candidate of its answers when it runs ICE over TCP', async () => {
    const engine = new WebRtcEngine();
    await engine.start({ port: 8189, tcpPort: 8190, bind: '127.0.0.1', iceServers: [] });
    const answered = engine.view('session-1', 'stream-1', { sdp: 'v=0' }, () => undefined);
    const view = processes[0].sent[1] as Extract<WebRtcWorkerCommand, { type: 'view' }>;
    processes[0].emit('message', { type: 'answer', id: view.id, sdp: 'v=0\r\na=candidate:1 1 UDP 2122317823 127.0.0.1 8189 typ host\r\na=end-of-candidates\r\n' });
    expect((await answered).split('\r\n')).toEqual([
      'v=0',
      'a=candidate:1 1 UDP 2122317823 127.0.0.1 8189 typ host',
      'a=candidate:tcp1 1 TCP 1520435199 127.0.0.1 8190 typ host tcptype passive',
      'a=end-of-candidates',
      '',
    ]);
    const stopped = engine.onModuleDestroy();
    processes[0].emit('exit', 0, null);
    await stopped;
  });
});
