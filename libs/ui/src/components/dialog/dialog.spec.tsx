import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithUi } from '../../testing/render-with-ui';
import { Button } from '../button/button';
import { Dialog } from './dialog';

function renderDialog(props: Partial<Parameters<typeof Dialog>[0]> = {}) {
  return renderWithUi(
    <Dialog
      title="Usunąć playlistę?"
      description="Tego nie da się cofnąć."
      closeLabel="Zamknij"
      trigger={<Button>Usuń playlistę</Button>}
      footer={<Button>Usuń</Button>}
      {...props}
    >
      <p>Treść</p>
    </Dialog>,
  );
}

describe('Dialog', () => {
  it('opens from its trigger, labelled by the title and described by the description', async () => {
    const user = userEvent.setup();
    renderDialog();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Usuń playlistę' }));

    const dialog = await screen.findByRole('dialog', { name: 'Usunąć playlistę?' });
    expect(dialog).toHaveAccessibleDescription('Tego nie da się cofnąć.');
    expect(dialog).toHaveTextContent('Treść');
  });

  it('closes on Escape and returns focus to the trigger', async () => {
    const user = userEvent.setup();
    renderDialog();
    const trigger = screen.getByRole('button', { name: 'Usuń playlistę' });
    await user.click(trigger);
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    await user.keyboard('{Escape}');

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('has a close button named by closeLabel', async () => {
    const user = userEvent.setup();
    const onOpenChange = jest.fn();
    renderDialog({ defaultOpen: true, onOpenChange });

    await user.click(screen.getByRole('button', { name: 'Zamknij' }));

    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('traps Tab focus inside the open dialog', async () => {
    const user = userEvent.setup();
    renderDialog({ defaultOpen: true });
    const dialog = screen.getByRole('dialog');

    for (let press = 0; press < 5; press += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
  });

  it('omits aria-describedby when there is no description', () => {
    renderDialog({ defaultOpen: true, description: undefined });
    expect(screen.getByRole('dialog', { name: 'Usunąć playlistę?' })).not.toHaveAttribute('aria-describedby');
  });

  it('can be controlled', async () => {
    const user = userEvent.setup();
    const onOpenChange = jest.fn();
    const { rerender } = renderDialog({ open: true, onOpenChange });
    await user.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
    // Still open: the parent decides.
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    rerender(
      <Dialog title="Usunąć playlistę?" closeLabel="Zamknij" open={false} onOpenChange={onOpenChange}>
        <p>Treść</p>
      </Dialog>,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
