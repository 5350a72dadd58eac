import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useRef } from 'react';
import { Button } from '../button/button';
import { type ToastOptions } from './toast-context';
import { ToastProvider } from './toast-provider';
import { useToast } from './use-toast';

// UiProvider (the preview decorator) already holds a ToastProvider; these stories nest their own so its
// label props can be edited in the Controls panel. useToast() talks to the nearest one.

function ToastButtons() {
  const { show } = useToast();
  return (
    <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
      <Button onClick={() => show({ tone: 'success', title: 'Zapisano playlistę', description: 'Znajdziesz ją w bibliotece.' })}>
        Sukces
      </Button>
      <Button variant="danger" onClick={() => show({ tone: 'error', title: 'Nie udało się połączyć z transmisją' })}>
        Błąd
      </Button>
      <Button variant="secondary" onClick={() => show({ tone: 'info', title: 'Koncert zaczyna się za 5 minut', durationMs: 8000 })}>
        Informacja
      </Button>
    </div>
  );
}

const samples: ToastOptions[] = [
  { tone: 'success', title: 'Zapisano playlistę', description: 'Znajdziesz ją w bibliotece.', durationMs: Infinity },
  { tone: 'error', title: 'Nie udało się połączyć', description: 'Sprawdź połączenie i spróbuj ponownie.', durationMs: Infinity },
  { tone: 'info', title: 'Koncert LIVE za 5 minut', durationMs: Infinity },
];

/** Shows one toast of each tone on mount (and stays), so every tone can be looked at and a11y-checked. */
function AllTonesOnMount() {
  const { show } = useToast();
  const shown = useRef(false);
  useEffect(() => {
    if (shown.current) return;
    shown.current = true;
    samples.forEach((sample) => show(sample));
  }, [show]);
  return <p>Powiadomienia pojawiają się w prawym dolnym rogu.</p>;
}

const meta = {
  title: 'Components/Toast',
  component: ToastProvider,
  args: {
    label: 'Powiadomienie',
    viewportLabel: 'Powiadomienia z przykładu ({hotkey})',
    closeLabel: 'Zamknij powiadomienie',
  },
} satisfies Meta<typeof ToastProvider>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Playground: Story = {
  render: (args) => (
    <ToastProvider {...args}>
      <ToastButtons />
    </ToastProvider>
  ),
};

export const AllTones: Story = {
  render: (args) => (
    <ToastProvider {...args}>
      <AllTonesOnMount />
    </ToastProvider>
  ),
};
