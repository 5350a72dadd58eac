import { apiError, apiServer, apiUrl, http, HttpResponse, setupApiServer } from '../../testing/api-server';
import { affiliateClick, recordTicketClick } from './affiliate-click';

setupApiServer();

const id = '6f1c2a4e-8b3d-4c5e-9a7b-1d2e3f4a5b6c';
const opened = `https://tickets.example.test/fest?ref=grouarock&event=${id}`;
const context = { referrer: 'https://search.example.test/?q=rock', href: 'http://localhost/events', now: () => new Date('2026-05-01T18:30:00.000Z') };

describe('affiliateClick', () => {
  it('sends the opened URL, the referrer and the time of the click', () => {
    expect(affiliateClick(opened, context)).toEqual({
      ticket_url: opened,
      referrer: 'https://search.example.test/?q=rock',
      click_timestamp: '2026-05-01T18:30:00.000Z',
    });
  });

  it('uses the page itself when there is no referrer', () => {
    expect(affiliateClick(opened, { ...context, referrer: '' }).referrer).toBe('http://localhost/events');
  });
});

describe('recordTicketClick', () => {
  it('posts the click for the event', async () => {
    const posted: unknown[] = [];
    apiServer.use(
      http.post(apiUrl(`/events/${id}/affiliate-click`), async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json({ id: 'c1' }, { status: 201 });
      }),
    );
    await recordTicketClick(id, opened, context);
    expect(posted).toEqual([{ ticket_url: opened, referrer: 'https://search.example.test/?q=rock', click_timestamp: '2026-05-01T18:30:00.000Z' }]);
  });

  it('only logs a failure', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    apiServer.use(http.post(apiUrl(`/events/${id}/affiliate-click`), () => apiError(503, { message: 'Service Unavailable' })));
    await expect(recordTicketClick(id, opened, context)).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith('The ticket click could not be recorded', expect.objectContaining({ name: 'ApiError', status: 503 }));
    warn.mockRestore();
  });
});
