import { fireEvent, screen, within } from '@testing-library/react';
import { apiError, apiServer, apiUrl, get, http, HttpResponse, recordRequests, setupApiServer } from '../../../testing/api-server';
import { renderApp } from '../../../testing/render-app';
import type { EventDto } from '../api/events';
import EventsPage from './events-page';

setupApiServer();

const festival: EventDto = {
  id: '00000000-0000-4000-8000-000000000001',
  title: 'Test Fest',
  artist: 'Test Band',
  event_date: '2030-06-20T17:00:00.000Z',
  venue: 'Hala Testowa',
  location: 'Testowo',
  price: '149.99',
  ticket_url: 'https://tickets.example.test/fest',
  image_url: '/favicon.svg',
  description: 'Dane testowe, nie prawdziwe wydarzenie.',
  category: 'Festival',
};
const free: EventDto = { ...festival, id: '00000000-0000-4000-8000-000000000002', title: 'Free Tribute', price: '0.00', category: 'Tribute' };

describe('EventsPage', () => {
  it('sets the document title and description', async () => {
    apiServer.use(get('/events', [festival]));
    renderApp(<EventsPage />);
    await screen.findByRole('heading', { name: 'Test Fest' });
    expect(document.title).toBe('Wydarzenia muzyczne — koncerty i festiwale | GrouaRock');
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute('content', expect.stringContaining('Nadchodzące koncerty'));
    expect(screen.getByRole('heading', { level: 1, name: 'Wydarzenia muzyczne' })).toBeInTheDocument();
  });

  it('shows a skeleton while loading, then each event with its category, date, place, price and ticket link', async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    apiServer.use(http.get(apiUrl('/events'), async () => (await answered, HttpResponse.json([festival, free]))));
    renderApp(<EventsPage />);
    expect(screen.getByRole('status')).toHaveTextContent('Ładowanie wydarzeń…');
    expect(screen.getByTestId('events-skeleton')).toBeInTheDocument();
    answer();

    const card = (await screen.findByRole('heading', { name: 'Test Fest' })).closest('article') as HTMLElement;
    expect(screen.queryByTestId('events-skeleton')).not.toBeInTheDocument();
    expect(within(card).getByText('Festiwal')).toBeInTheDocument();
    expect(within(card).getByText('Test Band')).toBeInTheDocument();
    // 17:00 UTC is 19:00 in Warsaw in June.
    const time = within(card).getByText(/20 czerwca 2030/);
    expect(time).toHaveAttribute('dateTime', festival.event_date);
    expect(time).toHaveTextContent(/19:00/);
    expect(within(card).getByText('Hala Testowa, Testowo')).toBeInTheDocument();
    expect(within(card).getByText(/149,99\s*zł/)).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'Grafika wydarzenia Test Fest' })).toHaveAttribute('src', '/favicon.svg');
    expect(within(card).getByRole('link', { name: /^Kup bilet na wydarzenie Test Fest/ })).toHaveAttribute(
      'href',
      `https://tickets.example.test/fest?ref=grouarock&event=${festival.id}`,
    );

    const other = screen.getByRole('heading', { name: 'Free Tribute' }).closest('article') as HTMLElement;
    expect(within(other).getByText('Tribute')).toBeInTheDocument();
    expect(within(other).getByText('Wstęp wolny')).toBeInTheDocument();
  });

  it('offers a retry after an error', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const requests = recordRequests();
    apiServer.use(http.get(apiUrl('/events'), () => apiError(503), { once: true }), get('/events', [festival]));
    renderApp(<EventsPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Nie udało się wczytać wydarzeń');
    expect(warn).toHaveBeenCalledWith('Could not load /events', expect.objectContaining({ name: 'ApiError', status: 503 }));
    fireEvent.click(screen.getByRole('button', { name: 'Spróbuj ponownie' }));
    expect(await screen.findByRole('heading', { name: 'Test Fest' })).toBeInTheDocument();
    expect(requests).toEqual(['GET /api/v1/events', 'GET /api/v1/events']);
    warn.mockRestore();
  });

  it('says so when no event is planned, and points to the radio', async () => {
    apiServer.use(get('/events', []));
    renderApp(<EventsPage />);
    expect(await screen.findByRole('heading', { name: 'Brak zaplanowanych wydarzeń' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Słuchaj radia online' })).toHaveAttribute('href', '/radio');
    expect(screen.queryByRole('region', { name: 'Nadchodzące wydarzenia' })).not.toBeInTheDocument();
  });
});
