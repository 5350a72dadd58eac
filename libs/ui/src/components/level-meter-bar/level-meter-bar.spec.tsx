import { screen } from '@testing-library/react';
import { renderWithUi } from '../../testing/render-with-ui';
import { LevelMeterBar, meterValue } from './level-meter-bar';

describe('LevelMeterBar', () => {
  it('is a labelled meter whose value is the level in dB', () => {
    renderWithUi(<LevelMeterBar label="Deck A" value={-12.4} />);
    const meter = screen.getByRole('meter', { name: 'Deck A' });
    expect(meter).toHaveAttribute('aria-valuenow', '-12');
    expect(meter).toHaveAttribute('aria-valuemin', '-60');
    expect(meter).toHaveAttribute('aria-valuemax', '0');
    expect(meter).toHaveAttribute('aria-valuetext', '-12 dB');
  });

  it('shows silence as the bottom of the scale and clamps loud values to the top', () => {
    renderWithUi(
      <>
        <LevelMeterBar label="A" value={-Infinity} />
        <LevelMeterBar label="B" value={6} formatValue={(db) => `${db} dBFS`} />
      </>,
    );
    expect(screen.getByRole('meter', { name: 'A' })).toHaveAttribute('aria-valuenow', '-60');
    const loud = screen.getByRole('meter', { name: 'B' });
    expect(loud).toHaveAttribute('aria-valuenow', '0');
    expect(loud).toHaveAttribute('aria-valuetext', '0 dBFS');
  });

  it('supports a vertical orientation and a screen-reader-only caption', () => {
    renderWithUi(<LevelMeterBar label="Master" value={-6} orientation="vertical" hideLabel peak={-3} />);
    expect(screen.getByRole('meter', { name: 'Master' })).toHaveAttribute('data-orientation', 'vertical');
  });

  it('rounds and clamps with meterValue', () => {
    expect(meterValue(Number.NaN, -60, 0)).toBe(-60);
    expect(meterValue(-80, -60, 0)).toBe(-60);
    expect(meterValue(-3.6, -60, 0)).toBe(-4);
  });
});
