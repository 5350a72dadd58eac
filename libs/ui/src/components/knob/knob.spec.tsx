import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderWithUi } from '../../testing/render-with-ui';
import { Knob, type KnobProps } from './knob';

/** The knob is controlled; this harness keeps the value like the mixer does. */
function Harness({ onChange, ...props }: Partial<KnobProps> & { initial?: number }) {
  const [value, setValue] = useState(props.initial ?? 50);
  return (
    <Knob
      label="Głośność"
      {...props}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
    />
  );
}

const knob = () => screen.getByRole('slider', { name: 'Głośność' });
const now = () => Number(knob().getAttribute('aria-valuenow'));

describe('Knob', () => {
  it('is a labelled slider with min, max, now and value text (defaults 0..100)', () => {
    renderWithUi(<Harness formatValue={(v) => `${v}%`} />);
    expect(knob()).toHaveAttribute('aria-valuemin', '0');
    expect(knob()).toHaveAttribute('aria-valuemax', '100');
    expect(knob()).toHaveAttribute('aria-valuenow', '50');
    expect(knob()).toHaveAttribute('aria-valuetext', '50%');
    expect(knob()).toHaveAttribute('tabindex', '0');
  });

  it('steps with arrow keys, takes big steps with PageUp/PageDown and jumps with Home/End', async () => {
    const user = userEvent.setup();
    renderWithUi(<Harness step={2} />);
    knob().focus();

    await user.keyboard('{ArrowUp}');
    expect(now()).toBe(52);
    await user.keyboard('{ArrowRight}');
    expect(now()).toBe(54);
    await user.keyboard('{ArrowDown}{ArrowLeft}');
    expect(now()).toBe(50);
    await user.keyboard('{PageUp}');
    expect(now()).toBe(60);
    await user.keyboard('{PageDown}{PageDown}');
    expect(now()).toBe(40);
    await user.keyboard('{End}');
    expect(now()).toBe(100);
    await user.keyboard('{Home}');
    expect(now()).toBe(0);
  });

  it('clamps every change to min..max and does not report no-op changes', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    renderWithUi(<Harness initial={95} onChange={onChange} />);
    knob().focus();

    await user.keyboard('{PageUp}');
    expect(now()).toBe(100);
    await user.keyboard('{ArrowUp}{PageUp}{End}');
    expect(now()).toBe(100);
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('shows a controlled value outside the range clamped', () => {
    renderWithUi(<Knob label="Głośność" value={180} onChange={() => {}} />);
    expect(now()).toBe(100);
  });

  it('turns with a vertical pointer drag: up increases, down decreases, always clamped', () => {
    const onChange = jest.fn();
    renderWithUi(<Harness onChange={onChange} dragRange={200} />);
    const dial = knob();

    fireEvent.pointerDown(dial, { pointerId: 1, button: 0, pointerType: 'mouse', clientY: 300 });
    expect(dial).toHaveFocus();
    fireEvent.pointerMove(dial, { pointerId: 1, clientY: 260 }); // 40px of 200px = +20
    expect(now()).toBe(70);
    fireEvent.pointerMove(dial, { pointerId: 1, clientY: 340 }); // 40px below the start = -20
    expect(now()).toBe(30);
    fireEvent.pointerMove(dial, { pointerId: 1, clientY: -1000 });
    expect(now()).toBe(100);
    fireEvent.pointerUp(dial, { pointerId: 1, clientY: -1000 });

    // After release, moving the pointer does nothing.
    fireEvent.pointerMove(dial, { pointerId: 1, clientY: 900 });
    expect(now()).toBe(100);
    expect(onChange).toHaveBeenLastCalledWith(100);
  });

  it('changes with the mouse wheel and keeps the page from scrolling', () => {
    renderWithUi(<Harness step={5} />);
    const up = new WheelEvent('wheel', { deltaY: -100, bubbles: true, cancelable: true });
    fireEvent(knob(), up);
    expect(now()).toBe(55);
    expect(up.defaultPrevented).toBe(true);

    fireEvent.wheel(knob(), { deltaY: 100 });
    fireEvent.wheel(knob(), { deltaY: 100 });
    expect(now()).toBe(45);

    fireEvent.wheel(knob(), { deltaY: -100, shiftKey: true }); // Shift = big step (10)
    expect(now()).toBe(55);
  });

  it('supports bipolar EQ ranges and resets on double-click', () => {
    renderWithUi(<Harness initial={20} min={-50} max={50} bipolar resetValue={0} />);
    expect(knob()).toHaveAttribute('aria-valuemin', '-50');
    expect(knob()).toHaveAttribute('data-bipolar', 'true');

    fireEvent.doubleClick(knob());
    expect(now()).toBe(0);
  });

  it('snaps to fractional steps without floating-point noise', async () => {
    const user = userEvent.setup();
    renderWithUi(<Harness initial={0.2} min={0} max={1} step={0.1} />);
    knob().focus();
    await user.keyboard('{ArrowUp}');
    expect(knob()).toHaveAttribute('aria-valuenow', '0.3');
  });

  it('ignores input when disabled', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    renderWithUi(<Harness disabled onChange={onChange} />);
    expect(knob()).toHaveAttribute('aria-disabled', 'true');
    knob().focus();
    await user.keyboard('{ArrowUp}');
    fireEvent.wheel(knob(), { deltaY: -100 });
    fireEvent.pointerDown(knob(), { pointerId: 1, button: 0, pointerType: 'mouse', clientY: 100 });
    fireEvent.pointerMove(knob(), { pointerId: 1, clientY: 0 });
    expect(onChange).not.toHaveBeenCalled();
  });
});
