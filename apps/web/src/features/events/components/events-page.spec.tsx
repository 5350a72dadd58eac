import { listEvents } from '@grouarock/api-client';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../../testing/render-app';
import type { EventDto } from '../api/events-api';
import EventsPage from './events-page';

jest.mock('@grouarock/api-client', () => ({ recordAffiliateClick: jest.fn(), listEvents: jest.fn() }));

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
    renderApp(<EventsPage load={() => Promise.resolve([festival])} />);
    await screen.findByRole('heading', { name: 'Test Fest' });
    expect(document.title).toBe('Wydarzenia muzyczne — koncerty i festiwale | GrouaRock');
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute('content', expect.stringContaining('Nadchodzące koncerty'));
    expect(screen.getByRole('heading', { level: 1, name: 'Wydarzenia muzyczne' })).toBeInTheDocument();
  });

  it('shows a skeleton while loading, then each event with its category, date, place, price and ticket link', async () => {
    let resolve: (events: EventDto[]) => void = () => undefined;
    renderApp(<EventsPage load={() => new Promise((r) => (resolve = r))} />);
    expect(screen.getByRole('status')).toHaveTextContent('Ładowanie wydarzeń…');
    expect(screen.getByTestId('events-skeleton')).toBeInTheDocument();
    resolve([festival, free]);

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
    const load = jest.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce([festival]);
    renderApp(<EventsPage load={load} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Nie udało się wczytać wydarzeń');
    expect(warn).toHaveBeenCalledWith('The events could not be loaded', expect.any(Error));
    fireEvent.click(screen.getByRole('button', { name: 'Spróbuj ponownie' }));
    expect(await screen.findByRole('heading', { name: 'Test Fest' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });

  it('says so when no event is planned, and points to the radio', async () => {
    renderApp(<EventsPage load={() => Promise.resolve([])} />);
    expect(await screen.findByRole('heading', { name: 'Brak zaplanowanych wydarzeń' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Słuchaj radia online' })).toHaveAttribute('href', '/radio');
    expect(screen.queryByRole('region', { name: 'Nadchodzące wydarzenia' })).not.toBeInTheDocument();
  });

  it('loads from the API by default', async () => {
    (listEvents as jest.Mock).mockResolvedValue({ data: [festival] });
    renderApp(<EventsPage />);
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Test Fest' })).toBeInTheDocument());
    expect(listEvents).toHaveBeenCalledWith({ throwOnError: true });
  });
});
