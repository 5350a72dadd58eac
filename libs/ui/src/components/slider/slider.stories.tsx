import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { Slider, type SliderProps } from './slider';

const meta = {
  title: 'Components/Slider',
  component: Slider,
  args: { label: 'Głośność', min: 0, max: 100, step: 1, formatValue: (value: number) => `${value}%` },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 360 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Slider>;

export default meta;
type Story = StoryObj<typeof meta>;

function ControlledSlider(props: SliderProps) {
  const [value, setValue] = useState(props.value ?? 70);
  return <Slider {...props} value={value} onValueChange={setValue} />;
}

export const Volume: Story = { render: (args) => <ControlledSlider {...args} /> };

export const Crossfader: Story = {
  args: {
    label: 'Crossfader',
    min: -1,
    max: 1,
    step: 0.05,
    defaultValue: 0,
    formatValue: (value: number) => (value === 0 ? 'środek' : value < 0 ? `A ${Math.round(-value * 100)}%` : `B ${Math.round(value * 100)}%`),
  },
};

export const Disabled: Story = { args: { label: 'Balans', disabled: true, defaultValue: 50 } };
