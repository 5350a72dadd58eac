import { loadConfig } from '../core/config/config';
import { StreamTickets } from './stream-ticket';

const config = loadConfig({ JWT_SECRET: 'test-secret-that-is-long-enough-0123456789' });
const listener = 'b0000000-0000-4000-8000-000000000001';
const at = (seconds: number) => new Date(Date.UTC(2026, 10, 27, 20, 0, 0) + seconds * 1000);

describe('StreamTickets', () => {
  const tickets = new StreamTickets(config);

  it('names its listener for a stream of its station started within a minute', () => {
    const { ticket, expiresAt } = tickets.issue(listener, 'fip-rock', at(0));
    expect(expiresAt).toEqual(at(60));
    expect(tickets.read(ticket, 'fip-rock', at(0))).toEqual({ listenerId: listener });
    expect(tickets.read(ticket, 'fip-rock', at(60))).toEqual({ listenerId: listener });
    expect(tickets.read(ticket, 'fip-rock', at(61))).toEqual({ refusal: 'expired' });
    expect(tickets.read(ticket, 'punk-one', at(1))).toEqual({ refusal: 'station' });
  });

  it('refuses what it did not sign: altered, signed with another secret, or not a ticket at all', () => {
    const { ticket } = tickets.issue(listener, 'fip-rock', at(0));
    const [payload, signature] = ticket.split('.');
    const altered = Buffer.from(Buffer.from(payload, 'base64url').toString().replace('fip-rock', 'fip-jazz')).toString('base64url');
    expect(tickets.read(`${altered}.${signature}`, 'fip-jazz', at(1))).toEqual({ refusal: 'invalid' });
    const other = new StreamTickets(loadConfig({ JWT_SECRET: 'another-secret-that-is-long-enough-987654321' }));
    expect(tickets.read(other.issue(listener, 'fip-rock', at(0)).ticket, 'fip-rock', at(1))).toEqual({ refusal: 'invalid' });
    for (const junk of ['', '.', 'abc', 'a.b.c', `${'x'.repeat(600)}.${signature}`]) expect(tickets.read(junk, 'fip-rock', at(1))).toEqual({ refusal: 'invalid' });
  });
});
