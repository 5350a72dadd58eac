import { ingestCloseMessage } from './ingest-close';

describe('ingestCloseMessage', () => {
  it('has a message of its own for each refusal the server documents', () => {
    const refusals = [1013, 4409, 4404, 4402, 4401, 4403, 4408, 4429, 1009, 1011];
    const messages = refusals.map(ingestCloseMessage);
    expect(new Set(messages).size).toBe(refusals.length);
    expect(messages).not.toContain('live.closed.unknown');
  });

  it('says the same when our own socket is too slow as when the server is', () => {
    expect(ingestCloseMessage(4008)).toBe(ingestCloseMessage(4408));
  });

  it('has the general message for codes it does not know', () => {
    for (const code of [1001, 1006, 4000, 4999]) expect(ingestCloseMessage(code)).toBe('live.closed.unknown');
  });
});
