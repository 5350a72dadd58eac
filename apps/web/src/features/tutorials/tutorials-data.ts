import type { MessageId } from '@grouarock/i18n';

export type TutorialCategory = 'beginner' | 'api' | 'radio' | 'audio' | 'advanced';
export type TutorialDifficulty = 'easy' | 'medium' | 'hard';

export interface TutorialSection {
  readonly title: MessageId;
  readonly body: MessageId;
}

/**
 * A tutorial about GrouaRock itself. Texts are message ids (pl, en, nl). There are no videos, so every
 * tutorial is an article; views and ratings are not tracked, so the model has none rather than made-up ones.
 * The reading time is computed from the text shown (see readingMinutes).
 */
export interface Tutorial {
  readonly id: string;
  readonly category: TutorialCategory;
  readonly difficulty: TutorialDifficulty;
  readonly type: 'article';
  readonly title: MessageId;
  readonly description: MessageId;
  readonly author: MessageId;
  readonly tags: readonly MessageId[];
  readonly content: { readonly intro: MessageId; readonly sections: readonly TutorialSection[] };
}

const author: MessageId = 'tutorials.authorName';

export const TUTORIALS: readonly Tutorial[] = [
  {
    id: 'pierwsze-kroki-z-radiem',
    category: 'beginner',
    difficulty: 'easy',
    type: 'article',
    title: 'tutorials.firstSteps.title',
    description: 'tutorials.firstSteps.description',
    author,
    tags: ['tutorials.tag.radio', 'tutorials.tag.likes'],
    content: {
      intro: 'tutorials.firstSteps.intro',
      sections: [
        { title: 'tutorials.firstSteps.s1.title', body: 'tutorials.firstSteps.s1.body' },
        { title: 'tutorials.firstSteps.s2.title', body: 'tutorials.firstSteps.s2.body' },
        { title: 'tutorials.firstSteps.s3.title', body: 'tutorials.firstSteps.s3.body' },
        { title: 'tutorials.firstSteps.s4.title', body: 'tutorials.firstSteps.s4.body' },
      ],
    },
  },
  {
    id: 'konto-i-sesje',
    category: 'beginner',
    difficulty: 'easy',
    type: 'article',
    title: 'tutorials.account.title',
    description: 'tutorials.account.description',
    author,
    tags: ['tutorials.tag.account', 'tutorials.tag.security'],
    content: {
      intro: 'tutorials.account.intro',
      sections: [
        { title: 'tutorials.account.s1.title', body: 'tutorials.account.s1.body' },
        { title: 'tutorials.account.s2.title', body: 'tutorials.account.s2.body' },
        { title: 'tutorials.account.s3.title', body: 'tutorials.account.s3.body' },
        { title: 'tutorials.account.s4.title', body: 'tutorials.account.s4.body' },
      ],
    },
  },
  {
    id: 'wylacznik-czasowy-i-budzik',
    category: 'radio',
    difficulty: 'easy',
    type: 'article',
    title: 'tutorials.sleepTimer.title',
    description: 'tutorials.sleepTimer.description',
    author,
    tags: ['tutorials.tag.radio', 'tutorials.tag.sleepTimer', 'tutorials.tag.alarm'],
    content: {
      intro: 'tutorials.sleepTimer.intro',
      sections: [
        { title: 'tutorials.sleepTimer.s1.title', body: 'tutorials.sleepTimer.s1.body' },
        { title: 'tutorials.sleepTimer.s2.title', body: 'tutorials.sleepTimer.s2.body' },
        { title: 'tutorials.sleepTimer.s3.title', body: 'tutorials.sleepTimer.s3.body' },
      ],
    },
  },
  {
    id: 'nagrywanie-audycji',
    category: 'radio',
    difficulty: 'medium',
    type: 'article',
    title: 'tutorials.recording.title',
    description: 'tutorials.recording.description',
    author,
    tags: ['tutorials.tag.radio', 'tutorials.tag.recording'],
    content: {
      intro: 'tutorials.recording.intro',
      sections: [
        { title: 'tutorials.recording.s1.title', body: 'tutorials.recording.s1.body' },
        { title: 'tutorials.recording.s2.title', body: 'tutorials.recording.s2.body' },
        { title: 'tutorials.recording.s3.title', body: 'tutorials.recording.s3.body' },
      ],
    },
  },
  {
    id: 'tryby-sluchania-i-sportowe',
    category: 'audio',
    difficulty: 'easy',
    type: 'article',
    title: 'tutorials.modes.title',
    description: 'tutorials.modes.description',
    author,
    tags: ['tutorials.tag.eq', 'tutorials.tag.sport'],
    content: {
      intro: 'tutorials.modes.intro',
      sections: [
        { title: 'tutorials.modes.s1.title', body: 'tutorials.modes.s1.body' },
        { title: 'tutorials.modes.s2.title', body: 'tutorials.modes.s2.body' },
        { title: 'tutorials.modes.s3.title', body: 'tutorials.modes.s3.body' },
      ],
    },
  },
  {
    id: 'pro-dj-mixer-od-podstaw',
    category: 'audio',
    difficulty: 'medium',
    type: 'article',
    title: 'tutorials.mixer.title',
    description: 'tutorials.mixer.description',
    author,
    tags: ['tutorials.tag.mixer', 'tutorials.tag.eq'],
    content: {
      intro: 'tutorials.mixer.intro',
      sections: [
        { title: 'tutorials.mixer.s1.title', body: 'tutorials.mixer.s1.body' },
        { title: 'tutorials.mixer.s2.title', body: 'tutorials.mixer.s2.body' },
        { title: 'tutorials.mixer.s3.title', body: 'tutorials.mixer.s3.body' },
        { title: 'tutorials.mixer.s4.title', body: 'tutorials.mixer.s4.body' },
      ],
    },
  },
  {
    id: 'publiczne-api-stacje-i-now-playing',
    category: 'api',
    difficulty: 'medium',
    type: 'article',
    title: 'tutorials.api.title',
    description: 'tutorials.api.description',
    author,
    tags: ['tutorials.tag.api', 'tutorials.tag.rest', 'tutorials.tag.websocket'],
    content: {
      intro: 'tutorials.api.intro',
      sections: [
        { title: 'tutorials.api.s1.title', body: 'tutorials.api.s1.body' },
        { title: 'tutorials.api.s2.title', body: 'tutorials.api.s2.body' },
        { title: 'tutorials.api.s3.title', body: 'tutorials.api.s3.body' },
      ],
    },
  },
  {
    id: 'zaawansowane-kanal-realtime',
    category: 'advanced',
    difficulty: 'hard',
    type: 'article',
    title: 'tutorials.realtime.title',
    description: 'tutorials.realtime.description',
    author,
    tags: ['tutorials.tag.api', 'tutorials.tag.websocket'],
    content: {
      intro: 'tutorials.realtime.intro',
      sections: [
        { title: 'tutorials.realtime.s1.title', body: 'tutorials.realtime.s1.body' },
        { title: 'tutorials.realtime.s2.title', body: 'tutorials.realtime.s2.body' },
        { title: 'tutorials.realtime.s3.title', body: 'tutorials.realtime.s3.body' },
        { title: 'tutorials.realtime.s4.title', body: 'tutorials.realtime.s4.body' },
      ],
    },
  },
];
