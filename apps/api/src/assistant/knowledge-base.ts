import { type Area, type Dictionary, loadArea, type Locale, type MessageId } from '@grouarock/i18n';
import MiniSearch from 'minisearch';
import { PLAN_LIMITS, PLAN_PRICES_USD, PLANS, type Plan } from '../repositories/schema/plans';
import { fold, isStopWord, stem } from './text';

/** A page of ours that answers a question, found by full-text search. */
export interface KnowledgeDoc {
  id: string;
  title: string;
  /** What is searched besides the title. */
  text: string;
  /** What the assistant says. */
  answer: string;
  link: { href: string; label: string };
  /** For a plan's card on the subscription page: the plan whose benefits the answer lists. */
  plan?: Plan;
}

/**
 * The areas of the dictionary the help comes from: the texts the pages show (the support page, the subscription page,
 * the tutorials, the sign-in form, the profile, offline listening, playlists, the live section, the developer pages,
 * the radio's ad break), and the assistant's own link labels.
 */
export const KNOWLEDGE_AREAS = ['content', 'subscription', 'tutorials', 'auth', 'profile', 'offline', 'playlists', 'live', 'developer', 'ads', 'assistant'] as const satisfies readonly Area[];

/** The tutorials' pages and the message keys of their texts (apps/web/src/features/tutorials/tutorials-data.ts). */
const TUTORIALS: readonly [id: string, key: string][] = [
  ['pierwsze-kroki-z-radiem', 'firstSteps'],
  ['konto-i-sesje', 'account'],
  ['wylacznik-czasowy-i-budzik', 'sleepTimer'],
  ['nagrywanie-audycji', 'recording'],
  ['tryby-sluchania-i-sportowe', 'modes'],
  ['pro-dj-mixer-od-podstaw', 'mixer'],
  ['publiczne-api-stacje-i-now-playing', 'api'],
  ['zaawansowane-kanal-realtime', 'realtime'],
];

/**
 * A help topic that is not a FAQ entry or a tutorial: the texts a page shows about it, said one after the other, and
 * the link to that page. `words` are more texts of the same page (or of the tutorial on the same thing) that a
 * question may use the words of; they are searched, not said.
 */
interface Topic {
  id: string;
  title: MessageId;
  answer: readonly MessageId[];
  words?: readonly MessageId[];
  link: { href: string; label: MessageId };
}

const SUBSCRIPTION_LINK = { href: '/subscription', label: 'assistant.link.subscription' } as const;
const DATA_LINK = { href: '/profile', label: 'profile.data.title' } as const;

const TOPICS: readonly Topic[] = [
  // The sign-in form's "Nie pamiętasz hasła?" opens password recovery (apps/web/src/features/auth/components/login-form.tsx).
  {
    id: 'password-recovery',
    title: 'auth.forgot.title',
    answer: ['auth.forgot.link', 'auth.forgot.text'],
    words: ['auth.recovery.title', 'tutorials.account.s3.title', 'tutorials.account.s3.body'],
    link: { href: '/auth', label: 'auth.forgot.link' },
  },
  // The subscription page's FAQ on cancelling, with where it is done (the page's note for subscribers): it takes the
  // FAQ entry's place, so "how do I cancel" is answered as well as "can I".
  {
    id: 'subscription.faq.cancel.q',
    title: 'subscription.faq.cancel.q',
    answer: ['subscription.faq.cancel.a', 'subscription.subscribed.text'],
    words: ['subscription.hero.cancel', 'subscription.hero.cancelText', 'subscription.action.manage'],
    link: SUBSCRIPTION_LINK,
  },
  {
    id: 'plan-change',
    title: 'subscription.action.change',
    answer: ['subscription.subscribed.text', 'subscription.hero.cancelText'],
    words: ['subscription.action.manage', 'subscription.subscribed.title'],
    link: SUBSCRIPTION_LINK,
  },
  // The profile's "Twoje dane" panel: the export, and deleting or anonymizing the account.
  { id: 'data-export', title: 'profile.data.export', answer: ['profile.data.text'], words: ['profile.data.title'], link: DATA_LINK },
  {
    id: 'account-delete',
    title: 'profile.data.delete',
    answer: ['profile.data.text', 'profile.data.deleteWarning'],
    words: ['profile.data.anonymize', 'profile.data.anonymizeWarning'],
    link: DATA_LINK,
  },
  // The profile's offline panel; the keep buttons are in the studio's library and on the radio's recordings.
  {
    id: 'offline',
    title: 'offline.panel.title',
    answer: ['offline.panel.lead', 'offline.upgrade.lead'],
    words: ['offline.keep', 'offline.panel.empty', 'subscription.feature.premium.offline'],
    link: { href: '/profile', label: 'offline.panel.title' },
  },
  // The playlists panel on /radio (and /profile), and "Dla Ciebie" beside it.
  {
    id: 'playlists',
    title: 'playlists.title',
    answer: ['playlists.help'],
    words: ['playlists.lead', 'playlists.create.submit', 'playlists.add.label', 'playlists.public', 'playlists.share.private'],
    link: { href: '/radio', label: 'playlists.title' },
  },
  {
    id: 'for-you',
    title: 'playlists.forYou.title',
    answer: ['playlists.forYou.teaser'],
    words: ['subscription.feature.premium.recommendations'],
    link: { href: '/radio', label: 'playlists.forYou.title' },
  },
  // The radio player's ad break says how to listen without ads, with its link to the plans.
  { id: 'ads', title: 'ads.banner', answer: ['ads.promo'], words: ['ads.label'], link: { href: '/subscription', label: 'ads.upgrade' } },
  // The API page's "Klucze API" (keys are made in the profile, which that text says).
  {
    id: 'api-keys',
    title: 'developer.auth.keysTitle',
    answer: ['developer.auth.keysText'],
    words: ['developer.keys.text', 'developer.auth.profileLink', 'developer.keys.create'],
    link: { href: '/api', label: 'developer.auth.keysTitle' },
  },
];

