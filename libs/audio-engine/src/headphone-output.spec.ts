import { type HeadphoneStatus, HeadphoneOutput, type SinkAudioContext, type SinkAudioElement } from './headphone-output';
import { MockContext } from './testing/mock-context';

function sinkContext(): SinkAudioContext & { sinks: string[]; closed: boolean; source: { connect: jest.Mock; disconnect: jest.Mock } } {
  const source = { connect: jest.fn(), disconnect: jest.fn() };
  const sink = {
    destination: { name: 'speakers' },
    sinks: [] as string[],
    closed: false,
    source,
    createMediaStreamSource: jest.fn(() => source),
    setSinkId: jest.fn(async (id: string) => {
      if (id === 'missing') throw Object.assign(new Error('Requested device not found'), { name: 'NotFoundError' });
      sink.sinks.push(id);
    }),
    resume: jest.fn(async () => undefined),
    close: jest.fn(async () => {
      sink.closed = true;
    }),
  };
  return sink;
}

function sinkElement(): SinkAudioElement & { sinks: string[] } {
  const element = {
    srcObject: null as MediaProvider | null,
    sinks: [] as string[],
    setSinkId: jest.fn(async (id: string) => {
      element.sinks.push(id);
    }),
    play: jest.fn(async () => undefined),
    pause: jest.fn(),
  };
  return element;
}

describe('HeadphoneOutput', () => {
  let context: MockContext;
  beforeEach(() => (context = new MockContext()));
  afterEach(() => context.reset());

  it('prefers a second AudioContext with setSinkId and plays the cue stream on the chosen device', async () => {
    const sink = sinkContext();
    const phones = new HeadphoneOutput(context, { environment: { createSinkContext: () => sink, createSinkElement: sinkElement } });
    expect(phones.available).toBe(true);
    expect(phones.status).toEqual({ state: 'ready', route: 'context' });
    const streamNode = context.nodesOf('MediaStreamDestination')[0] as unknown as { stream: MediaStream };
    expect(context.isConnected(phones.input, streamNode)).toBe(true);
    const statuses: HeadphoneStatus[] = [];
    phones.on('statuschange', (status) => statuses.push(status));
    await expect(phones.setDevice('usb-headset')).resolves.toEqual({ state: 'active', route: 'context', deviceId: 'usb-headset' });
    expect(sink.createMediaStreamSource).toHaveBeenCalledWith(streamNode.stream);
    expect(sink.source.connect).toHaveBeenCalledWith(sink.destination);
    expect(sink.sinks).toEqual(['usb-headset']);
    await phones.setDevice('');
    expect(sink.createMediaStreamSource).toHaveBeenCalledTimes(1);
    expect(statuses.map((status) => status.state)).toEqual(['active', 'active']);
  });

  it('falls back to an audio element with setSinkId', async () => {
    const element = sinkElement();
    const phones = new HeadphoneOutput(context, { environment: { createSinkContext: undefined, createSinkElement: () => element } });
    expect(phones.status).toEqual({ state: 'ready', route: 'element' });
    await phones.setDevice('bt');
    expect(element.srcObject).toBe((context.nodesOf('MediaStreamDestination')[0] as unknown as { stream: MediaStream }).stream);
    expect(element.sinks).toEqual(['bt']);
    expect(element.play).toHaveBeenCalled();
    expect(phones.status).toEqual({ state: 'active', route: 'element', deviceId: 'bt' });
  });

  it('honours a forced route', () => {
    const phones = new HeadphoneOutput(context, { route: 'element', environment: { createSinkContext: sinkContext, createSinkElement: sinkElement } });
    expect(phones.status).toEqual({ state: 'ready', route: 'element' });
    const none = new HeadphoneOutput(context, { route: 'context', environment: { createSinkContext: undefined, createSinkElement: sinkElement } });
    expect(none.status).toEqual({ state: 'unavailable', reason: 'This browser has no AudioContext.setSinkId.' });
  });

  it('reports unavailable, with the reason, where the browser cannot choose a device', async () => {
    const phones = new HeadphoneOutput(context, { environment: { createSinkContext: undefined, createSinkElement: undefined } });
    expect(phones.available).toBe(false);
    expect(phones.status.state).toBe('unavailable');
    expect(phones.status).toHaveProperty('reason', expect.stringContaining('does not let a page choose an audio output device'));
    await expect(phones.setDevice('x')).resolves.toEqual(phones.status);
    expect(context.nodesOf('MediaStreamDestination')).toHaveLength(0);
  });

  it('reports unavailable in an offline context', () => {
    const offline = Object.assign(Object.create(context) as MockContext, { createMediaElementSource: undefined });
    const phones = new HeadphoneOutput(offline, { environment: { createSinkContext: sinkContext } });
    expect(phones.status).toEqual({ state: 'unavailable', reason: expect.stringContaining('offline') });
  });

  it('reports a refused device with the browser reason and can try another', async () => {
    const phones = new HeadphoneOutput(context, { environment: { createSinkContext: sinkContext } });
    const status = await phones.setDevice('missing');
    expect(status).toEqual({ state: 'unavailable', reason: expect.stringContaining('NotFoundError: Requested device not found') });
    expect(phones.available).toBe(true);
    await expect(phones.setDevice('')).resolves.toMatchObject({ state: 'active' });
  });

  it('lists only audio outputs', async () => {
    const mediaDevices = {
      enumerateDevices: async () =>
        [
          { kind: 'audioinput', deviceId: 'mic', label: 'Mic' },
          { kind: 'audiooutput', deviceId: 'default', label: 'Speakers' },
          { kind: 'audiooutput', deviceId: 'usb', label: 'USB headset' },
        ] as MediaDeviceInfo[],
    };
    const phones = new HeadphoneOutput(context, { environment: { createSinkContext: sinkContext, mediaDevices } });
    await expect(phones.listDevices()).resolves.toEqual([
      { deviceId: 'default', label: 'Speakers' },
      { deviceId: 'usb', label: 'USB headset' },
    ]);
  });

  it('dispose() closes the sink context and disconnects its nodes', async () => {
    const sink = sinkContext();
    const phones = new HeadphoneOutput(context, { environment: { createSinkContext: () => sink } });
    await phones.setDevice('');
    phones.dispose();
    await Promise.resolve();
    expect(sink.source.disconnect).toHaveBeenCalled();
    expect(sink.closed).toBe(true);
    expect(context.connectionCount).toBe(0);
  });

  it('dispose() stops the sink element', async () => {
    const element = sinkElement();
    const phones = new HeadphoneOutput(context, { environment: { createSinkContext: undefined, createSinkElement: () => element } });
    await phones.setDevice('');
    phones.dispose();
    expect(element.pause).toHaveBeenCalled();
    expect(element.srcObject).toBeNull();
  });
});
