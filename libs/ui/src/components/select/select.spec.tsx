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
    const select = screen.getByRole('combobox', { name: 'Gatunek' });
    expect(select).toHaveDisplayValue('Wybierz gatunek');
    expect(select).toHaveAccessibleDescription('Dobierzemy stacje');
    // The placeholder cannot be picked back.
    expect(screen.getByRole('option', { name: 'Wybierz gatunek' })).toBeDisabled();
  });

  it('picks an option and reports it; disabled options cannot be picked', async () => {
    const user = userEvent.setup();
    const onValueChange = jest.fn();
    renderWithUi(<Select label="Gatunek" options={genres} placeholder="Wybierz" onValueChange={onValueChange} />);
    const select = screen.getByRole('combobox', { name: 'Gatunek' });

    expect(screen.getByRole('option', { name: 'Ska punk' })).toBeDisabled();
    await user.selectOptions(select, 'Metal');

    expect(onValueChange).toHaveBeenCalledWith('metal');
    expect(select).toHaveDisplayValue('Metal');
  });

  it('is a native select in the tab order (arrow keys and type-ahead are the browser\'s own)', async () => {
    const user = userEvent.setup();
    renderWithUi(<Select label="Gatunek" options={genres} defaultValue="punk" />);
    const select = screen.getByRole('combobox', { name: 'Gatunek' });

    expect(select.tagName).toBe('SELECT');
    await user.tab();
    expect(select).toHaveFocus();
    expect(select).toHaveDisplayValue('Punk rock');
  });

  it('controlled: shows the value it is given, and the placeholder while that is undefined', () => {
    const { rerender } = renderWithUi(<Select label="Stacja" options={genres} placeholder="Wybierz stację" value={undefined} />);
    expect(screen.getByRole('combobox', { name: 'Stacja' })).toHaveDisplayValue('Wybierz stację');
    rerender(<Select label="Stacja" options={genres} placeholder="Wybierz stację" value="grunge" />);
    expect(screen.getByRole('combobox', { name: 'Stacja' })).toHaveDisplayValue('Grunge');
  });

  it('can be disabled', () => {
    renderWithUi(<Select label="Gatunek" options={genres} disabled />);
    expect(screen.getByRole('combobox', { name: 'Gatunek' })).toBeDisabled();
  });
});
