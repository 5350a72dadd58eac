import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithUi } from '../../testing/render-with-ui';
import { IconButton } from '../icon-button/icon-button';
import { Drawer } from './drawer';

describe('Drawer', () => {
  it('opens from its trigger as a dialog named by its title, on the right by default', async () => {
    const user = userEvent.setup();
    renderWithUi(
      <Drawer title="Menu" closeLabel="Zamknij menu" trigger={<IconButton label="Otwórz menu">≡</IconButton>}>
        <a href="#radio">Radio</a>
      </Drawer>,
    );

    await user.click(screen.getByRole('button', { name: 'Otwórz menu' }));

    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(drawer).toHaveAttribute('data-side', 'right');
    expect(drawer).toContainElement(screen.getByRole('link', { name: 'Radio' }));
  });

  it('slides from the left when asked and carries its description', () => {
    renderWithUi(
      <Drawer title="Kolejka" description="Następne utwory" closeLabel="Zamknij kolejkę" side="left" defaultOpen>
        <p>Kult – Arahja</p>
      </Drawer>,
    );
    const drawer = screen.getByRole('dialog', { name: 'Kolejka' });
    expect(drawer).toHaveAttribute('data-side', 'left');
    expect(drawer).toHaveAccessibleDescription('Następne utwory');
  });

  it('closes with Escape and with its close button', async () => {
    const user = userEvent.setup();
    const { rerender } = renderWithUi(
      <Drawer title="Menu" closeLabel="Zamknij menu" defaultOpen>
        <p>Treść</p>
      </Drawer>,
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    rerender(
      <Drawer title="Menu" closeLabel="Zamknij menu" defaultOpen key="again">
        <p>Treść</p>
      </Drawer>,
    );
    await user.click(screen.getByRole('button', { name: 'Zamknij menu' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
