import { act, fireEvent, screen, within } from '@testing-library/react';
import { apiUrl, http, HttpResponse, setupApiServer } from '../../../testing/api-server';
import { renderApp } from '../../../testing/render-app';
import type { EventDto } from '../api/events';
import { EventsCarousel } from './events-carousel';

setupApiServer(http.post(apiUrl('/events/:id/affiliate-click'), () => HttpResponse.json({ id: 'c1' }, { status: 201 })));

const events: EventDto[] = Array.from({ length: 6 }, (_, i) => ({
  id: `00000000-0000-4000-8000-00000000000${i + 1}`,
  title: `Test Event ${i + 1}`,
  artist: `Test Band ${i + 1}`,
  event_date: `2030-06-${10 + i}T18:00:00.000Z`,
  venue: 'Hala Testowa',
  location: 'Testowo',
  price: '99.00',
  ticket_url: `https://tickets.example.test/${i + 1}`,
  image_url: '/favicon.svg',
  description: 'Dane testowe',
  category: 'Concert',
}));

/** A window of `width` px, optionally with prefers-reduced-motion, for the carousel's media queries. */
function mockWindow(width: number, reducedMotion = false) {
  window.matchMedia = ((query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const matches = query.includes('prefers-reduced-motion') ? reducedMotion : max ? width <= Number(max[1]) : false;
    return { matches, media: query, addEventListener: () => undefined, removeEventListener: () => undefined } as unknown as MediaQueryList;
  }) as typeof window.matchMedia;
}

const visibleTitles = () =>
  screen
    .getAllByRole('group')
    .filter((slide) => slide.hasAttribute('data-slide') && !slide.hasAttribute('inert'))
    .map((slide) => within(slide).getByRole('heading').textContent);

