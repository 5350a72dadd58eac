import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderWithUi } from '../../testing/render-with-ui';
import { Slider } from './slider';

function Volume({ onValueChange }: { onValueChange?: (value: number) => void }) {
  const [value, setValue] = useState(50);
  return (
    <Slider
      label="Głośność"
      value={value}
      onValueChange={(next) => {
        setValue(next);
        onValueChange?.(next);
      }}
      step={5}
      formatValue={(v) => `${v}%`}
    />
  );
}

describe('Slider', () => {
  it('exposes a slider named by its label with min, max, value and value text', () => {
    renderWithUi(<Slider label="Głośność" defaultValue={30} formatValue={(v) => `${v}%`} />);
    const slider = screen.getByRole('slider', { name: 'Głośność' });
    expect(slider).toHaveAttribute('aria-valuemin', '0');
    expect(slider).toHaveAttribute('aria-valuemax', '100');
    expect(slider).toHaveAttribute('aria-valuenow', '30');
    expect(slider).toHaveAttribute('aria-valuetext', '30%');
  });

  it('steps with arrow keys and jumps with Home/End', async () => {
    const user = userEvent.setup();
    const onValueChange = jest.fn();
    renderWithUi(<Volume onValueChange={onValueChange} />);
    const slider = screen.getByRole('slider', { name: 'Głośność' });

    slider.focus();
    await user.keyboard('{ArrowRight}');
    expect(slider).toHaveAttribute('aria-valuenow', '55');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(slider).toHaveAttribute('aria-valuenow', '45');
    await user.keyboard('{End}');
    expect(slider).toHaveAttribute('aria-valuenow', '100');
    await user.keyboard('{ArrowRight}');
    expect(slider).toHaveAttribute('aria-valuenow', '100');
    await user.keyboard('{Home}');
    expect(slider).toHaveAttribute('aria-valuenow', '0');
    expect(onValueChange).toHaveBeenLastCalledWith(0);
  });

  it('shows an out-of-range controlled value clamped', () => {
    renderWithUi(<Slider label="Balans" value={250} min={-50} max={50} />);
    expect(screen.getByRole('slider', { name: 'Balans' })).toHaveAttribute('aria-valuenow', '50');
  });

  it('works uncontrolled', async () => {
    const user = userEvent.setup();
    renderWithUi(<Slider label="Pogłos" defaultValue={10} step={10} />);
    const slider = screen.getByRole('slider', { name: 'Pogłos' });
    slider.focus();
    await user.keyboard('{ArrowUp}');
    expect(slider).toHaveAttribute('aria-valuenow', '20');
  });
});
