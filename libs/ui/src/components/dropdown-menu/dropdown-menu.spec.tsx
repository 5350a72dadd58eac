import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithUi } from '../../testing/render-with-ui';
import { Button } from '../button/button';
import { DropdownMenu, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator } from './dropdown-menu';

function renderMenu(onLogout = jest.fn()) {
  renderWithUi(
    <DropdownMenu trigger={<Button>Konto</Button>} label="Menu konta">
      <DropdownMenuLabel>Zalogowany jako fan@example.com</DropdownMenuLabel>
      <DropdownMenuSeparator />
      <DropdownMenuItem asChild>
        <a href="/profile">Profil</a>
      </DropdownMenuItem>
      <DropdownMenuItem onSelect={onLogout}>Wyloguj się</DropdownMenuItem>
    </DropdownMenu>,
  );
  return onLogout;
}

describe('DropdownMenu', () => {
  it('opens from its trigger and lists the label and the items', async () => {
    const user = userEvent.setup();
    renderMenu();
    const trigger = screen.getByRole('button', { name: 'Konto' });
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');

    await user.click(trigger);

    const menu = screen.getByRole('menu', { name: 'Menu konta' });
    expect(menu).toHaveTextContent('Zalogowany jako fan@example.com');
    expect(screen.getByRole('menuitem', { name: 'Profil' })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('menuitem', { name: 'Wyloguj się' })).toBeInTheDocument();
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
  });

  it('is operable with the keyboard: Enter opens, arrows move, Enter selects and the menu closes', async () => {
    const user = userEvent.setup();
    const onLogout = renderMenu();
    screen.getByRole('button', { name: 'Konto' }).focus();

    await user.keyboard('{Enter}');
    expect(screen.getByRole('menuitem', { name: 'Profil' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Wyloguj się' })).toHaveFocus();
    await user.keyboard('{Enter}');

    expect(onLogout).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('closes on Escape and gives focus back to the trigger', async () => {
    const user = userEvent.setup();
    const onLogout = renderMenu();
    const trigger = screen.getByRole('button', { name: 'Konto' });
    await user.click(trigger);
    expect(screen.getByRole('menu')).toBeInTheDocument();

    await user.keyboard('{Escape}');

    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
    expect(onLogout).not.toHaveBeenCalled();
  });
});
