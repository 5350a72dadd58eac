import { act, fireEvent, screen } from '@testing-library/react';
import { renderApp } from '../../../testing/render-app';
import { Hero } from './hero';

describe('the hero promo popup', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('counts down 10 s and then navigates to the main site', async () => {
    const navigate = jest.fn();
    renderApp(<Hero navigate={navigate} />);
    fireEvent.click(screen.getByRole('button', { name: 'Dołącz teraz' }));

    const dialog = await screen.findByRole('dialog', { name: 'DARMOWY OKRES PRÓBNY' });
    expect(dialog).toHaveTextContent('30 DNI ZA FREE');
    expect(dialog).toHaveTextContent('Przekierowanie za 10 s');
    act(() => jest.advanceTimersByTime(3_000));
    expect(dialog).toHaveTextContent('Przekierowanie za 7 s');
    expect(navigate).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(7_000));
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('https://grouarock.com');
  });

  it('navigates at once on a click, and the community button shows its own promo', async () => {
    const navigate = jest.fn();
    renderApp(<Hero navigate={navigate} />);
    fireEvent.click(screen.getByRole('button', { name: 'Społeczność' }));
    const dialog = await screen.findByRole('dialog', { name: 'SPOŁECZNOŚĆ GROUAROCK' });
    expect(dialog).toHaveTextContent('30 DNI FREE');
    fireEvent.click(screen.getByRole('button', { name: /Kliknij, aby przejść od razu/ }));
    expect(navigate).toHaveBeenCalledWith('https://grouarock.com');
  });

  it('closes on Escape without navigating, and counts from 10 again when reopened', async () => {
    const navigate = jest.fn();
    renderApp(<Hero navigate={navigate} />);
    fireEvent.click(screen.getByRole('button', { name: 'Dołącz teraz' }));
    const dialog = await screen.findByRole('dialog');
    act(() => jest.advanceTimersByTime(4_000));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(20_000));
    expect(navigate).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Dołącz teraz' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('Przekierowanie za 10 s');
  });

  it('shows the spec launch banner', () => {
    renderApp(<Hero navigate={jest.fn()} />);
    expect(screen.getByText('Startujemy w 2025 r. z misją zjednoczenia rockowej społeczności')).toBeInTheDocument();
  });
});
