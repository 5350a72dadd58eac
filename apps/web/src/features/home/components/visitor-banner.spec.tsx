import { screen } from '@testing-library/react';
import { apiError, apiServer, apiUrl, http, HttpResponse, setupApiServer } from '../../../testing/api-server';
import { renderApp } from '../../../testing/render-app';
import { sessionIdKey, visitKey } from '../visitor-session';
import { VisitorBanner } from './visitor-banner';

setupApiServer();

/** The server answers a visit with `visit`; the session ids it was asked about are kept. */
function answerVisits(visit: object) {
  const sessionIds: string[] = [];
  apiServer.use(
    http.post(apiUrl('/visitors'), async ({ request }) => {
      sessionIds.push(((await request.json()) as { sessionId: string }).sessionId);
      return HttpResponse.json(visit, { status: 201 });
    }),
  );
  return sessionIds;
}

function memoryStorage() {
  const data: Record<string, string> = {};
  return { data, getItem: (k: string) => data[k] ?? null, setItem: (k: string, v: string) => void (data[k] = v) };
}

const now = () => new Date(2025, 7, 1, 12);

describe('VisitorBanner', () => {
  it('registers the session and shows its number and the days since the start', async () => {
    const storage = memoryStorage();
    const sessionIds = answerVisits({ count: 42, winner: false, winnerAt: null });
    renderApp(<VisitorBanner storage={storage} now={now} />);
    expect(await screen.findByText('Jesteś 42. odwiedzającym GrouaRock!')).toBeInTheDocument();
    expect(sessionIds).toEqual([storage.data[sessionIdKey]]);
    expect(storage.data[visitKey]).toContain('42');
    expect(screen.getByText('2 dni od startu GrouaRock')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('congratulates the 1000th visitor', async () => {
    answerVisits({ count: 1000, winner: true, winnerAt: '2026-01-01T00:00:00.000Z' });
    renderApp(<VisitorBanner storage={memoryStorage()} now={now} />);
    expect(await screen.findByRole('status')).toHaveTextContent('Gratulacje! Jesteś 1000. odwiedzającym GrouaRock');
    expect(screen.getByText('Jesteś 1000. odwiedzającym GrouaRock!')).toBeInTheDocument();
  });

  it('shows no number when the server does not answer', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    apiServer.use(http.post(apiUrl('/visitors'), () => apiError(429, { message: 'Too Many Requests' })));
    renderApp(<VisitorBanner storage={memoryStorage()} now={now} />);
    expect(await screen.findByText('2 dni od startu GrouaRock')).toBeInTheDocument();
    await new Promise((settle) => setTimeout(settle, 50));
    expect(warn).toHaveBeenCalledWith('Could not load /visitors', expect.objectContaining({ status: 429 }));
    expect(screen.queryByText(/odwiedzającym/)).not.toBeInTheDocument();
    warn.mockRestore();
  });
});
