import { act, screen } from '@testing-library/react';
import { renderApp } from '../../../testing/render-app';
import type { AdsApi, AdStateDto } from '../ads-api';
import AdBreaks from './ad-breaks';

const adBreak = {
  id: 'b0000000-0000-4000-8000-000000000001',
  spotUrl: '/api/v1/ads/spots/grouarock-premium.mp3',
  seconds: 8,
  startedAt: '2026-11-27T20:00:00.000Z',
  endsAt: '2026-11-27T20:00:08.000Z',
};

describe('AdBreaks', () => {
  it('shows "Reklama" with a countdown, announced politely, and a way to Premium; nothing takes the focus', async () => {
    const play = jest.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    jest.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
    jest.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
    const state: AdStateDto = { ads: true, everySeconds: 900, heartbeatSeconds: 15, listenedSeconds: 900, dueInSeconds: 0, break: adBreak };
    const api: AdsApi = { report: jest.fn(async () => state), complete: jest.fn(async () => ({ ...state, break: null })) };
    const station = { hold: jest.fn(async () => undefined), resume: jest.fn(async () => undefined) };
    const focused = document.activeElement;

    const { unmount } = renderApp(<AdBreaks deckState="playing" station={station} api={api} />);
    const banner = await screen.findByRole('group', { name: 'Przerwa reklamowa' });
    expect(station.hold).toHaveBeenCalled();
    expect(play).toHaveBeenCalled();
    expect(banner).toHaveTextContent('Reklama');
    expect(screen.getByTestId('ad-countdown')).toHaveTextContent('8 s');
    expect(screen.getByTestId('ad-countdown')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByRole('link', { name: 'Przejdź na Premium' })).toHaveAttribute('href', '/subscription');
    expect(document.querySelector('[aria-live="polite"]')).toHaveTextContent('Reklama. Stacja wróci za 10 sekund.');
    // No skip button, and the focus stays where the listener left it.
    expect(screen.queryByRole('button')).toBeNull();
    expect(document.activeElement).toBe(focused);
    await act(async () => unmount());
  });
});
