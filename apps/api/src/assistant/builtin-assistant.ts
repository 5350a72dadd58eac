import { type Area, type Dictionary, loadArea, type Locale, type MessageId } from '@grouarock/i18n';
import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../core/config/config';
import { APP_CONFIG } from '../core/config/config.module';
import { PLAN_LIMITS, PLAN_PRICES_USD, PLANS } from '../repositories/schema/plans';
import type { EventDto } from '../events/events.dto';
import { EventsService } from '../events/events.service';
import { LiveService } from '../live/live.service';
import { NowPlayingService } from '../radio/now-playing.service';
import type { StationDto } from '../radio/radio.dto';
import { StationsService } from '../radio/stations.service';
import { WeeklyStatsService } from '../radio/weekly-stats.service';
import { countriesIn, genresIn, namesIn } from './gazetteer';
import { KnowledgeBase } from './knowledge-base';
import { fold, words } from './text';

export type Intent = 'greeting' | 'now_playing' | 'stations' | 'weekly_top' | 'events' | 'plans' | 'live' | 'go_live' | 'studio' | 'knowledge' | 'fallback';

export interface ReplyLink {
  /** A path of the product (never an outside address). */
  href: string;
  label: string;
}

export interface AssistantReply {
  text: string;
  links: ReplyLink[];
  intent: Intent;
}

/** Words that say what a question is about (folded prefixes; `=word` is the word itself). */
const CUES: Record<'nowPlaying' | 'now' | 'weeklyTop' | 'plans' | 'planName' | 'planFigures' | 'live' | 'goLive' | 'broadcast' | 'browser' | 'events' | 'stations' | 'studio' | 'greeting', string[]> = {
  nowPlaying: ['gra', 'leci', 'utwor', 'piosen', 'kawal', 'playing', 'plays', '=play', 'speelt', 'song', 'track', 'nadaje'],
  /** "Now": with a now-playing word and no station named, the question is what the radio plays (not "a station does not play"). */
  now: ['teraz', 'aktualn', 'obecn', '=leci', '=now', 'currently', '=nu', 'momenteel'],
  weeklyTop: ['=top', 'ranking', 'najpopul', 'popular', 'najczesciej', 'lubian', 'polubie', 'weekly', 'populair', 'liked'],
  plans: ['plan', 'premium', 'ultra', 'basic', 'subskryp', 'abonam', 'cena', 'ceny', 'cennik', 'koszt', 'platn', 'darmow', 'free', 'price', 'pricing', 'subscri', 'prijs', 'abonnem', 'kost'],
  /** A plan named: the question is about our plans, even when a help text shares its other words. */
  planName: ['=basic', 'premium', '=ultra', '=plan', '=plans', '=plany', '=planu', '=planow', '=planie'],
  /**
   * What the plans' overview answers with its figures (prices, the free trial, AI generations, how many stations), rather
   * than one plan's card: "Ile kosztuje Premium?", "Czy Basic jest darmowy?", "Ile generacji AI mam w Premium?".
   */
  planFigures: ['cena', 'ceny', 'cennik', 'koszt', 'platn', 'darmow', '=ile', '=free', 'price', 'pricing', '=cost', 'costs', '=much', '=many', 'prijs', 'kost', 'gratis', 'hoeveel', '=ai', 'generac', 'trial', 'probn', 'proef'],
  live: ['zywo', 'transmis', 'stream', '=live', 'livestream'],
  /** Going live with an encoder: asked about by the encoder's name or what it needs. */
  goLive: ['=obs', 'rtmp', 'ingest', 'encoder', 'enkoder', 'streamkey', 'streamsleutel', 'klucz stream', 'stream key', 'stream sleutel'],
  /** Going live, said as a verb ("how do I stream / go live / broadcast"). */
  broadcast: ['nadaw', 'nadac', 'stream', 'broadcast', 'uitzenden', 'go live', 'ga live', 'going live', 'live gaan'],
  /** Going live without an encoder: from the browser, with the camera or the DJ mixer's mix. */
  browser: ['przegladar', 'browser', 'kamer', 'camera', 'webcam', 'miks', '=mix', 'mixer', 'mikser'],
  events: ['koncert', 'wydarz', 'festiwal', 'festival', 'bilet', 'event', 'concert', 'gig', 'tribute', 'evenem', 'optreden', 'ticket', 'gra w', 'zagra'],
  stations: ['stacj', 'radio', 'radia', 'station', 'zender', 'rozglos'],
  studio: ['studio', 'generow', 'generuj', 'wygener', 'generat', 'genereer'],
  greeting: ['czesc', '=hej', 'witaj', 'siema', 'dzien dobry', 'hello', '=hi', '=hey', 'hallo', '=hoi', 'elo'],
};

