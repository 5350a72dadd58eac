import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithUi } from '../../testing/render-with-ui';
import { Select, type SelectOption } from './select';

const genres: SelectOption[] = [
  { value: 'punk', label: 'Punk rock' },
  { value: 'metal', label: 'Metal' },
  { value: 'ska', label: 'Ska punk', disabled: true },
  { value: 'grunge', label: 'Grunge' },
];

describe('Select', () => {
  it('is a combobox named by its label, showing the placeholder and linked hint', () => {
    renderWithUi(<Select label="Gatunek" options={genres} placeholder="Wybierz gatunek" hint="Dobierzemy stacje" />);
    const trigger = screen.getByRole('combobox', { name: 'Gatunek' });
    expect(trigger).toHaveTextContent('Wybierz gatunek');
    expect(trigger).toHaveAccessibleDescription('Dobierzemy stacje');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens on click and picks an option', async () => {
    const user = userEvent.setup();
    const onValueChange = jest.fn();
    renderWithUi(<Select label="Gatunek" options={genres} placeholder="Wybierz" onValueChange={onValueChange} />);

    await user.click(screen.getByRole('combobox', { name: 'Gatunek' }));
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Ska punk' })).toHaveAttribute('aria-disabled', 'true');

    await user.click(screen.getByRole('option', { name: 'Metal' }));

    expect(onValueChange).toHaveBeenCalledWith('metal');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Gatunek' })).toHaveTextContent('Metal');
  });

  it('is operable with the keyboard and closes on Escape', async () => {
    const user = userEvent.setup();
    const onValueChange = jest.fn();
    renderWithUi(<Select label="Gatunek" options={genres} defaultValue="punk" onValueChange={onValueChange} />);
    const trigger = screen.getByRole('combobox', { name: 'Gatunek' });

    trigger.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    // Out of the tab order while the (modal) listbox is open, back in afterwards.
    expect(trigger).toHaveAttribute('tabindex', '-1');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(trigger).not.toHaveAttribute('tabindex');
    expect(trigger).toHaveFocus();
    expect(onValueChange).not.toHaveBeenCalled();
  });

  it('can be controlled open', async () => {
    const user = userEvent.setup();
    const onOpenChange = jest.fn();
    renderWithUi(<Select label="Gatunek" options={genres} open onOpenChange={onOpenChange} />);
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.getByRole('listbox')).toBeInTheDocument();
  });

  it('can be disabled', () => {
    renderWithUi(<Select label="Gatunek" options={genres} disabled />);
    expect(screen.getByRole('combobox', { name: 'Gatunek' })).toBeDisabled();
  });
});
