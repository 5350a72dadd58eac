import type { Meta, StoryObj } from '@storybook/react-vite';
import { Badge } from './badge';

const meta = {
  title: 'Components/Badge',
  component: Badge,
  args: { children: 'TOP', tone: 'accent' },
  argTypes: { tone: { control: 'inline-radio', options: ['accent', 'secondary', 'live', 'neutral'] } },
} satisfies Meta<typeof Badge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Accent: Story = {};

export const Live: Story = { args: { tone: 'live', children: 'LIVE' } };

export const Secondary: Story = { args: { tone: 'secondary', children: 'NAJPOPULARNIEJSZY' } };

export const Neutral: Story = { args: { tone: 'neutral', children: 'Hardcore' } };

export const AllTones: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
      <Badge tone="accent">TOP</Badge>
      <Badge tone="live">LIVE</Badge>
      <Badge tone="secondary">NAJPOPULARNIEJSZY</Badge>
      <Badge tone="neutral">Punk</Badge>
    </div>
  ),
};
