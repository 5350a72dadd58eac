import { type Dictionary, loadArea, type Locale, locales, type MessageId } from '@grouarock/i18n';
import { PLANS } from '../repositories/schema/plans';
import { formatCount, KNOWLEDGE_AREAS, KnowledgeBase } from './knowledge-base';

const bases = new Map<Locale, Promise<KnowledgeBase>>();
const knowledge = (locale: Locale) => {
  if (!bases.has(locale)) bases.set(locale, KnowledgeBase.build(locale, { defaultPlan: 'basic' }));
  return bases.get(locale)!;
};
const texts = async (locale: Locale): Promise<Dictionary> => Object.assign({}, ...(await Promise.all(KNOWLEDGE_AREAS.map((area) => loadArea(locale, area)))));

/** The help topics of issue 38 beside the FAQ entries and tutorials, and the page each is on. */
const TOPICS: [id: string, href: string][] = [
  ['password-recovery', '/auth'],
  ['subscription.faq.cancel.q', '/subscription'],
  ['plan-change', '/subscription'],
  ['data-export', '/profile'],
  ['account-delete', '/profile'],
  ['offline', '/profile'],
  ['playlists', '/radio'],
  ['for-you', '/radio'],
  ['api-keys', '/api'],
  ['ads', '/subscription'],
  ['plan.basic', '/subscription'],
  ['plan.premium', '/subscription'],
  ['plan.ultra', '/subscription'],
  ['tutorial.pierwsze-kroki-z-radiem', '/tutorial/pierwsze-kroki-z-radiem'],
  ['tutorial.konto-i-sesje', '/tutorial/konto-i-sesje'],
  ['tutorial.wylacznik-czasowy-i-budzik', '/tutorial/wylacznik-czasowy-i-budzik'],
  ['tutorial.nagrywanie-audycji', '/tutorial/nagrywanie-audycji'],
  ['tutorial.tryby-sluchania-i-sportowe', '/tutorial/tryby-sluchania-i-sportowe'],
  ['tutorial.pro-dj-mixer-od-podstaw', '/tutorial/pro-dj-mixer-od-podstaw'],
  ['tutorial.publiczne-api-stacje-i-now-playing', '/tutorial/publiczne-api-stacje-i-now-playing'],
  ['tutorial.zaawansowane-kanal-realtime', '/tutorial/zaawansowane-kanal-realtime'],
];

