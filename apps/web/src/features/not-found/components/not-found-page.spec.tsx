import { screen } from '@testing-library/react';
import { createClientLog } from '@grouarock/api-client';
import { renderApp } from '../../../testing/render-app';
import { NotFoundPage } from './not-found-page';

jest.mock('@grouarock/api-client', () => ({ createClientLog: jest.fn(() => Promise.resolve({ data: { id: '1' } })) }));

describe('NotFoundPage', () => {
  it('shows the spec text, links home and reports the attempted path once', () => {
    window.history.pushState({}, '', '/nie-ma?x=1');
    renderApp(<NotFoundPage />, '/nie-ma?x=1');
    expect(screen.getByRole('heading', { name: 'Oops! Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Wróć na stronę główną' })).toHaveAttribute('href', '/');
    expect(createClientLog).toHaveBeenCalledTimes(1);
    expect(createClientLog).toHaveBeenCalledWith({
      body: { kind: 'not_found', path: '/nie-ma?x=1', message: undefined, stack: undefined },
    });
  });
});
