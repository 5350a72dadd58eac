import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { Select } from './select';

const genres = [
  { value: 'punk', label: 'Punk rock' },
  { value: 'hardcore', label: 'Hardcore' },
  { value: 'metal', label: 'Metal' },
  { value: 'grunge', label: 'Grunge' },
  { value: 'ska', label: 'Ska punk', disabled: true },
];

const meta = {
  title: 'Components/Select',
  component: Select,
  args: { label: 'Gatunek', options: genres, placeholder: 'Wybierz gatunek', onValueChange: fn() },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 320, minHeight: 360 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Select>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const WithValueAndHint: Story = {
  args: { defaultValue: 'metal', hint: 'Dobierzemy stacje do Twojego gustu.' },
};

export const Disabled: Story = { args: { disabled: true } };
