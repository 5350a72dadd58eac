import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { renderWithUi } from '../../testing/render-with-ui';
import { TextField } from './text-field';

describe('TextField', () => {
  it('labels the input and accepts typing', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    renderWithUi(<TextField label="E-mail" type="email" onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'E-mail' });
    expect(input).toHaveAttribute('type', 'email');
    await user.type(input, 'sid@punk.pl');
    expect(input).toHaveValue('sid@punk.pl');
    expect(onChange).toHaveBeenCalled();
  });

  it('describes the input with its hint and is valid without an error', () => {
    renderWithUi(<TextField label="Hasło" type="password" hint="Co najmniej 8 znaków" />);
    const input = screen.getByLabelText('Hasło');
    expect(input).toHaveAttribute('type', 'password');
    expect(input).toHaveAccessibleDescription('Co najmniej 8 znaków');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('marks the input invalid and describes it with the error first, then the hint', () => {
    renderWithUi(<TextField label="E-mail" hint="Wyślemy link" error="Niepoprawny adres" aria-describedby="extra" />);
    const input = screen.getByRole('textbox', { name: 'E-mail' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input.getAttribute('aria-describedby')?.split(' ')).toHaveLength(3);
    expect(input).toHaveAccessibleDescription('Niepoprawny adres Wyślemy link');
  });

  it('forwards its ref to the input element', () => {
    const ref = createRef<HTMLInputElement>();
    renderWithUi(<TextField label="Nazwa" ref={ref} />);
    expect(ref.current).toBeInstanceOf(HTMLInputElement);
    ref.current?.focus();
    expect(screen.getByRole('textbox', { name: 'Nazwa' })).toHaveFocus();
  });

  it('keeps a hidden label available to assistive tech', () => {
    renderWithUi(<TextField label="Szukaj" type="search" hideLabel />);
    expect(screen.getByRole('searchbox', { name: 'Szukaj' })).toBeInTheDocument();
  });
});
