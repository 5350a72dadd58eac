import { Injectable } from '@nestjs/common';
import { PLAN_LIMITS, PLAN_PRICES_USD, PLANS } from '../repositories/schema/plans';
import { EventsService } from '../events/events.service';
import { LiveService } from '../live/live.service';
import { GENRES } from '../repositories/schema/station-definition';
import { NowPlayingService } from '../radio/now-playing.service';
import { StationsService } from '../radio/stations.service';
import { WeeklyStatsService } from '../radio/weekly-stats.service';
import type { ModelTool } from '../repositories/assistant-model';
import { namesIn } from './gazetteer';
import { KnowledgeBase } from './knowledge-base';
import { fold } from './text';

const tool = (name: string, description: string, properties: Record<string, object> = {}): ModelTool => ({
  type: 'function',
  function: { name, description, parameters: { type: 'object', properties, additionalProperties: false } },
});

/** The product's live data as the model may ask for it: the same sources the built-in assistant answers from. */
export const ASSISTANT_TOOLS: ModelTool[] = [
  tool('list_stations', 'Radio stations of our catalogue, by country and/or genre', {
    country: { type: 'string', description: 'ISO 3166-1 two-letter code, e.g. de' },
    genre: { type: 'string', enum: [...GENRES] },
  }),
  tool('now_playing', 'What a station of ours is playing right now', { station: { type: 'string', description: 'The station’s name' } }),
  tool('list_events', 'Upcoming concerts and festivals, optionally in a city or of an artist', { city: { type: 'string' }, artist: { type: 'string' } }),
  tool('get_plans', 'Our plans (Basic, Premium, Ultra) with prices and limits'),
  tool('live_streams', 'Streams live on the site now'),
  tool('weekly_top', 'The most liked stations of this week'),
  tool('search_help', 'Our help pages, FAQ and tutorials', { query: { type: 'string' } }),
];

/** Runs the model's tool calls; every answer is JSON data (our texts in it are data, never instructions). */
@Injectable()
export class AssistantTools {
  constructor(
    private readonly stations: StationsService,
    private readonly nowPlaying: NowPlayingService,
    private readonly weekly: WeeklyStatsService,
    private readonly events: EventsService,
    private readonly live: LiveService,
  ) {}

  async run(name: string, rawArguments: string, knowledge: KnowledgeBase): Promise<unknown> {
    let args: Record<string, unknown>;
    try {
      args = rawArguments.trim() ? (JSON.parse(rawArguments) as Record<string, unknown>) : {};
    } catch {
      return { error: 'the arguments are not JSON' };
    }
    const text = (key: string) => (typeof args[key] === 'string' ? (args[key] as string).slice(0, 100) : undefined);
    switch (name) {
      case 'list_stations': {
        const country = text('country')?.toLowerCase();
        const genre = text('genre');
        const found = await this.stations.list({ country: country && /^[a-z]{2}$/.test(country) ? country : undefined, genre: GENRES.find((g) => g === genre) });
        return { stations: found.slice(0, 20).map((s) => ({ name: s.name, country: s.country.code, genres: s.genres })), total: found.length, page: '/radio' };
      }
      case 'now_playing': {
        const all = await this.stations.list({});
        const station = namesIn(text('station') ?? '', all, (s) => s.name)[0] ?? all.find((s) => fold(s.name) === fold(text('station') ?? ''));
        if (!station) return { error: 'no such station', stations: all.map((s) => s.name) };
        const now = await this.nowPlaying.get(station.id);
        return { station: station.name, artist: now.artist, title: now.source === 'station' ? null : now.title, program: now.program, page: '/radio' };
      }
      case 'list_events': {
        const city = fold(text('city') ?? '');
        const artist = fold(text('artist') ?? '');
        const events = (await this.events.upcoming()).filter((e) => (!city || fold(e.location).includes(city.slice(0, 5))) && (!artist || fold(e.artist).includes(artist)));
        return { events: events.slice(0, 10).map((e) => ({ artist: e.artist, title: e.title, date: e.event_date, venue: e.venue, city: e.location, pricePln: e.price, category: e.category })), page: '/events' };
      }
      case 'get_plans':
        return { plans: PLANS.map((plan) => ({ plan, priceUsdPerMonth: PLAN_PRICES_USD[plan], ...PLAN_LIMITS[plan] })), firstSubscriptionFreeDays: 30, page: '/subscription' };
      case 'live_streams': {
        const { live } = await this.live.list();
        return { live: live.map((s) => ({ title: s.title, by: s.ownerName, genre: s.genre, viewers: s.viewers })), page: '/#streaming' };
      }
      case 'weekly_top': {
        const top = await this.weekly.top();
        return { stations: top.stations.map((e) => ({ rank: e.rank, name: e.station.name, likes: e.totalLikes })), page: '/radio' };
      }
      case 'search_help': {
        const doc = knowledge.best(text('query') ?? '');
        return doc ? { title: doc.title, answer: doc.answer, page: doc.link.href } : { found: false, page: '/support' };
      }
      default:
        return { error: `no tool ${name}` };
    }
  }
}