/** How a term is indexed and searched: folded, stop words out, cut to its stem. */
function processTerm(term: string): string | null {
  const folded = fold(term);
  return folded && !isStopWord(folded) ? stem(folded) : null;
}

/** `{name}` placeholders filled in. */
function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/**
 * A message that is one plural of a count (`{count, plural, one {# utwór} few {# utwory} other {# utworów}}`), in the
 * form the language takes for `count`; any other message, with its placeholders filled.
 */
export function formatCount(template: string, count: number, locale: Locale): string {
  const plural = /^\{count, plural,(.*)\}$/s.exec(template.trim());
  if (!plural) return fill(template, { count });
  const forms = new Map([...plural[1].matchAll(/(=\d+|\w+)\s*\{([^{}]*)\}/g)].map((m) => [m[1], m[2]]));
  const form = forms.get(`=${count}`) ?? forms.get(new Intl.PluralRules(locale).select(count)) ?? forms.get('other') ?? '';
  return form.replace(/#/g, String(count));
}

/** The questions and answers of a FAQ in a dictionary: `<prefix>.q1`/`a1`… or `<prefix>.<name>.q`/`a`. */
function faq(texts: Dictionary, prefix: string, link: KnowledgeDoc['link'], values: Record<string, string>): KnowledgeDoc[] {
  const docs: KnowledgeDoc[] = [];
  for (const [key, question] of Object.entries(texts)) {
    if (!key.startsWith(`${prefix}.`) || !question) continue;
    const answerKey = key.replace(/\.q(\d*)$/, '.a$1');
    if (answerKey === key) continue;
    const answer = texts[answerKey as MessageId];
    if (answer) docs.push({ id: key, title: question, text: fill(answer, values), answer: fill(answer, values), link });
  }
  return docs;
}

/**
 * A plan's card on the subscription page: its price, its features and limitations (`subscription.feature.<plan>.*`,
 * `subscription.limitation.<plan>.*`, with the counts the card takes from the plan's limits) and its AI line. A line
 * whose number is not the server's to know (the merchandise discount is the web app's constant) is left out rather
 * than guessed.
 */
function planDoc(plan: Plan, t: Dictionary, locale: Locale, link: KnowledgeDoc['link']): KnowledgeDoc | undefined {
  const limits = PLAN_LIMITS[plan];
  const lines = (kind: 'feature' | 'limitation') =>
    Object.entries(t)
      .filter(([key]) => key.startsWith(`subscription.${kind}.${plan}.`))
      .map(([, text]) => fill(text ?? '', { count: limits.stations }))
      .filter((line) => line && !/\{\w+\}/.test(line));
  const ai = limits.aiGenerationsPerDay === null ? t['subscription.feature.aiUnlimited'] : formatCount(t['subscription.feature.ai'] ?? '', limits.aiGenerationsPerDay, locale);
  const features = [...lines('feature'), ...(ai ? [ai] : [])];
  const limitations = lines('limitation');
  const name = t[`subscription.plan.${plan}` as MessageId];
  if (!name || !features.length) return undefined;
  const price = PLAN_PRICES_USD[plan] ? `${fill(t['subscription.plan.price'] ?? '', { price: PLAN_PRICES_USD[plan] })} ${t['subscription.plan.perMonth'] ?? ''}`.trim() : (t['subscription.plan.free'] ?? '');
  const said = [`${name} — ${price}.`, `${t['subscription.plan.features']}: ${features.join('; ')}.`];
  if (limitations.length) said.push(`${t['subscription.plan.limitations']}: ${limitations.join('; ')}.`);
  const answer = said.join(' ');
  return { id: `plan.${plan}`, title: name, text: answer, answer, link, plan };
}

/**
 * The built-in assistant's knowledge, in the page's language: the support page's questions and answers, the
 * subscription page's FAQ and plan cards, the tutorials, and the help topics other pages show (password recovery,
 * changing and cancelling a plan, the account's data, offline listening, playlists, recommendations, API keys). Every
 * answer is the very text a page shows, with the link to that page (docs/assistant.md, "Help"). Searched with
 * MiniSearch over Polish-folded stems.
 */
export class KnowledgeBase {
  private constructor(
    private readonly search: MiniSearch<KnowledgeDoc>,
    private readonly docs: ReadonlyMap<string, KnowledgeDoc>,
  ) {}

  /** `defaultPlan`: the plan a cancelled subscription falls back to on this installation (DEFAULT_PLAN). */
  static async build(locale: Locale, { defaultPlan }: { defaultPlan: Plan }): Promise<KnowledgeBase> {
    const t: Dictionary = Object.assign({}, ...(await Promise.all(KNOWLEDGE_AREAS.map((area) => loadArea(locale, area)))));
    const text = (id: MessageId) => t[id] ?? '';
    const values = { plan: text(`subscription.plan.${defaultPlan}` as MessageId) };
    const subscriptionLink = { href: SUBSCRIPTION_LINK.href, label: text(SUBSCRIPTION_LINK.label) };
    const topics: KnowledgeDoc[] = TOPICS.flatMap((topic) => {
      const answer = topic.answer.map((id) => fill(text(id), values));
      if (answer.some((said) => !said)) return [];
      const words = (topic.words ?? []).map(text).join(' ');
      return [{ id: topic.id, title: text(topic.title), text: `${answer.join(' ')} ${words}`, answer: answer.join(' '), link: { href: topic.link.href, label: text(topic.link.label) } }];
    });
    const taken = new Set(topics.map((d) => d.id));
    const docs: KnowledgeDoc[] = [
      ...topics,
      ...faq(t, 'content.support', { href: '/support', label: text('assistant.link.support') }, values),
      ...faq(t, 'subscription.faq', subscriptionLink, values).filter((d) => !taken.has(d.id)),
      ...PLANS.flatMap((plan) => planDoc(plan, t, locale, subscriptionLink) ?? []),
      ...TUTORIALS.flatMap(([id, key]) => {
        const part = (name: string) => text(`tutorials.${key}.${name}` as MessageId);
        const title = part('title');
        if (!title) return [];
        const sections = [1, 2, 3, 4].map((n) => `${part(`s${n}.title`)} ${part(`s${n}.body`)}`).join(' ');
        return [{ id: `tutorial.${id}`, title, text: `${part('description')} ${part('intro')} ${sections}`, answer: `${part('description')} ${part('intro')}`.trim(), link: { href: `/tutorial/${id}`, label: title } }];
      }),
    ];
    // Only ids are kept in the index: a hit is read back from `docs`.
    const search = new MiniSearch<KnowledgeDoc>({ fields: ['title', 'text'], processTerm, searchOptions: { boost: { title: 2 }, processTerm } });
    search.addAll(docs);
    return new KnowledgeBase(search, new Map(docs.map((d) => [d.id, d])));
  }

  /** A page by its id: a topic's (`password-recovery`…), a FAQ entry's message key, `plan.<plan>`, `tutorial.<id>`. */
  doc(id: string): KnowledgeDoc | undefined {
    return this.docs.get(id);
  }

  /** The `n` pages that match a question best (for a model to read). */
  top(question: string, n: number): KnowledgeDoc[] {
    return this.search
      .search(question)
      .slice(0, n)
      .map((r) => this.docs.get(r.id as string)!);
  }

  /** The best page for a question, when it stands out enough from the rest to be the answer. */
  best(question: string): (KnowledgeDoc & { score: number }) | undefined {
    const [first, second] = this.search.search(question);
    if (!first || first.score < 4) return undefined;
    const doc = this.docs.get(first.id as string)!;
    if (second && second.score > first.score * 0.9 && this.docs.get(second.id as string)!.link.href !== doc.link.href) return undefined;
    return { ...doc, score: first.score };
  }
}
