import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithUi } from '../../testing/render-with-ui';
import { IconButton } from './icon-button';

describe('IconButton', () => {
  it('takes its accessible name from `label` and hides the icon from assistive tech', async () => {
    const user = userEvent.setup();
    const onClick = jest.fn();
    renderWithUi(
      <IconButton label="Wycisz" onClick={onClick}>
        <svg data-testid="icon" />
      </IconButton>,
    );

    const button = screen.getByRole('button', { name: 'Wycisz' });
    expect(button).toHaveAttribute('type', 'button');
    expect(screen.getByTestId('icon').parentElement).toHaveAttribute('aria-hidden', 'true');
    await user.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('is operable from the keyboard', async () => {
    const user = userEvent.setup();
    const onClick = jest.fn();
    renderWithUi(
      <IconButton label="Odtwórz" onClick={onClick}>
        <svg />
      </IconButton>,
    );
    await user.tab();
    expect(screen.getByRole('button', { name: 'Odtwórz' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
