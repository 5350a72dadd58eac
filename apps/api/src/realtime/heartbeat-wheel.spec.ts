import { HeartbeatWheel } from './heartbeat-wheel';

describe('HeartbeatWheel', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('visits each member once per period, never more than its share at a time', () => {
    const visits = new Map<number, number>();
    const perTick: number[] = [];
    let thisTick = 0;
    const wheel = new HeartbeatWheel<number>(25_000, 100, (member) => {
      visits.set(member, (visits.get(member) ?? 0) + 1);
      thisTick++;
    });
    for (let i = 0; i < 1000; i++) wheel.add(i);
    wheel.start();
    for (let tick = 0; tick < 100; tick++) {
      jest.advanceTimersByTime(250);
      perTick.push(thisTick);
      thisTick = 0;
    }
    expect([...visits.values()].every((n) => n === 1)).toBe(true);
    expect(visits.size).toBe(1000);
    expect(Math.max(...perTick)).toBe(10);
    jest.advanceTimersByTime(25_000);
    expect([...visits.values()].every((n) => n === 2)).toBe(true);
    wheel.stop();
  });

  it('stops visiting a member once it is deleted, even from within a visit', () => {
    const visited: string[] = [];
    const wheel = new HeartbeatWheel<string>(1000, 1, (member) => {
      visited.push(member);
      wheel.delete(member);
    });
    wheel.add('a');
    wheel.add('b');
    wheel.start();
    jest.advanceTimersByTime(3000);
    expect(visited).toEqual(['a', 'b']);
    wheel.stop();
  });
});
