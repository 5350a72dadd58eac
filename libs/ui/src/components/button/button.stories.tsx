import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { Button } from './button';

const meta = {
  title: 'Components/Button',
  component: Button,
  args: { children: 'Zaloguj się', onClick: fn() },
  argTypes: {
    variant: { control: 'inline-radio', options: ['primary', 'secondary', 'ghost', 'danger'] },
    size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] },
  },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {};

export const Secondary: Story = { args: { variant: 'secondary', children: 'Słuchaj na żywo' } };

export const Ghost: Story = { args: { variant: 'ghost', children: 'Anuluj' } };

export const Danger: Story = { args: { variant: 'danger', children: 'Wyloguj się' } };

export const Sizes: Story = {
  render: (args) => (
    <div style={{ display: 'flex', gap: 16, alignItems: 'center', flexWrap: 'wrap' }}>
      <Button {...args} size="sm">
        Mały
      </Button>
      <Button {...args} size="md">
        Średni
      </Button>
      <Button {...args} size="lg">
        Duży
      </Button>
    </div>
  ),
};

export const Loading: Story = { args: { loading: true, children: 'Logowanie' } };

export const Disabled: Story = { args: { disabled: true, children: 'Kup bilet' } };

/** `asChild` styles a link (e.g. react-router's <Link>) as a button while keeping it a link. */
export const AsLink: Story = {
  args: { asChild: true, variant: 'secondary', children: <a href="#koncerty">Zobacz koncerty</a> },
};

export const FullWidth: Story = {
  args: { fullWidth: true, children: 'Załóż konto' },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 360 }}>
        <Story />
      </div>
    ),
  ],
};
