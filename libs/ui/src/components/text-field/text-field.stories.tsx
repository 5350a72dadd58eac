import type { Meta, StoryObj } from '@storybook/react-vite';
import { TextField } from './text-field';

const meta = {
  title: 'Components/TextField',
  component: TextField,
  args: { label: 'E-mail', type: 'email', autoComplete: 'email', placeholder: 'ty@przyklad.pl' },
  argTypes: { type: { control: 'inline-radio', options: ['text', 'email', 'password', 'search', 'tel', 'url'] } },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 360 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof TextField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Email: Story = {};

export const PasswordWithHint: Story = {
  args: {
    label: 'Hasło',
    type: 'password',
    autoComplete: 'new-password',
    placeholder: undefined,
    hint: 'Co najmniej 8 znaków.',
  },
};

export const WithError: Story = {
  args: { defaultValue: 'punk@', error: 'Podaj poprawny adres e-mail.', hint: 'Wyślemy na niego link aktywacyjny.' },
};

export const Disabled: Story = { args: { label: 'Nazwa użytkownika', type: 'text', disabled: true, defaultValue: 'sid_vicious' } };
