import { requestFrom } from '../test/support/cluster';
import { HlsViewers, type Member, RadioListeners, RealtimeSockets, RequestLoad } from './load';
import { log, sleep, within } from './report';
import { Publisher, type Rig, STATIONS } from './rig';

/** The drills' steady load (issue figures): requests per second, radio listeners, realtime sockets, HLS viewers. */
export const LOAD = { requestsPerSecond: 20, listeners: 50, sockets: 200, viewers: 20, members: 40 } as const;

/**
 * Everything the drills run under at once: the request load, the listeners, the sockets, and a live stream published
 * over RTMP to one replica and watched over HLS. The publisher comes back like OBS does when its connection drops (a
 * second later, to a replica that is up), with the same stream key.
 */
export class SteadyLoad {
  requests!: RequestLoad;
  listeners!: RadioListeners;
  sockets!: RealtimeSockets;
  viewers!: HlsViewers;
  publisher!: Publisher;
  members: Member[] = [];
  owner!: Member;
  stream!: { id: string; streamKey: string };
  /** Each time the publisher had to come back, and to which replica. */
  readonly republished: { at: number; replica: string }[] = [];
  private watch?: NodeJS.Timeout;
  private target = 0;

  constructor(private readonly rig: Rig) {}

  async start(): Promise<void> {
    const rig = this.rig;
    for (let i = 0; i < LOAD.members; i++) {
      const address = `127.0.20.${i + 1}`;
      const { id, token, email, password } = await rig.member(address, `member${i}`);
      this.members.push({ id, token, address, email, password });
    }
    this.owner = this.members[0];
    const created = await requestFrom(this.owner.address, `${rig.api}/stream/create`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.owner.token}` },
      body: { title: 'Próba generalna', genre: 'rock' },
    });
    if (created.status !== 200) throw new Error(`creating the stream answered ${created.status}: ${created.body.toString()}`);
    this.stream = created.json() as { id: string; streamKey: string };
    this.publisher = new Publisher(rig.root);
    this.publisher.publish(rig.replicas[this.target].rtmpPort, this.stream.streamKey);
    const live = await within(30_000, async () => ((await requestFrom(this.owner.address, `${rig.api}/live/${this.stream.id}/index.m3u8`)).status === 200 ? true : undefined));
    if (!live) throw new Error('the stream did not go live within 30 s');
    this.watch = setInterval(() => this.keepPublishing(), 500);

    this.requests = new RequestLoad(rig.api, this.members, LOAD.requestsPerSecond);
    this.listeners = new RadioListeners(rig.balancer.base, LOAD.listeners);
    this.sockets = new RealtimeSockets(rig.balancer.base, LOAD.sockets);
    this.viewers = new HlsViewers(rig.api, this.stream.id, LOAD.viewers);
    this.requests.start();
    this.listeners.start();
    this.sockets.start();
    this.viewers.start();
    const settled = await within(60_000, async () => (this.listeners.playing() === LOAD.listeners && this.sockets.open() === LOAD.sockets ? true : undefined), 500);
    if (!settled) throw new Error(`the load did not settle: ${this.listeners.playing()} listeners playing, ${this.sockets.open()} sockets open`);
    log(`load steady: ${LOAD.requestsPerSecond} requests/s, ${LOAD.listeners} listeners on ${STATIONS.length} stations, ${LOAD.sockets} sockets, ${LOAD.viewers} HLS viewers`);
  }

  /** The stream's state as its owner's page reads it. */
  async streamStatus(): Promise<string | undefined> {
    const answer = await requestFrom(this.owner.address, `${this.rig.api}/stream/${this.stream.id}`).catch(() => undefined);
    return answer?.status === 200 ? (answer.json().status as string) : undefined;
  }

  async stop(): Promise<void> {
    clearInterval(this.watch);
    await this.requests?.stop();
    this.listeners?.stop();
    this.sockets?.stop();
    this.viewers?.stop();
    await this.publisher?.stop();
    await sleep(100);
  }

  /** OBS's reconnect: the publisher is sent again, to the next replica that runs, when its connection dropped. */
  private keepPublishing(): void {
    if (this.publisher.publishing) return;
    const replicas = this.rig.replicas;
    for (let step = 1; step <= replicas.length; step++) {
      const next = (this.target + step) % replicas.length;
      if (!replicas[next].process) continue;
      this.target = next;
      this.republished.push({ at: Date.now(), replica: replicas[next].name });
      this.publisher.publish(replicas[next].rtmpPort, this.stream.streamKey);
      return;
    }
  }
}
