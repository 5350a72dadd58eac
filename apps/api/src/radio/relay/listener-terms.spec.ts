import { PLAN_LIMITS } from '../../repositories/schema/plans';
import { admissionLimit, mayPlay, planThatOpens, streamFor } from './listener-terms';

const station = { streamUrl: 'https://radio.example/live.mp3', bitrate: 128, codec: 'mp3' as const, hqStreamUrl: null, hqBitrate: null, hqCodec: null, losslessStreamUrl: null, losslessCodec: null };
const withHq = { ...station, hqStreamUrl: 'https://radio.example/live-320.mp3', hqBitrate: 320, hqCodec: 'mp3' as const };
const withLossless = { ...withHq, losslessStreamUrl: 'https://radio.example/live-flac', losslessCodec: 'flac' as const };

describe('what a plan gets of a station', () => {
  it('opens a basic station to every plan and a premium one to the plans with premium stations, naming the cheapest', () => {
    expect(planThatOpens({ plan: 'basic' })).toBe('basic');
    expect(planThatOpens({ plan: 'premium' })).toBe('premium');
    expect(mayPlay({ plan: 'basic' }, PLAN_LIMITS.basic)).toBe(true);
    expect(mayPlay({ plan: 'premium' }, PLAN_LIMITS.basic)).toBe(false);
    expect(mayPlay({ plan: 'premium' }, PLAN_LIMITS.premium)).toBe(true);
    expect(mayPlay({ plan: 'premium' }, PLAN_LIMITS.ultra)).toBe(true);
  });

  it('gives Ultra the lossless stream, Premium the 320 kbps one and Basic the standard one where the station has them', () => {
    expect(streamFor(withLossless, PLAN_LIMITS.ultra)).toEqual({ quality: 'lossless', url: withLossless.losslessStreamUrl, bitrate: null, codec: 'flac' });
    expect(streamFor(withLossless, PLAN_LIMITS.premium)).toEqual({ quality: 'hq', url: withHq.hqStreamUrl, bitrate: 320, codec: 'mp3' });
    expect(streamFor(withLossless, PLAN_LIMITS.basic)).toEqual({ quality: 'standard', url: station.streamUrl, bitrate: 128, codec: 'mp3' });
  });

  it('falls back to the best stream the station has below what the plan allows', () => {
    // Without a lossless stream Ultra gets the hq one, like Premium; without either, the standard one.
    expect(streamFor(withHq, PLAN_LIMITS.ultra)).toEqual({ quality: 'hq', url: withHq.hqStreamUrl, bitrate: 320, codec: 'mp3' });
    expect(streamFor(station, PLAN_LIMITS.ultra)).toEqual({ quality: 'standard', url: station.streamUrl, bitrate: 128, codec: 'mp3' });
    // A lossless stream without an hq one: Premium does not get it.
    const losslessOnly = { ...withLossless, hqStreamUrl: null, hqBitrate: null, hqCodec: null };
    expect(streamFor(losslessOnly, PLAN_LIMITS.premium)).toEqual({ quality: 'standard', url: station.streamUrl, bitrate: 128, codec: 'mp3' });
    expect(streamFor(losslessOnly, PLAN_LIMITS.ultra).quality).toBe('lossless');
  });

  it('keeps the priority share of the listener limit for paid plans, rounding the kept share down', () => {
    expect(admissionLimit(1000, 0.2, true)).toBe(1000);
    expect(admissionLimit(1000, 0.2, false)).toBe(800);
    expect(admissionLimit(10, 0.2, false)).toBe(8);
    expect(admissionLimit(10, 0.3, false)).toBe(7);
    expect(admissionLimit(2, 0.5, false)).toBe(1);
    expect(admissionLimit(2, 0.2, false)).toBe(2);
    expect(admissionLimit(5, 0, false)).toBe(5);
  });
});
