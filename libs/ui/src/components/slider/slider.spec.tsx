import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { renderWithUi } from '../../testing/render-with-ui';
import { Slider } from './slider';

function Volume({ onValueChange, onValueCommit }: { onValueChange?: (value: number) => void; onValueCommit?: (value: number) => void }) {
  const [value, setValue] = useState(50);
  return (
    <Slider
      label="Głośność"
      value={value}
      onValueChange={(next) => {
        setValue(next);
        onValueChange?.(next);
      }}
      onValueCommit={onValueCommit}
      step={5}
      formatValue={(v) => `${v}%`}
    />
  );
}

const valueOf = (element: HTMLElement) => (element as HTMLInputElement).value;

describe('Slider', () => {
  it('is the browser\'s range input, named by its label, with min, max, value and value text', () => {
    renderWithUi(<Slider label="Głośność" defaultValue={30} formatValue={(v) => `${v}%`} />);
    const slider = screen.getByRole('slider', { name: 'Głośność' });
    expect(slider).toHaveAttribute('type', 'range');
    expect(slider).toHaveAttribute('min', '0');
    expect(slider).toHaveAttribute('max', '100');
    expect(valueOf(slider)).toBe('30');
    expect(slider).toHaveAttribute('aria-valuetext', '30%');
  });

  it('reports each change, and the value once the user lets go', () => {
    const onValueChange = jest.fn();
    const onValueCommit = jest.fn();
    renderWithUi(<Volume onValueChange={onValueChange} onValueCommit={onValueCommit} />);
    const slider = screen.getByRole('slider', { name: 'Głośność' });

    fireEvent.change(slider, { target: { value: '55' } });
    expect(onValueChange).toHaveBeenLastCalledWith(55);
    expect(valueOf(slider)).toBe('55');
    expect(onValueCommit).not.toHaveBeenCalled();
    fireEvent.keyUp(slider, { key: 'ArrowRight' });
    expect(onValueCommit).toHaveBeenLastCalledWith(55);
  });

  it('shows an out-of-range controlled value clamped', () => {
    renderWithUi(<Slider label="Balans" value={250} min={-50} max={50} />);
    expect(valueOf(screen.getByRole('slider', { name: 'Balans' }))).toBe('50');
  });

  it('works uncontrolled and shows its value', () => {
    renderWithUi(<Slider label="Pogłos" defaultValue={10} step={10} />);
    const slider = screen.getByRole('slider', { name: 'Pogłos' });
    fireEvent.change(slider, { target: { value: '20' } });
    expect(valueOf(slider)).toBe('20');
    expect(screen.getByText('20')).toBeInTheDocument();
  });
});