describe('the assistant’s knowledge', () => {
  it.each(locales)('%s: every help topic is there, answered from the page’s own texts, with the link to that page', async (locale) => {
    const kb = await knowledge(locale);
    for (const [id, href] of TOPICS) {
      const doc = kb.doc(id);
      expect({ id, href: doc?.link.href }).toEqual({ id, href });
      // Every placeholder is filled: no "{plan}" or "{count}" reaches a reply.
      expect({ id, answer: doc!.answer }).toEqual({ id, answer: expect.not.stringMatching(/[{}#]/) });
      expect(doc!.link.label).not.toBe('');
    }
  });

  it.each(locales)('%s: a topic’s answer is its page’s texts word for word, and its link is labelled as on the page', async (locale) => {
    const [kb, t] = await Promise.all([knowledge(locale), texts(locale)]);
    const text = (id: MessageId) => t[id]!;
    expect(kb.doc('password-recovery')).toMatchObject({ answer: `${text('auth.forgot.link')} ${text('auth.forgot.text')}`, link: { href: '/auth', label: text('auth.forgot.link') } });
    expect(kb.doc('account-delete')).toMatchObject({ answer: `${text('profile.data.text')} ${text('profile.data.deleteWarning')}`, link: { href: '/profile', label: text('profile.data.title') } });
    expect(kb.doc('data-export')?.answer).toBe(text('profile.data.text'));
    expect(kb.doc('offline')?.answer).toBe(`${text('offline.panel.lead')} ${text('offline.upgrade.lead')}`);
    expect(kb.doc('playlists')?.answer).toBe(text('playlists.help'));
    expect(kb.doc('api-keys')).toMatchObject({ answer: text('developer.auth.keysText'), link: { href: '/api', label: text('developer.auth.keysTitle') } });
    expect(kb.doc('plan-change')?.answer).toBe(`${text('subscription.subscribed.text')} ${text('subscription.hero.cancelText')}`);
  });

  it('fills the cancelling FAQ’s plan with the plan this installation falls back to', async () => {
    const [basic, premium] = await Promise.all([KnowledgeBase.build('pl', { defaultPlan: 'basic' }), KnowledgeBase.build('en', { defaultPlan: 'premium' })]);
    expect(basic.doc('subscription.faq.cancel.q')?.answer).toContain('potem wracasz do Basic.');
    expect(premium.doc('subscription.faq.cancel.q')?.answer).toContain('then you are back on Premium.');
  });

  it.each(locales)('%s: each plan’s card lists its benefits with the server’s figures, and Basic its limitations', async (locale) => {
    const [kb, t] = await Promise.all([knowledge(locale), texts(locale)]);
    for (const plan of PLANS) expect(kb.doc(`plan.${plan}`)).toMatchObject({ plan, title: t[`subscription.plan.${plan}` as MessageId] });
    expect(kb.doc('plan.basic')!.answer).toContain(`${t['subscription.plan.limitations']}: ${t['subscription.limitation.basic.ads']};`);
    expect(kb.doc('plan.premium')!.answer).toContain(t['subscription.feature.premium.offline']);
    expect(kb.doc('plan.premium')!.answer).toContain('$5');
    expect(kb.doc('plan.ultra')!.answer).toContain(t['subscription.feature.ultra.api']);
    expect(kb.doc('plan.ultra')!.answer).toContain(t['subscription.feature.aiUnlimited']);
    expect(kb.doc('plan.ultra')!.answer).toContain((t['subscription.feature.ultra.stations'] ?? '').replace('{count}', '200'));
  });

  it('says a count in the form its language takes for it', () => {
    const ai = '{count, plural, one {# utwór dziennie} few {# utwory dziennie} many {# utworów dziennie} other {# utworu dziennie}}';
    expect([1, 2, 5, 22].map((n) => formatCount(ai, n, 'pl'))).toEqual(['1 utwór dziennie', '2 utwory dziennie', '5 utworów dziennie', '22 utwory dziennie']);
    expect(formatCount('{count, plural, =0 {none} one {# track} other {# tracks}}', 0, 'en')).toBe('none');
    expect(formatCount('{count}+ stations', 50, 'en')).toBe('50+ stations');
  });

  it.each<[Locale, string, string | string[]]>([
    ['pl', 'Zapomniałem hasła, co robić?', 'password-recovery'],
    ['pl', 'Jak zresetować hasło?', 'password-recovery'],
    // Both say the profile's text on deleting; the delete entry adds its warning.
    ['pl', 'Jak usunąć konto?', ['account-delete', 'data-export']],
    ['pl', 'Jak pobrać moje dane?', 'data-export'],
    ['pl', 'Czy mogę słuchać offline?', 'offline'],
    ['pl', 'Jak stworzyć playlistę?', 'playlists'],
    ['pl', 'Jak utworzyć klucz API?', 'api-keys'],
    ['pl', 'Jak zmienić plan?', 'plan-change'],
    ['pl', 'Jak anulować subskrypcję?', 'subscription.faq.cancel.q'],
    ['pl', 'Jak polubić stację?', 'tutorial.pierwsze-kroki-z-radiem'],
    ['pl', 'Jakie są tryby sportowe?', 'tutorial.tryby-sluchania-i-sportowe'],
    ['pl', 'Jak działa kanał realtime?', 'tutorial.zaawansowane-kanal-realtime'],
    ['en', 'I forgot my password, what do I do?', 'password-recovery'],
    ['en', 'How do I delete my account?', 'account-delete'],
    ['en', 'How can I download my data?', 'data-export'],
    ['en', 'Can I listen offline?', 'offline'],
    ['en', 'How do I make a playlist?', 'playlists'],
    ['en', 'How do I get an API key?', 'api-keys'],
    ['en', 'How do I cancel?', 'subscription.faq.cancel.q'],
    ['nl', 'Ik ben mijn wachtwoord vergeten', 'password-recovery'],
    ['nl', 'Hoe verwijder ik mijn account?', 'account-delete'],
    ['nl', 'Hoe download ik mijn gegevens?', 'data-export'],
    ['nl', 'Kan ik offline luisteren?', 'offline'],
    ['nl', 'Hoe maak ik een afspeellijst?', 'playlists'],
    ['nl', 'Hoe maak ik een API-sleutel?', 'api-keys'],
    ['nl', 'Kan ik altijd opzeggen?', 'subscription.faq.cancel.q'],
    ['pl', 'Jak słuchać bez reklam?', 'ads'],
    ['en', 'What does Ultra include?', 'plan.ultra'],
    ['nl', 'Wat krijg ik met Premium?', 'plan.premium'],
  ])('%s: "%s" is answered by %s', async (locale, question, id) => {
    expect([id].flat()).toContain((await knowledge(locale)).best(question)?.id);
  });
});
