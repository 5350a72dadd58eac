import { fireEvent, screen, waitFor } from '@testing-library/react';
import { apiServer, apiUrl, http, HttpResponse, setupApiServer } from '../../../testing/api-server';
import { renderApp } from '../../../testing/render-app';
import { TicketLink } from './ticket-link';

const event = { id: '6f1c2a4e-8b3d-4c5e-9a7b-1d2e3f4a5b6c', title: 'Test Fest', ticket_url: 'https://tickets.example.test/fest?lang=pl' };
const opened = `https://tickets.example.test/fest?lang=pl&ref=grouarock&event=${event.id}`;

/** The clicks the server received. */
let clicks: unknown[] = [];
setupApiServer(
  http.post(apiUrl('/events/:id/affiliate-click'), async ({ request, params }) => {
    clicks.push({ id: params.id, ...((await request.json()) as object) });
    return HttpResponse.json({ id: 'c1' }, { status: 201 });
  }),
);
beforeEach(() => (clicks = []));

// jsdom cannot open tabs: keep it from trying to navigate.
const noNavigation = (e: Event) => e.preventDefault();
beforeEach(() => document.addEventListener('click', noNavigation));
afterEach(() => document.removeEventListener('click', noNavigation));

describe('TicketLink', () => {
  it('opens the seller in a new tab with ref and event, and names the event for screen readers', () => {
    renderApp(<TicketLink event={event} />);
    const link = screen.getByRole('link', { name: 'Kup bilet na wydarzenie Test Fest (otwiera się w nowej karcie)' });
    expect(link).toHaveAttribute('href', opened);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('records a click with the URL that was opened', async () => {
    renderApp(<TicketLink event={event} />);
    fireEvent.click(screen.getByRole('link'));
    await waitFor(() => expect(clicks).toHaveLength(1));
    expect(clicks[0]).toEqual({ id: event.id, ticket_url: opened, referrer: expect.stringMatching(/^http/), click_timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
  });

  it('records a middle click (a new tab) but not a right click', async () => {
    renderApp(<TicketLink event={event} />);
    const link = screen.getByRole('link');
    fireEvent(link, new MouseEvent('auxclick', { bubbles: true, button: 2 }));
    fireEvent(link, new MouseEvent('auxclick', { bubbles: true, button: 1 }));
    await waitFor(() => expect(clicks).toHaveLength(1));
    await new Promise((settle) => setTimeout(settle, 50)); // room for a second, wrong request to arrive
    expect(clicks).toEqual([expect.objectContaining({ id: event.id, ticket_url: opened })]);
  });

  it('only logs a failed recording; the link stays usable', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    apiServer.use(http.post(apiUrl('/events/:id/affiliate-click'), () => HttpResponse.error()));
    renderApp(<TicketLink event={event} />);
    fireEvent.click(screen.getByRole('link'));
    await waitFor(() => expect(warn).toHaveBeenCalledWith('The ticket click could not be recorded', expect.objectContaining({ name: 'ApiError', status: 0 })));
    expect(screen.getByRole('link')).toHaveAttribute('href', opened);
    warn.mockRestore();
  });
});
