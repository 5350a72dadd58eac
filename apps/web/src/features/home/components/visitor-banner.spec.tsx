import { screen } from '@testing-library/react';
import { renderApp } from '../../../testing/render-app';
import { sessionIdKey, visitKey } from '../visitor-session';
import { VisitorBanner } from './visitor-banner';

jest.mock('@grouarock/api-client', () => ({ registerVisit: jest.fn(), getVisitors: jest.fn() }));

function memoryStorage() {
  const data: Record<string, string> = {};
  return { data, getItem: (k: string) => data[k] ?? null, setItem: (k: string, v: string) => void (data[k] = v) };
}

const now = () => new Date(2025, 7, 1, 12);

describe('VisitorBanner', () => {
  it('registers the session and shows its number and the days since the start', async () => {
    const storage = memoryStorage();
    const register = jest.fn().mockResolvedValue({ count: 42, winner: false, winnerAt: null });
    renderApp(<VisitorBanner register={register} storage={storage} now={now} />);
    expect(await screen.findByText('Jesteś 42. odwiedzającym GrouaRock!')).toBeInTheDocument();
    expect(register).toHaveBeenCalledWith(storage.data[sessionIdKey]);
    expect(storage.data[visitKey]).toContain('42');
    expect(screen.getByText('2 dni od startu GrouaRock')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('congratulates the 1000th visitor', async () => {
    const register = jest.fn().mockResolvedValue({ count: 1000, winner: true, winnerAt: '2026-01-01T00:00:00.000Z' });
    renderApp(<VisitorBanner register={register} storage={memoryStorage()} now={now} />);
    expect(await screen.findByRole('status')).toHaveTextContent('Gratulacje! Jesteś 1000. odwiedzającym GrouaRock');
    expect(screen.getByText('Jesteś 1000. odwiedzającym GrouaRock!')).toBeInTheDocument();
  });

  it('shows no number when the server does not answer', async () => {
    const register = jest.fn().mockRejectedValue(new Error('offline'));
    renderApp(<VisitorBanner register={register} storage={memoryStorage()} now={now} />);
    expect(await screen.findByText('2 dni od startu GrouaRock')).toBeInTheDocument();
    await Promise.resolve();
    expect(screen.queryByText(/odwiedzającym/)).not.toBeInTheDocument();
  });
});
