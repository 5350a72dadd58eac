import type { Meta, StoryObj } from '@storybook/react-vite';
import { LevelMeterBar } from './level-meter-bar';

const meta = {
  title: 'Components/LevelMeterBar',
  component: LevelMeterBar,
  args: { label: 'Deck A', value: -18, peak: -9 },
  argTypes: {
    value: { control: { type: 'range', min: -60, max: 0, step: 1 } },
    orientation: { control: 'inline-radio', options: ['horizontal', 'vertical'] },
  },
} satisfies Meta<typeof LevelMeterBar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Horizontal: Story = {};

export const Vertical: Story = { args: { orientation: 'vertical', label: 'Master', value: -6, peak: -2 } };

export const Silent: Story = { args: { label: 'Deck B', value: -Infinity, peak: undefined } };

export const Clipping: Story = { args: { label: 'Master', value: 0, peak: 0 } };

export const MixerBridge: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 24, alignItems: 'flex-end' }}>
      <LevelMeterBar orientation="vertical" label="A" value={-14} peak={-8} />
      <LevelMeterBar orientation="vertical" label="Master" value={-10} peak={-4} />
      <LevelMeterBar orientation="vertical" label="B" value={-Infinity} />
    </div>
  ),
};
