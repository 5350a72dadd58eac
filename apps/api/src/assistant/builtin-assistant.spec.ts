import type { Locale } from '@grouarock/i18n';
import type { AppConfig } from '../core/config/config';
import type { EventsService } from '../events/events.service';
import type { LiveService } from '../live/live.service';
import builtInStations from '../radio/catalogue/stations.json';
import type { NowPlayingService } from '../radio/now-playing.service';
import type { StationDto } from '../radio/radio.dto';
import type { StationsService } from '../radio/stations.service';
import type { WeeklyStatsService } from '../radio/weekly-stats.service';
import { BuiltinAssistant } from './builtin-assistant';

/** The built-in catalogue as the stations list gives it (the fields the assistant reads), and no events, likes or streams. */
function assistant(config: Partial<AppConfig> = {}): BuiltinAssistant {
  const stations = builtInStations.map((s) => ({ id: s.id, name: s.name, country: { code: s.country }, genres: s.genres, featured: s.featured ?? false }) as unknown as StationDto);
  return new BuiltinAssistant(
    { list: () => Promise.resolve(stations) } as unknown as StationsService,
    {} as NowPlayingService,
    { top: () => Promise.resolve({ stations: [] }) } as unknown as WeeklyStatsService,
    { upcoming: () => Promise.resolve([]) } as unknown as EventsService,
    { list: () => Promise.resolve({ live: [], replays: [] }), ingestUrl: 'rtmp://radio.example.test:1935/live' } as unknown as LiveService,
    { defaultPlan: 'basic', betaFeatures: [], ...config } as AppConfig,
  );
}

describe('the built-in assistant’s help', () => {
  const builtin = assistant();

  it.each<[Locale, string, string]>([
    ['pl', 'Zapomniałem hasła, co robić?', 'Nie pamiętasz hasła? Podaj adres email swojego konta. Wyślemy na niego link do ustawienia nowego hasła.'],
    ['en', 'I forgot my password, what do I do?', 'Forgot your password? Enter your account\'s email address. We will send you a link to set a new password.'],
    ['nl', 'Ik ben mijn wachtwoord vergeten, wat nu?', 'Wachtwoord vergeten? Vul het e-mailadres van je account in. We sturen je een link om een nieuw wachtwoord in te stellen.'],
  ])('%s: "%s" is the sign-in page’s password recovery, linked as there', async (locale, question, text) => {
    const reply = await builtin.answer(question, locale);
    expect(reply).toEqual({ intent: 'knowledge', text, links: [{ href: '/auth', label: text.slice(0, text.indexOf('?') + 1) }] });
  });

  it.each<[Locale, string, string, string]>([
    ['pl', 'Jak usunąć konto?', '/profile', 'usunąć swoje dane'],
    ['pl', 'Czy mogę słuchać offline?', '/profile', 'Słuchanie offline jest w planach Premium i Ultra.'],
    ['pl', 'Jak stworzyć playlistę?', '/radio', '„Dodaj do playlisty”'],
    ['pl', 'Jak utworzyć klucz API?', '/api', 'Authorization: Bearer'],
    ['pl', 'Jak zmienić plan?', '/subscription', 'portalu klienta Stripe'],
    ['pl', 'Jak słuchać bez reklam?', '/subscription', 'Słuchaj bez reklam z planem Premium.'],
    ['en', 'How do I delete my account?', '/profile', 'delete your data'],
    ['en', 'How do I get an API key?', '/api', 'Authorization: Bearer'],
    ['nl', 'Hoe download ik mijn gegevens?', '/profile', 'JSON'],
    ['nl', 'Kan ik mijn abonnement opzeggen?', '/subscription', 'einde van de betaalde periode'],
  ])('%s: "%s" is answered from the page at %s', async (locale, question, href, said) => {
    const reply = await builtin.answer(question, locale);
    expect(reply).toMatchObject({ intent: 'knowledge', links: [{ href }] });
    expect(reply.text).toContain(said);
  });

  it.each<[Locale, string, string]>([
    ['pl', 'Co daje Premium?', 'Premium — $5 miesięcznie. Co dostajesz: Bez reklam;'],
    ['pl', 'Czy Ultra ma dźwięk lossless?', 'Ultra — $10 miesięcznie.'],
    ['pl', 'W którym planie jest dźwięk lossless?', 'Ultra — $10 miesięcznie.'],
    ['en', 'Does Basic have ads?', 'Limitations: Ads every 15 minutes;'],
    ['nl', 'Wat krijg ik met Premium?', 'Geen reclame'],
  ])('%s: "%s" is that plan’s card', async (locale, question, said) => {
    const reply = await builtin.answer(question, locale);
    expect(reply).toMatchObject({ intent: 'plans', links: [{ href: '/subscription' }] });
    expect(reply.text).toContain(said);
  });

  it('keeps the plans’ figures for prices, the trial and the AI studio', async () => {
    expect((await builtin.answer('Ile kosztuje Premium?', 'pl')).text).toMatch(/^Basic jest darmowy/);
    expect((await builtin.answer('Ile generacji AI mam w Premium?', 'pl')).text).toContain('10 generacji');
    expect((await builtin.answer('Is Basic free?', 'en')).text).toMatch(/^Basic is free/);
  });

  it('answers going live from the browser with the live page’s help, and says when it is in beta', async () => {
    const now = await builtin.answer('Czy mogę nadawać na żywo z przeglądarki?', 'pl');
    expect(now).toMatchObject({ intent: 'go_live', links: [{ href: '/#streaming' }] });
    expect(now.text).toBe('Nadawanie z przeglądarki: Bez OBS: naciśnij „Nadaj z kamery” i pozwól przeglądarce użyć kamery i mikrofonu. Swój miks z PRO DJ MIXER nadasz przyciskiem „Nadaj miks na żywo” w mikserze. Stream rozpoczniesz na stronie głównej, w sekcji Streaming.');
    const beta = await assistant({ betaFeatures: ['browser-live'] }).answer('Can I go live from my browser?', 'en');
    expect(beta.text).toMatch(/^Streaming from the browser: No OBS needed: .* Going live from the browser is in beta: Ultra members have it first\./);
    // OBS is still OBS.
    expect((await builtin.answer('Jak nadawać z OBS?', 'pl')).text).toContain('rtmp://radio.example.test:1935/live');
  });

  it('lists the Dutch hard rock and metal stations for "ciężki rock" from the Netherlands, and no other Dutch station', async () => {
    const heavy = builtInStations.filter((s) => s.country === 'nl' && s.genres.some((g) => g === 'hard-rock' || g === 'metal')).map((s) => s.name);
    const reply = await builtin.answer('Polećcie radio z Holandii z ciężkim rockiem', 'pl');
    expect(reply.intent).toBe('stations');
    expect(reply.text).toBe(`Stacje (Holandia · hard rock · metal): ${heavy.slice(0, 8).join(', ')}${heavy.length > 8 ? ' …' : ''}. Posłuchasz ich w naszym radiu.`);
  });
});
