import { TUTORIALS, type Tutorial } from './tutorials-data';
import { CATEGORY_FILTERS, filterTutorials, findTutorial, LEARNING_PATHS, pathStepUrl, readingMinutes, resolvePathStep } from './tutorials-logic';

describe('filterTutorials', () => {
  it('"all" keeps every tutorial in order', () => {
    expect(filterTutorials(TUTORIALS, 'all').map((t) => t.id)).toEqual(TUTORIALS.map((t) => t.id));
  });

  it('a category keeps only its tutorials, and every category of the filter has some', () => {
    for (const category of CATEGORY_FILTERS.filter((c) => c !== 'all')) {
      const shown = filterTutorials(TUTORIALS, category);
      expect({ category, empty: shown.length === 0 }).toEqual({ category, empty: false });
      expect(shown.every((t) => t.category === category)).toBe(true);
    }
  });

  it('a category with no tutorials gives an empty list (the page then shows the empty state)', () => {
    const onlyRadio: Tutorial[] = TUTORIALS.filter((t) => t.category === 'radio');
    expect(filterTutorials(onlyRadio, 'api')).toEqual([]);
    expect(filterTutorials([], 'all')).toEqual([]);
  });
});

describe('the tutorial data', () => {
  it('has 6–8 articles with unique kebab-case ids, no views or ratings', () => {
    expect(TUTORIALS.length).toBeGreaterThanOrEqual(6);
    expect(TUTORIALS.length).toBeLessThanOrEqual(8);
    expect(new Set(TUTORIALS.map((t) => t.id)).size).toBe(TUTORIALS.length);
    for (const t of TUTORIALS) {
      expect(t.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(t.type).toBe('article');
      expect(t).not.toHaveProperty('views');
      expect(t).not.toHaveProperty('rating');
      expect(t.content.sections.length).toBeGreaterThan(0);
    }
  });

  it('finds a tutorial by id', () => {
    expect(findTutorial('nagrywanie-audycji')?.title).toBe('tutorials.recording.title');
    expect(findTutorial('nie-ma-takiego')).toBeUndefined();
    expect(findTutorial(undefined)).toBeUndefined();
  });
});

describe('learning paths', () => {
  it('every path step points to an existing tutorial', () => {
    for (const path of LEARNING_PATHS) for (const id of path.tutorialIds) expect(findTutorial(id)).toBeDefined();
  });

  it('maps /tutorials/{path}-1 to the first tutorial of each path', () => {
    expect(resolvePathStep('beginner-1')?.tutorial.id).toBe('pierwsze-kroki-z-radiem');
    expect(resolvePathStep('intermediate-1')?.tutorial.id).toBe('nagrywanie-audycji');
    expect(resolvePathStep('expert-1')?.tutorial.id).toBe('publiczne-api-stacje-i-now-playing');
    expect(pathStepUrl('beginner', 1)).toBe('/tutorials/beginner-1');
  });

  it('gives the step, the next tutorial, and nothing after the last step', () => {
    const first = resolvePathStep('expert-1');
    expect(first?.step).toBe(1);
    expect(first?.next?.id).toBe('zaawansowane-kanal-realtime');
    expect(resolvePathStep('expert-2')?.next).toBeUndefined();
  });

  it('rejects unknown paths, step 0, out-of-range steps and malformed slugs', () => {
    for (const slug of ['expert-3', 'beginner-0', 'master-1', 'beginner', 'beginner-01', 'beginner-1x', '', undefined]) {
      expect({ slug, step: resolvePathStep(slug) }).toEqual({ slug, step: undefined });
    }
  });
});

describe('readingMinutes', () => {
  it('counts words at 180 a minute, rounded up, at least 1', () => {
    expect(readingMinutes([])).toBe(1);
    expect(readingMinutes(['a b c'])).toBe(1);
    expect(readingMinutes([Array(181).fill('słowo').join(' ')])).toBe(2);
    expect(readingMinutes(['jeden  dwa', ' trzy '], 1)).toBe(3);
  });
});
