import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { Switch } from './switch';

const meta = {
  title: 'Components/Switch',
  component: Switch,
  args: { label: 'Autoodtwarzanie', onCheckedChange: fn() },
} satisfies Meta<typeof Switch>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const CheckedWithDescription: Story = {
  args: {
    label: 'Powiadomienia o koncertach',
    description: 'Damy znać, gdy ulubiony zespół zacznie transmisję na żywo.',
    defaultChecked: true,
  },
};

export const Disabled: Story = { args: { label: 'Tryb nocny', disabled: true } };