function cued(said: string[], cue: keyof typeof CUES): boolean {
  const text = ` ${said.join(' ')} `;
  return CUES[cue].some((c) => (c.startsWith('=') ? said.includes(c.slice(1)) : c.includes(' ') ? text.includes(` ${c}`) : said.some((w) => w.startsWith(c))));
}

/** A "how do I…" question (its words are stop words, so they are looked for in the folded text). */
const HOW = /(^|[^\p{L}])(jak|how|hoe)([^\p{L}]|$)/u;

/** A template of the assistant's dictionary, filled in. */
type Say = (id: MessageId, values?: Record<string, string | number>) => string;

/** `{name}` placeholders filled in (the assistant's templates use no plural or select forms). */
function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

const LIST_MAX = 8;

/**
 * The built-in assistant: intent rules with gazetteers over Polish (and English, Dutch) questions, filled from the
 * product's own live data, and full-text search over our help texts; a question it cannot answer gets an honest reply
 * pointing to /support, never an invented fact (docs/assistant.md).
 */
@Injectable()
export class BuiltinAssistant {
  private readonly texts = new Map<string, Promise<Dictionary>>();
  private readonly knowledge = new Map<Locale, Promise<KnowledgeBase>>();

  constructor(
    private readonly stations: StationsService,
    private readonly nowPlaying: NowPlayingService,
    private readonly weekly: WeeklyStatsService,
    private readonly events: EventsService,
    private readonly live: LiveService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async answer(message: string, locale: Locale): Promise<AssistantReply> {
    const t = await this.dictionary(locale);
    const say: Say = (id, values = {}) => fill(t[id] ?? id, values);
    const link = (href: string, id: MessageId): ReplyLink => ({ href, label: say(id) });
    const said = words(message);
    const folded = fold(message);
    const [stations, events] = await Promise.all([this.stations.list({}), this.events.upcoming()]);

    const station = namesIn(message, stations, (s) => s.name)[0];
    if (station && (cued(said, 'nowPlaying') || said.length <= station.name.split(/\s+/).length + 1)) {
      return { intent: 'now_playing', links: [link('/radio', 'assistant.link.radio')], text: await this.nowPlayingText(station, say) };
    }
    if (cued(said, 'weeklyTop')) {
      const top = await this.weekly.top();
      const list = top.stations.map((e) => `${e.rank}. ${e.station.name} (${e.totalLikes})`).join(', ');
      return { intent: 'weekly_top', links: [link('/radio', 'assistant.link.radio')], text: list ? say('assistant.reply.weeklyTop', { list }) : say('assistant.reply.weeklyTopEmpty') };
    }
    const eventFilter = this.eventFilter(message, folded, events);
    if (cued(said, 'events') || eventFilter.matched) {
      return { intent: 'events', links: [link('/events', 'assistant.link.events')], text: this.eventsText(eventFilter, locale, say) };
    }
    // "How do I stream from OBS?" is help with going live, not a question about who is live now; so is "can I go live
    // from the browser?", which gets the browser's way rather than the encoder's.
    if (cued(said, 'browser') && (cued(said, 'broadcast') || cued(said, 'live')) && !cued(said, 'goLive')) {
      return { intent: 'go_live', links: [link('/#streaming', 'assistant.link.streaming')], text: await this.goLiveBrowserText(locale, say) };
    }
    if (cued(said, 'goLive') || (HOW.test(folded) && cued(said, 'broadcast'))) {
      return { intent: 'go_live', links: [link('/#streaming', 'assistant.link.streaming')], text: await this.goLiveText(locale, say) };
    }
    if (cued(said, 'live')) {
      const { live } = await this.live.list();
      const list = live.map((s) => `${s.title} (${s.ownerName ?? '—'})`).join(', ');
      return { intent: 'live', links: [link('/#streaming', 'assistant.link.streaming')], text: list ? say('assistant.reply.live', { list }) : say('assistant.reply.liveNone') };
    }
    const countries = countriesIn(message);
    const genres = genresIn(message);
    const stationsLink = link('/radio', 'assistant.link.radio');
    if (countries.length || genres.length) return { intent: 'stations', links: [stationsLink], text: this.stationsText(stations, countries, genres, locale, say) };
    if (cued(said, 'nowPlaying') && cued(said, 'now')) return { intent: 'now_playing', links: [stationsLink], text: await this.radioNowText(stations, say) };
    if (cued(said, 'studio')) {
      return {
        intent: 'studio',
        links: [link('/ai-studio', 'assistant.link.studio')],
        text: say('assistant.reply.studio', { basicAi: PLAN_LIMITS.basic.aiGenerationsPerDay!, premiumAi: PLAN_LIMITS.premium.aiGenerationsPerDay! }),
      };
    }
    // Help texts answer "how do I…" questions, even those that name the radio or a plan in passing.
    // "What stations do you have?" is the catalogue, not the help page that mentions stations.
    if (said.length && said.every((w) => cued([w], 'stations'))) return { intent: 'stations', links: [stationsLink], text: this.stationsText(stations, [], [], locale, say) };
    // A question naming a plan is the plans' answer unless the subscription page's FAQ or help answers it well.
    const knowledge = await this.knowledgeOf(locale);
    const kb = knowledge.best(message);
    if (kb && !kb.plan && (kb.link.href === '/subscription' ? !cued(said, 'plans') || kb.score > 8 : !cued(said, 'planName'))) {
      return { intent: 'knowledge', links: [kb.link], text: kb.answer };
    }
    // One plan named, and not its figures: that plan's card ("Co daje Ultra?"). A benefit asked about without a plan's
    // name ("Jak słuchać bez reklam?") gets the card that lists it.
    const named = PLANS.filter((plan) => said.includes(plan));
    const card = named.length === 1 && !cued(said, 'planFigures') ? knowledge.doc(`plan.${named[0]}`) : kb?.plan && !named.length && !cued(said, 'planFigures') ? kb : undefined;
    if (card) return { intent: 'plans', links: [card.link], text: card.answer };
    if (cued(said, 'stations')) return { intent: 'stations', links: [stationsLink], text: this.stationsText(stations, [], [], locale, say) };
    if (cued(said, 'plans')) {
      const values = {
        basicAi: PLAN_LIMITS.basic.aiGenerationsPerDay!,
        basicStations: PLAN_LIMITS.basic.stations,
        premiumAi: PLAN_LIMITS.premium.aiGenerationsPerDay!,
        premiumStations: PLAN_LIMITS.premium.stations,
        ultraStations: PLAN_LIMITS.ultra.stations,
        premiumPrice: PLAN_PRICES_USD.premium,
        ultraPrice: PLAN_PRICES_USD.ultra,
      };
      return { intent: 'plans', links: [link('/subscription', 'assistant.link.subscription')], text: say('assistant.reply.plans', values) };
    }
    if (cued(said, 'greeting') && said.length <= 3) return { intent: 'greeting', links: [], text: say('assistant.reply.greeting') };
    return { intent: 'fallback', links: [link('/support', 'assistant.link.support'), link('/contact', 'assistant.link.contact')], text: say('assistant.reply.fallback') };
  }

  private async nowPlayingText(station: StationDto, say: Say): Promise<string> {
    const now = await this.nowPlaying.get(station.id);
    if (now.source !== 'station' && now.title) return say('assistant.reply.nowPlaying', { station: station.name, track: now.artist ? `${now.artist} – ${now.title}` : now.title });
    if (now.program) return say('assistant.reply.nowPlayingProgram', { station: station.name, program: now.program });
    return say('assistant.reply.nowPlayingUnknown', { station: station.name });
  }

  /**
   * What the radio plays now: the titles our relays (any process's) read from the stations someone listens to. When
   * none has one, stations to try: this week's most liked, else the featured ones.
   */
  private async radioNowText(stations: StationDto[], say: Say): Promise<string> {
    const playing = stations.filter((s) => s.nowPlaying?.title);
    if (playing.length) {
      const list = playing.slice(0, LIST_MAX).map((s) => `${s.name}: ${s.nowPlaying!.artist ? `${s.nowPlaying!.artist} – ${s.nowPlaying!.title}` : s.nowPlaying!.title}`);
      return say('assistant.reply.nowPlayingAll', { list: list.join('; ') });
    }
    const top = (await this.weekly.top()).stations.map((e) => e.station);
    const suggested = (top.length ? top : stations.filter((s) => s.featured)).slice(0, 3);
    const tried = suggested.length ? suggested : stations.slice(0, 3);
    if (!tried.length) return say('assistant.reply.fallback');
    return say('assistant.reply.nowPlayingNone', { list: tried.map((s) => s.name).join(', '), station: tried[0].name });
  }

  /**
   * Going live from the browser: the live page's own help for it; while BETA_FEATURES holds it back for Ultra, the
   * page's note that says so.
   */
  private async goLiveBrowserText(locale: Locale, say: Say): Promise<string> {
    const texts = await this.area(locale, 'live');
    const live = (id: MessageId) => texts[id] ?? id;
    const text = say('assistant.reply.goLiveBrowser', { browser: live('live.mine.browser'), hint: live('live.mine.browserHint') });
    return this.config.betaFeatures.includes('browser-live') ? `${text} ${live('live.beta.coming')}` : text;
  }

  /** Going live from OBS: the product's own help (the live area's texts) with this server's RTMP address. */
  private async goLiveText(locale: Locale, say: Say): Promise<string> {
    const texts = await this.area(locale, 'live');
    const live = (id: MessageId) => texts[id] ?? id;
    const server = this.live.ingestUrl;
    if (!server) return say('assistant.reply.goLiveNoRtmp', { noRtmp: live('live.mine.noRtmp') });
    return say('assistant.reply.goLive', { hint: live('live.mine.obsHint'), serverLabel: live('live.mine.server'), server, keyLabel: live('live.mine.key') });
  }

  private stationsText(all: StationDto[], countries: string[], genres: string[], locale: Locale, say: Say): string {
    if (!countries.length && !genres.length) return say('assistant.reply.stationsAll', { count: all.length, list: all.slice(0, LIST_MAX).map((s) => s.name).join(', ') });
    const regions = new Intl.DisplayNames([locale], { type: 'region' });
    const filter = [...countries.map((c) => regions.of(c.toUpperCase()) ?? c), ...genres.map((g) => g.replace('-', ' '))].join(' · ');
    const found = all.filter((s) => (!countries.length || countries.includes(s.country.code)) && (!genres.length || genres.some((g) => s.genres.includes(g as StationDto['genres'][number]))));
    if (!found.length) return say('assistant.reply.stationsNone', { filter });
    const names = found.slice(0, LIST_MAX).map((s) => s.name);
    return say('assistant.reply.stations', { filter, list: found.length > LIST_MAX ? `${names.join(', ')} …` : names.join(', ') });
  }

  /** The events a question narrows to: by the city, the artist or the category it names. */
  private eventFilter(message: string, folded: string, events: EventDto[]): { events: EventDto[]; place: string | null; matched: boolean } {
    const stemsSaid = new Set(words(message).map((w) => w.slice(0, 5)));
    const inCity = events.filter((e) => words(e.location).some((w) => w.length >= 3 && stemsSaid.has(w.slice(0, 5))));
    const byArtist = namesIn(message, events, (e) => e.artist);
    const category = /festiwal|festival/.test(folded) ? 'Festival' : /tribute/.test(folded) ? 'Tribute' : null;
    let chosen = events;
    let place: string | null = null;
    if (byArtist.length) chosen = events.filter((e) => byArtist.some((a) => a.artist === e.artist));
    else if (inCity.length) {
      chosen = inCity;
      place = [...new Set(inCity.map((e) => e.location))].join(', ');
    }
    if (category) chosen = chosen.filter((e) => e.category === category);
    return { events: chosen, place, matched: byArtist.length > 0 || inCity.length > 0 };
  }

  private eventsText(filter: { events: EventDto[]; place: string | null }, locale: Locale, say: Say): string {
    const where = filter.place ? say('assistant.reply.eventsIn', { place: filter.place }) : '';
    if (!filter.events.length) return say('assistant.reply.eventsNone', { filter: where });
    const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'Europe/Warsaw' });
    const amount = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
    const list = filter.events
      .slice(0, 5)
      .map((e) =>
        say('assistant.reply.event', {
          artist: e.artist,
          title: e.title,
          venue: e.venue,
          location: e.location,
          date: date.format(new Date(e.event_date)),
          price: Number(e.price) === 0 ? say('assistant.reply.eventFree') : say('assistant.reply.eventPrice', { price: amount.format(Number(e.price)) }),
        }),
      )
      .join('; ');
    return say('assistant.reply.events', { filter: where, list });
  }

  private dictionary(locale: Locale): Promise<Dictionary> {
    return this.area(locale, 'assistant');
  }

  /** An area of the product's dictionary in `locale`, loaded once. */
  private area(locale: Locale, area: Area): Promise<Dictionary> {
    const key = `${locale}:${area}`;
    let texts = this.texts.get(key);
    if (!texts) this.texts.set(key, (texts = loadArea(locale, area)));
    return texts;
  }

  /** The help texts in `locale`, built once. */
  knowledgeBase(locale: Locale): Promise<KnowledgeBase> {
    return this.knowledgeOf(locale);
  }

  /** The assistant's texts in `locale` (replies, errors, link labels). */
  async text(locale: Locale, id: MessageId): Promise<string> {
    return (await this.dictionary(locale))[id] ?? id;
  }

  private knowledgeOf(locale: Locale): Promise<KnowledgeBase> {
    let kb = this.knowledge.get(locale);
    if (!kb) this.knowledge.set(locale, (kb = KnowledgeBase.build(locale, { defaultPlan: this.config.defaultPlan })));
    return kb;
  }
}