describe('EventsCarousel', () => {
  const original = window.matchMedia;
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    window.matchMedia = original;
  });

  it('is an accessible carousel of slides "n z 6"', () => {
    mockWindow(1280);
    renderApp(<EventsCarousel events={events} />);
    const region = screen.getByRole('region', { name: 'Nadchodzące wydarzenia' });
    expect(region).toHaveAttribute('aria-roledescription', 'karuzela');
    const slides = screen.getAllByRole('group').filter((g) => g.hasAttribute('data-slide'));
    expect(slides).toHaveLength(6);
    expect(slides[0]).toHaveAttribute('aria-roledescription', 'slajd');
    expect(slides[0]).toHaveAttribute('aria-label', '1 z 6');
    expect(slides[5]).toHaveAttribute('aria-label', '6 z 6');
  });

  it('shows 3 cards on a wide screen and loops with previous and next', () => {
    mockWindow(1280);
    renderApp(<EventsCarousel events={events} />);
    expect(visibleTitles()).toEqual(['Test Event 1', 'Test Event 2', 'Test Event 3']);
    fireEvent.click(screen.getByRole('button', { name: 'Następne wydarzenie' }));
    expect(visibleTitles()).toEqual(['Test Event 4', 'Test Event 5', 'Test Event 6']);
    fireEvent.click(screen.getByRole('button', { name: 'Następne wydarzenie' }));
    expect(visibleTitles()).toEqual(['Test Event 1', 'Test Event 2', 'Test Event 3']);
    fireEvent.click(screen.getByRole('button', { name: 'Poprzednie wydarzenie' }));
    expect(visibleTitles()).toEqual(['Test Event 4', 'Test Event 5', 'Test Event 6']);
    const page = screen.getByRole('button', { name: 'Pokaż wydarzenia 4–6 z 6' });
    expect(page).toHaveAttribute('aria-current', 'true');
    // Wide screens never autoplay.
    act(() => jest.advanceTimersByTime(20_000));
    expect(visibleTitles()).toEqual(['Test Event 4', 'Test Event 5', 'Test Event 6']);
  });

  it('shows 2 cards on a tablet and 1 on a phone, with a page button per view', () => {
    mockWindow(900);
    const { unmount } = renderApp(<EventsCarousel events={events} />);
    expect(visibleTitles()).toEqual(['Test Event 1', 'Test Event 2']);
    expect(screen.getAllByRole('button', { name: /^Pokaż wydarzenia/ })).toHaveLength(3);
    unmount();

    mockWindow(375, true);
    renderApp(<EventsCarousel events={events} />);
    expect(visibleTitles()).toEqual(['Test Event 1']);
    fireEvent.click(screen.getByRole('button', { name: 'Pokaż wydarzenie 5 z 6' }));
    expect(visibleTitles()).toEqual(['Test Event 5']);
  });

  it('turns with the arrow keys while a control has focus', () => {
    mockWindow(375, true);
    renderApp(<EventsCarousel events={events} />);
    const next = screen.getByRole('button', { name: 'Następne wydarzenie' });
    fireEvent.keyDown(next, { key: 'ArrowRight' });
    expect(visibleTitles()).toEqual(['Test Event 2']);
    fireEvent.keyDown(next, { key: 'ArrowLeft' });
    fireEvent.keyDown(next, { key: 'ArrowLeft' });
    expect(visibleTitles()).toEqual(['Test Event 6']);
  });

  it('on a phone turns by itself every 4000 ms, looping, until the first interaction', () => {
    mockWindow(375);
    renderApp(<EventsCarousel events={events} />);
    const track = screen.getAllByRole('group')[0].parentElement as HTMLElement;
    expect(track).toHaveAttribute('aria-live', 'off');
    act(() => jest.advanceTimersByTime(3_999));
    expect(visibleTitles()).toEqual(['Test Event 1']);
    act(() => jest.advanceTimersByTime(1));
    expect(visibleTitles()).toEqual(['Test Event 2']);
    act(() => jest.advanceTimersByTime(4_000 * 5));
    expect(visibleTitles()).toEqual(['Test Event 1']);

    fireEvent.pointerDown(screen.getByRole('region', { name: 'Nadchodzące wydarzenia' }));
    expect(track).toHaveAttribute('aria-live', 'polite');
    act(() => jest.advanceTimersByTime(40_000));
    expect(visibleTitles()).toEqual(['Test Event 1']);
  });

  it.each(['touchStart', 'keyDown', 'focus', 'wheel'] as const)('stops autoplay on %s too', (kind) => {
    mockWindow(375);
    renderApp(<EventsCarousel events={events} />);
    const region = screen.getByRole('region', { name: 'Nadchodzące wydarzenia' });
    const dotButton = screen.getByRole('button', { name: 'Pokaż wydarzenie 1 z 6' });
    if (kind === 'focus') act(() => dotButton.focus());
    else fireEvent[kind](dotButton, kind === 'keyDown' ? { key: 'Tab' } : {});
    act(() => jest.advanceTimersByTime(12_000));
    expect(visibleTitles()).toEqual(['Test Event 1']);
    expect(region).toBeInTheDocument();
  });

  it('pauses while the tab is hidden', () => {
    mockWindow(375);
    renderApp(<EventsCarousel events={events} />);
    const hidden = jest.spyOn(document, 'hidden', 'get').mockReturnValue(true);
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    act(() => jest.advanceTimersByTime(12_000));
    expect(visibleTitles()).toEqual(['Test Event 1']);
    hidden.mockReturnValue(false);
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    act(() => jest.advanceTimersByTime(4_000));
    expect(visibleTitles()).toEqual(['Test Event 2']);
    hidden.mockRestore();
  });

  it('never autoplays with prefers-reduced-motion', () => {
    mockWindow(375, true);
    renderApp(<EventsCarousel events={events} />);
    act(() => jest.advanceTimersByTime(20_000));
    expect(visibleTitles()).toEqual(['Test Event 1']);
  });
});
