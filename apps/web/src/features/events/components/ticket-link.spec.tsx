import { recordAffiliateClick } from '@grouarock/api-client';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderApp } from '../../../testing/render-app';
import { TicketLink } from './ticket-link';

jest.mock('@grouarock/api-client', () => ({ recordAffiliateClick: jest.fn(), listEvents: jest.fn() }));

const record = recordAffiliateClick as jest.MockedFunction<typeof recordAffiliateClick>;
const event = { id: '6f1c2a4e-8b3d-4c5e-9a7b-1d2e3f4a5b6c', title: 'Test Fest', ticket_url: 'https://tickets.example.test/fest?lang=pl' };
const opened = `https://tickets.example.test/fest?lang=pl&ref=grouarock&event=${event.id}`;

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

  it('records a click with the URL that was opened, through the generated client', async () => {
    record.mockResolvedValue({ data: { id: 'c1' } } as never);
    renderApp(<TicketLink event={event} />);
    fireEvent.click(screen.getByRole('link'));
    await waitFor(() => expect(record).toHaveBeenCalledTimes(1));
    expect(record).toHaveBeenCalledWith({
      path: { id: event.id },
      body: { ticket_url: opened, referrer: expect.stringMatching(/^http/), click_timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
      throwOnError: true,
    });
  });

  it('records a middle click (a new tab) but not a right click', () => {
    const onOpen = jest.fn().mockResolvedValue(undefined);
    renderApp(<TicketLink event={event} onOpen={onOpen} />);
    const link = screen.getByRole('link');
    fireEvent(link, new MouseEvent('auxclick', { bubbles: true, button: 2 }));
    expect(onOpen).not.toHaveBeenCalled();
    fireEvent(link, new MouseEvent('auxclick', { bubbles: true, button: 1 }));
    expect(onOpen).toHaveBeenCalledWith(event.id, opened);
  });

  it('only logs a failed recording; the link stays usable', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    record.mockRejectedValue(new Error('offline'));
    renderApp(<TicketLink event={event} />);
    fireEvent.click(screen.getByRole('link'));
    await waitFor(() => expect(warn).toHaveBeenCalledWith('The ticket click could not be recorded', expect.any(Error)));
    expect(screen.getByRole('link')).toHaveAttribute('href', opened);
    warn.mockRestore();
  });
});
