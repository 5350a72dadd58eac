import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { Tabs } from './tabs';

const meta = {
  title: 'Components/Tabs',
  component: Tabs,
  args: {
    label: 'Widok radia',
    onValueChange: fn(),
    items: [
      { value: 'live', label: 'Na żywo', content: <p>Teraz gramy: Siekiera – Ludzie wschodu.</p> },
      { value: 'schedule', label: 'Ramówka', content: <p>20:00 Punkowa godzina, 22:00 Metal nocą.</p> },
      { value: 'history', label: 'Historia', content: <p>Ostatnio zagrane utwory pojawią się tutaj.</p> },
    ],
  },
} satisfies Meta<typeof Tabs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const FullWidth: Story = { args: { fullWidth: true, defaultValue: 'schedule' } };

export const WithDisabledTab: Story = {
  args: {
    items: [
      { value: 'mixer', label: 'Mikser', content: <p>Dwa decki, crossfader i korektor.</p> },
      { value: 'effects', label: 'Efekty', content: <p>Echo, filtr i flanger.</p> },
      { value: 'recording', label: 'Nagrywanie', content: <p>Wkrótce.</p>, disabled: true },
    ],
  },
};
