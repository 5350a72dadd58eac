import type { Meta, StoryObj } from '@storybook/react-vite';
import { LineIcon } from './line-icon';

const meta = {
  title: 'Components/LineIcon',
  component: LineIcon,
  args: {
    size: 28,
    children: (
      <>
        <rect x="3" y="5" width="18" height="16" rx="2" />
        <path d="M3 10h18M8 3v4M16 3v4" />
      </>
    ),
  },
} satisfies Meta<typeof LineIcon>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Calendar: Story = {};

/** At 1.25em it follows the size of the text beside it. */
export const BesideText: Story = {
  render: (args) => (
    <p style={{ display: 'flex', alignItems: 'center', gap: 8, fontSize: 20 }}>
      <LineIcon {...args} size="1.25em" />
      Sobota, 12 czerwca
    </p>
  ),
};
