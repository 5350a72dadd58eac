import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { fn } from 'storybook/test';
import { Knob, type KnobProps } from './knob';

/** The story keeps the value in state, as the mixer does, so the knob can be turned in Storybook. */
function ControlledKnob(props: KnobProps) {
  const [value, setValue] = useState(props.value);
  return (
    <Knob
      {...props}
      value={value}
      onChange={(next) => {
        setValue(next);
        props.onChange(next);
      }}
    />
  );
}

const meta = {
  title: 'Components/Knob',
  component: Knob,
  args: { label: 'Głośność', value: 70, onChange: fn(), formatValue: (value: number) => `${value}%` },
  argTypes: { size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] } },
  render: (args) => <ControlledKnob {...args} />,
} satisfies Meta<typeof Knob>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const BipolarEq: Story = {
  args: {
    label: 'Bas',
    value: 12,
    min: -50,
    max: 50,
    bipolar: true,
    resetValue: 0,
    formatValue: (value: number) => (value > 0 ? `+${value}` : String(value)),
  },
};

export const Large: Story = { args: { label: 'Gain', size: 'lg', value: 35 } };

export const Disabled: Story = { args: { label: 'Echo', value: 20, disabled: true } };

function EqStrip() {
  const [eq, setEq] = useState({ high: 0, mid: -10, low: 18 });
  const format = (value: number) => (value > 0 ? `+${value}` : String(value));
  return (
    <div style={{ display: 'flex', gap: 24, alignItems: 'flex-start' }}>
      {(['high', 'mid', 'low'] as const).map((band) => (
        <Knob
          key={band}
          label={{ high: 'Wysokie', mid: 'Średnie', low: 'Niskie' }[band]}
          value={eq[band]}
          onChange={(value) => setEq((current) => ({ ...current, [band]: value }))}
          min={-50}
          max={50}
          bipolar
          resetValue={0}
          formatValue={format}
          size="sm"
        />
      ))}
    </div>
  );
}

/** Three EQ knobs as on one mixer channel; double-click resets a band to flat. */
export const MixerEqStrip: Story = { render: () => <EqStrip /> };
