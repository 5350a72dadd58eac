import { type Dictionary, loadArea, type Locale, type MessageId } from '@grouarock/i18n';
import MiniSearch from 'minisearch';
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
}

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

/** How a term is indexed and searched: folded, stop words out, cut to its stem. */
function processTerm(term: string): string | null {
  const folded = fold(term);
  return folded && !isStopWord(folded) ? stem(folded) : null;
}

/** The questions and answers of a FAQ in a dictionary: `<prefix>.q1`/`a1`… or `<prefix>.<name>.q`/`a`. */
function faq(texts: Dictionary, prefix: string, link: KnowledgeDoc['link']): KnowledgeDoc[] {
  const docs: KnowledgeDoc[] = [];
  for (const [key, question] of Object.entries(texts)) {
    if (!key.startsWith(`${prefix}.`) || !question) continue;
    const answerKey = key.replace(/\.q(\d*)$/, '.a$1');
    if (answerKey === key) continue;
    const answer = texts[answerKey as MessageId];
    if (answer) docs.push({ id: key, title: question, text: answer, answer, link });
  }
  return docs;
}

/**
 * The built-in assistant's knowledge: the support page's questions and answers, the subscription FAQ and the
 * tutorials, in the page's language, searched with MiniSearch over Polish-folded stems.
 */
export class KnowledgeBase {
  private constructor(
    private readonly search: MiniSearch<KnowledgeDoc>,
    readonly size: number,
  ) {}

  static async build(locale: Locale, links: { support: string; subscription: string }): Promise<KnowledgeBase> {
    const [content, subscription, tutorials] = await Promise.all([loadArea(locale, 'content'), loadArea(locale, 'subscription'), loadArea(locale, 'tutorials')]);
    const docs = [
      ...faq(content, 'content.support', { href: '/support', label: links.support }),
      ...faq(subscription, 'subscription.faq', { href: '/subscription', label: links.subscription }),
      ...TUTORIALS.flatMap(([id, key]) => {
        const text = (name: string) => tutorials[`tutorials.${key}.${name}` as MessageId] ?? '';
        const title = text('title');
        if (!title) return [];
        const sections = [1, 2, 3, 4].map((n) => `${text(`s${n}.title`)} ${text(`s${n}.body`)}`).join(' ');
        return [{ id: `tutorial.${id}`, title, text: `${text('description')} ${text('intro')} ${sections}`, answer: `${text('description')} ${text('intro')}`.trim(), link: { href: `/tutorial/${id}`, label: title } }];
      }),
    ];
    const search = new MiniSearch<KnowledgeDoc>({ fields: ['title', 'text'], storeFields: ['id', 'title', 'answer', 'link'], processTerm, searchOptions: { boost: { title: 2 }, processTerm } });
    search.addAll(docs);
    return new KnowledgeBase(search, docs.length);
  }

  /** The `n` pages that match a question best (for a model to read). */
  top(question: string, n: number): KnowledgeDoc[] {
    return this.search
      .search(question)
      .slice(0, n)
      .map((r) => r as unknown as KnowledgeDoc);
  }

  /** The best page for a question, when it stands out enough from the rest to be the answer. */
  best(question: string): (KnowledgeDoc & { score: number }) | undefined {
    const [first, second] = this.search.search(question);
    if (!first || first.score < 4) return undefined;
    if (second && second.score > first.score * 0.9 && second.link.href !== (first.link as KnowledgeDoc['link']).href) return undefined;
    return { ...(first as unknown as KnowledgeDoc), score: first.score };
  }
}
