import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderWithUi } from '../../testing/render-with-ui';
import { Button } from '../button/button';
import { FullscreenDialog } from './fullscreen-dialog';

function Controlled({ onOpenChange }: { onOpenChange: (open: boolean) => void }) {
  const [open, setOpen] = useState(true);
  return (
    <FullscreenDialog
      title="PRO DJ MIXER"
      closeLabel="Zamknij"
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        onOpenChange(next);
      }}
    >
      <Button>Graj</Button>
    </FullscreenDialog>
  );
}

describe('FullscreenDialog', () => {
  it('is a modal labelled by its title, filling the screen', async () => {
    renderWithUi(<Controlled onOpenChange={jest.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'PRO DJ MIXER' });
    expect(dialog).toHaveAttribute('data-fullscreen', 'true');
    expect(dialog).toHaveTextContent('Graj');
  });

  it('closes on Escape and with the close button', async () => {
    const user = userEvent.setup();
    const onOpenChange = jest.fn();
    renderWithUi(<Controlled onOpenChange={onOpenChange} />);
    await user.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenLastCalledWith(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('has a close button named by closeLabel', async () => {
    const user = userEvent.setup();
    const onOpenChange = jest.fn();
    renderWithUi(<Controlled onOpenChange={onOpenChange} />);
    await user.click(screen.getByRole('button', { name: 'Zamknij' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
