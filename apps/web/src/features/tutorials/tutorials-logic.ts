import type { MessageId } from '@grouarock/i18n';
import { TUTORIALS, type Tutorial, type TutorialCategory, type TutorialDifficulty } from './tutorials-data';

export type CategoryFilter = 'all' | TutorialCategory;

/** The filter buttons of /tutorials, in order. */
export const CATEGORY_FILTERS: readonly CategoryFilter[] = ['all', 'beginner', 'api', 'radio', 'audio', 'advanced'];

export const CATEGORY_LABELS: Readonly<Record<CategoryFilter, MessageId>> = {
  all: 'tutorials.category.all',
  beginner: 'tutorials.category.beginner',
  api: 'tutorials.category.api',
  radio: 'tutorials.category.radio',
  audio: 'tutorials.category.audio',
  advanced: 'tutorials.category.advanced',
};

export const DIFFICULTY_LABELS: Readonly<Record<TutorialDifficulty, MessageId>> = {
  easy: 'tutorials.difficulty.easy',
  medium: 'tutorials.difficulty.medium',
  hard: 'tutorials.difficulty.hard',
};

/** The tutorials of a category, in their order ('all': every one). */
export function filterTutorials(tutorials: readonly Tutorial[], category: CategoryFilter): Tutorial[] {
  return category === 'all' ? [...tutorials] : tutorials.filter((t) => t.category === category);
}

export function findTutorial(id: string | undefined, tutorials: readonly Tutorial[] = TUTORIALS): Tutorial | undefined {
  return tutorials.find((t) => t.id === id);
}

export type LearningPathId = 'beginner' | 'intermediate' | 'expert';

export interface LearningPath {
  readonly id: LearningPathId;
  readonly title: MessageId;
  readonly text: MessageId;
  readonly tutorialIds: readonly string[];
}

/** The three learning paths; /tutorials/{path}-{n} is the n-th tutorial of a path (1-based). */
export const LEARNING_PATHS: readonly LearningPath[] = [
  {
    id: 'beginner',
    title: 'tutorials.paths.beginner.title',
    text: 'tutorials.paths.beginner.text',
    tutorialIds: ['pierwsze-kroki-z-radiem', 'konto-i-sesje', 'wylacznik-czasowy-i-budzik'],
  },
  {
    id: 'intermediate',
    title: 'tutorials.paths.intermediate.title',
    text: 'tutorials.paths.intermediate.text',
    tutorialIds: ['nagrywanie-audycji', 'tryby-sluchania-i-sportowe', 'pro-dj-mixer-od-podstaw'],
  },
  {
    id: 'expert',
    title: 'tutorials.paths.expert.title',
    text: 'tutorials.paths.expert.text',
    tutorialIds: ['publiczne-api-stacje-i-now-playing', 'zaawansowane-kanal-realtime'],
  },
];

export function pathStepUrl(path: LearningPathId, step: number): string {
  return `/tutorials/${path}-${step}`;
}

export interface PathStep {
  readonly path: LearningPath;
  /** 1-based. */
  readonly step: number;
  readonly tutorial: Tutorial;
  /** The next step's tutorial, if any. */
  readonly next?: Tutorial;
}

/** `beginner-1` → the first tutorial of the beginner path; anything else (or a step out of range) → undefined. */
export function resolvePathStep(slug: string | undefined, paths: readonly LearningPath[] = LEARNING_PATHS, tutorials: readonly Tutorial[] = TUTORIALS): PathStep | undefined {
  const match = /^([a-z]+)-([1-9][0-9]*)$/.exec(slug ?? '');
  if (!match) return undefined;
  const path = paths.find((p) => p.id === match[1]);
  const step = Number(match[2]);
  const tutorial = path ? findTutorial(path.tutorialIds[step - 1], tutorials) : undefined;
  if (!path || !tutorial) return undefined;
  return { path, step, tutorial, next: findTutorial(path.tutorialIds[step], tutorials) };
}

/** Honest reading time: words at 180 a minute, rounded up, at least 1 minute. */
export function readingMinutes(texts: readonly string[], wordsPerMinute = 180): number {
  const words = texts.join(' ').split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.ceil(words / wordsPerMinute));
}

/** Every text of a tutorial a reader reads, as message ids. */
export function tutorialTextIds(tutorial: Tutorial): MessageId[] {
  return [tutorial.title, tutorial.content.intro, ...tutorial.content.sections.flatMap((s) => [s.title, s.body])];
}
