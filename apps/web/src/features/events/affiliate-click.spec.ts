import { recordAffiliateClick } from '@grouarock/api-client';
import { affiliateClick, recordTicketClick } from './affiliate-click';

jest.mock('@grouarock/api-client', () => ({ recordAffiliateClick: jest.fn(), listEvents: jest.fn() }));

const record = recordAffiliateClick as jest.MockedFunction<typeof recordAffiliateClick>;
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
  it('posts the click for the event through the generated client', async () => {
    record.mockResolvedValue({ data: { id: 'c1' } } as never);
    await recordTicketClick(id, opened, undefined, context);
    expect(record).toHaveBeenCalledWith({
      path: { id },
      body: { ticket_url: opened, referrer: 'https://search.example.test/?q=rock', click_timestamp: '2026-05-01T18:30:00.000Z' },
      throwOnError: true,
    });
  });

  it('only logs a failure', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const failure = new Error('offline');
    record.mockRejectedValue(failure);
    await expect(recordTicketClick(id, opened, undefined, context)).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith('The ticket click could not be recorded', failure);
    warn.mockRestore();
  });
});
