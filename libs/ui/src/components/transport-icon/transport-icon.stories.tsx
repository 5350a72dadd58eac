import type { Meta, StoryObj } from '@storybook/react-vite';
import { IconButton } from '../icon-button/icon-button';
import { TransportIcon } from './transport-icon';

const meta = {
  title: 'Components/TransportIcon',
  component: TransportIcon,
  args: { kind: 'play', size: 28 },
} satisfies Meta<typeof TransportIcon>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Play: Story = {};

/** The four symbols in the buttons of a player bar. */
export const InButtons: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: 8 }}>
      <IconButton label="Poprzednia stacja">
        <TransportIcon kind="previous" />
      </IconButton>
      <IconButton label="Odtwarzaj" variant="primary">
        <TransportIcon kind="play" />
      </IconButton>
      <IconButton label="Pauza">
        <TransportIcon kind="pause" />
      </IconButton>
      <IconButton label="Następna stacja">
        <TransportIcon kind="next" />
      </IconButton>
    </div>
  ),
};
