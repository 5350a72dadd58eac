import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithUi, testToastLabels } from '../../testing/render-with-ui';
import { Button } from '../button/button';
import { type ToastOptions } from './toast-context';
import { useToast } from './use-toast';

function Trigger(options: ToastOptions) {
  const { show } = useToast();
  return <Button onClick={() => show(options)}>Pokaż</Button>;
}

describe('useToast', () => {
  it('throws a clear error outside the provider', () => {
    // React logs the thrown error; keep the test output clean.
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
    function Orphan() {
      useToast();
      return null;
    }
    try {
      expect(() => render(<Orphan />)).toThrow(/useToast\(\) must be used inside <ToastProvider>/);
    } finally {
      consoleError.mockRestore();
    }
  });

  it('shows a toast with title and description inside a labelled region', async () => {
    const user = userEvent.setup();
    renderWithUi(<Trigger tone="success" title="Zapisano playlistę" description="Jest w bibliotece" />);

    await user.click(screen.getByRole('button', { name: 'Pokaż' }));

    // The region loads with the first toast.
    const region = await screen.findByRole('region', { name: 'Powiadomienia (F8)' });
    const toast = await within(region).findByRole('listitem');
    expect(toast).toHaveAttribute('data-tone', 'success');
    expect(toast).toHaveTextContent('Zapisano playlistę');
    expect(toast).toHaveTextContent('Jest w bibliotece');
  });

  it('announces errors assertively (alert) and the rest politely (status)', async () => {
    const user = userEvent.setup();
    const { rerender } = renderWithUi(<Trigger tone="error" title="Brak połączenia" />);
    await user.click(screen.getByRole('button', { name: 'Pokaż' }));
    const alert = await screen.findByText(/Brak połączenia/, { selector: '[aria-live] *, [aria-live]' });
    expect(alert.closest('[aria-live]')).toHaveAttribute('aria-live', 'assertive');

    rerender(<Trigger tone="info" title="Koncert za 5 minut" />);
    await user.click(screen.getByRole('button', { name: 'Pokaż' }));
    const status = await screen.findByText(/Koncert za 5 minut/, { selector: '[aria-live] *, [aria-live]' });
    expect(status.closest('[aria-live]')).toHaveAttribute('aria-live', 'polite');
    expect(status.closest('[aria-live]')).toHaveTextContent(testToastLabels.label);
  });

  it('closes from the close button named by closeLabel', async () => {
    const user = userEvent.setup();
    renderWithUi(<Trigger tone="info" title="Nowy odcinek" />);
    await user.click(screen.getByRole('button', { name: 'Pokaż' }));

    await user.click(screen.getByRole('button', { name: testToastLabels.closeLabel }));

    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
  });

  it('disappears by itself after durationMs', async () => {
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
      renderWithUi(<Trigger tone="info" title="Krótko" durationMs={1000} />);
      await user.click(screen.getByRole('button', { name: 'Pokaż' }));
      expect(screen.getByRole('listitem')).toHaveTextContent('Krótko');

      act(() => {
        jest.advanceTimersByTime(1500);
      });

      expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });
});
