import type { Meta, StoryObj } from '@storybook/react-vite';
import { TextArea } from './text-area';

const meta = {
  title: 'Components/TextArea',
  component: TextArea,
  args: { label: 'Opis (opcjonalnie)', placeholder: 'Co zagracie?', maxLength: 500 },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 480 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof TextArea>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};

export const WithHint: Story = { args: { hint: 'Do 500 znaków.', defaultValue: 'Gramy nowe numery z płyty, która wychodzi w marcu.' } };

export const WithError: Story = { args: { error: 'Opis może mieć najwyżej 500 znaków.' } };

export const Disabled: Story = { args: { disabled: true, defaultValue: 'Stream już trwa.' } };
