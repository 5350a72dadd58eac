import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answer, apiError, HttpResponse, setupApiServer } from '../../../testing/api-server';
import { renderRoutes } from '../../../testing/render-app';
import { ChatPanel } from './chat-panel';

setupApiServer();

/** The server's stream: a delta per piece, then done with the whole reply. */
function sse(pieces: string[], done: object): Response {
  const body = [...pieces.map((text) => `event: delta\ndata: ${JSON.stringify({ text })}\n\n`), `event: done\ndata: ${JSON.stringify(done)}\n\n`].join('');
  return new HttpResponse(body, { headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
}

const done = (reply: string, links: object[] = []) => ({ reply, links, source: 'builtin', intent: 'stations', error: null, conversationId: 'c' });

function renderPanel() {
  renderRoutes([{ path: '/', element: <ChatPanel titleId="chat" /> }]);
  return { log: screen.getByRole('log', { name: 'Rozmowa z asystentem' }), input: screen.getByLabelText('Twoja wiadomość') };
}

beforeEach(() => sessionStorage.clear());

describe('the assistant chat', () => {
  it('greets twice, sends on Enter (not on Shift+Enter, not blank), and shows the reply with its links', async () => {
    const sent = answer('post', '/assistant/chat', () => sse(['Stacje (Niemcy · metal): ', 'E2E Metal.'], done('Stacje (Niemcy · metal): E2E Metal.', [{ href: '/radio', label: 'Radio' }])));
    const user = userEvent.setup();
    const { log, input } = renderPanel();
    expect(within(log).getAllByRole('listitem')).toHaveLength(2);
    await user.type(input, '   {Enter}');
    expect(sent).toHaveLength(0);
    await user.type(input, 'metal{Shift>}{Enter}{/Shift}z Niemiec{Enter}');
    expect(await within(log).findByText('Stacje (Niemcy · metal): E2E Metal.')).toBeInTheDocument();
    expect(sent[0].body).toEqual({ message: 'metal\nz Niemiec', conversationId: expect.any(String), locale: 'pl' });
    expect(sent[0]).toMatchObject({ url: '/api/v1/assistant/chat' });
    expect(within(log).getByRole('link', { name: 'Radio' })).toHaveAttribute('href', '/radio');
    expect(input).toHaveValue('');
  });

  it('turns the product’s paths in a reply into links', async () => {
    answer('post', '/assistant/chat', () => sse(['Zajrzyj na /events albo /support.'], done('Zajrzyj na /events albo /support.')));
    const user = userEvent.setup();
    const { log, input } = renderPanel();
    await user.type(input, 'koncerty{Enter}');
    expect(await within(log).findByRole('link', { name: '/events' })).toHaveAttribute('href', '/events');
    expect(within(log).getByRole('link', { name: '/support' })).toHaveAttribute('href', '/support');
  });

  it('ignores a message while a reply is coming, with the typing indicator shown', async () => {
    let release: () => void = () => undefined;
    const sent = answer('post', '/assistant/chat', () => new Promise<Response>((resolve) => (release = () => resolve(sse(['ok'], done('ok'))))));
    const user = userEvent.setup();
    const { log, input } = renderPanel();
    await user.type(input, 'pierwsza{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent('Asystent pisze…');
    await user.type(input, 'druga{Enter}');
    expect(sent).toHaveLength(1);
    release();
    expect(await within(log).findByText('ok')).toBeInTheDocument();
  });

  it('says the assistant is unavailable when the server fails, and asks to wait when rate limited', async () => {
    answer('post', '/assistant/chat', apiError(500), apiError(429, { code: 'rate_limited' }, { 'retry-after': '30' }));
    const user = userEvent.setup();
    const { log, input } = renderPanel();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await user.type(input, 'hej{Enter}');
    expect(await within(log).findByText(/Asystent AI jest obecnie niedostępny/)).toBeInTheDocument();
    await waitFor(() => expect(input).toHaveValue(''));
    await user.type(input, 'hej{Enter}');
    expect(await within(log).findByText('Za dużo wiadomości naraz. Poczekaj chwilę i spróbuj ponownie.')).toBeInTheDocument();
    warn.mockRestore();
  });

  it('keeps the conversation for the browser session', async () => {
    answer('post', '/assistant/chat', () => sse(['zapamiętane'], done('zapamiętane')));
    const user = userEvent.setup();
    const first = renderPanel();
    await user.type(first.input, 'hej{Enter}');
    await within(first.log).findByText('zapamiętane');
    expect(JSON.parse(sessionStorage.getItem('grouarock.assistant')!).messages).toHaveLength(2);
  });
});
