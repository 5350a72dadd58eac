import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithUi } from '../../testing/render-with-ui';
import { Button } from './button';

describe('Button', () => {
  it('is a non-submitting button that reacts to click, Enter and Space', async () => {
    const user = userEvent.setup();
    const onClick = jest.fn();
    renderWithUi(<Button onClick={onClick}>Zaloguj się</Button>);

    const button = screen.getByRole('button', { name: 'Zaloguj się' });
    expect(button).toHaveAttribute('type', 'button');
    await user.click(button);
    button.focus();
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(onClick).toHaveBeenCalledTimes(3);
  });

  it('keeps an explicit submit type', () => {
    renderWithUi(<Button type="submit">Wyślij</Button>);
    expect(screen.getByRole('button', { name: 'Wyślij' })).toHaveAttribute('type', 'submit');
  });

  it('shows a spinner and aria-busy while loading, stays focusable and ignores clicks', async () => {
    const user = userEvent.setup();
    const onClick = jest.fn();
    renderWithUi(
      <Button loading onClick={onClick}>
        Zapisz
      </Button>,
    );

    const button = screen.getByRole('button', { name: 'Zapisz' });
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toBeEnabled();
    expect(button.querySelector('[data-spinner]')).toBeInTheDocument();
    await user.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('disables a native button', () => {
    renderWithUi(<Button disabled>Kup bilet</Button>);
    expect(screen.getByRole('button', { name: 'Kup bilet' })).toBeDisabled();
  });

  it('styles a link as a button with asChild, keeping it a link', async () => {
    const user = userEvent.setup();
    renderWithUi(
      <Button asChild variant="secondary">
        <a href="#koncerty">Zobacz koncerty</a>
      </Button>,
    );

    const link = screen.getByRole('link', { name: 'Zobacz koncerty' });
    expect(link).toHaveAttribute('href', '#koncerty');
    expect(link).not.toHaveAttribute('type');
    expect(link.className).not.toBe('');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    await user.click(link);
  });

  it('marks a disabled asChild link with aria-disabled and swallows its clicks', async () => {
    const user = userEvent.setup();
    const onClick = jest.fn();
    renderWithUi(
      <Button asChild disabled onClick={onClick}>
        <a href="#bilety">Bilety</a>
      </Button>,
    );

    const link = screen.getByRole('link', { name: 'Bilety' });
    expect(link).toHaveAttribute('aria-disabled', 'true');
    await user.click(link);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('forwards its ref to the <button>', () => {
    const ref = { current: null as HTMLButtonElement | null };
    renderWithUi(<Button ref={ref}>Graj</Button>);
    expect(ref.current).toBeInstanceOf(HTMLButtonElement);
  });
});
