import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithUi } from '../../testing/render-with-ui';
import { Switch } from './switch';

describe('Switch', () => {
  it('is a switch named by its visible label', () => {
    renderWithUi(<Switch label="Autoodtwarzanie" />);
    const toggle = screen.getByRole('switch', { name: 'Autoodtwarzanie' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByText('Autoodtwarzanie')).toBeVisible();
  });

  it('toggles on click, on its label and with Space', async () => {
    const user = userEvent.setup();
    const onCheckedChange = jest.fn();
    renderWithUi(<Switch label="Autoodtwarzanie" onCheckedChange={onCheckedChange} />);
    const toggle = screen.getByRole('switch');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'true');

    await user.click(screen.getByText('Autoodtwarzanie'));
    expect(toggle).toHaveAttribute('aria-checked', 'false');

    toggle.focus();
    await user.keyboard(' ');
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(onCheckedChange.mock.calls).toEqual([[true], [false], [true]]);
  });

  it('links its description and honours disabled', async () => {
    const user = userEvent.setup();
    const onCheckedChange = jest.fn();
    renderWithUi(
      <Switch label="Tryb nocny" description="Ciemniejszy ekran" disabled onCheckedChange={onCheckedChange} />,
    );
    const toggle = screen.getByRole('switch', { name: 'Tryb nocny' });
    expect(toggle).toHaveAccessibleDescription('Ciemniejszy ekran');
    await user.click(toggle);
    expect(onCheckedChange).not.toHaveBeenCalled();
  });
});
