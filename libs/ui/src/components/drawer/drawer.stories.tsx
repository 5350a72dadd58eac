import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../button/button';
import { IconButton } from '../icon-button/icon-button';
import { Drawer } from './drawer';

function MenuIcon() {
  return (
    <svg width="1em" height="1em" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2.5}>
      <path d="M4 6h16M4 12h16M4 18h16" strokeLinecap="round" />
    </svg>
  );
}

const navigation = (
  <nav aria-label="Menu główne">
    <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 12 }}>
      <li>
        <a href="#radio">Radio</a>
      </li>
      <li>
        <a href="#mikser">Mikser DJ</a>
      </li>
      <li>
        <a href="#koncerty">Koncerty na żywo</a>
      </li>
    </ul>
  </nav>
);

const meta = {
  title: 'Components/Drawer',
  component: Drawer,
  args: {
    title: 'Menu',
    closeLabel: 'Zamknij menu',
    // Open by default so the a11y smoke run checks the open panel, not just its trigger.
    defaultOpen: true,
    trigger: (
      <IconButton label="Otwórz menu">
        <MenuIcon />
      </IconButton>
    ),
    children: navigation,
    footer: (
      <Button variant="danger" fullWidth>
        Wyloguj się
      </Button>
    ),
  },
  argTypes: { side: { control: 'inline-radio', options: ['right', 'left'] } },
} satisfies Meta<typeof Drawer>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Right: Story = {};

export const Left: Story = {
  args: {
    side: 'left',
    title: 'Kolejka',
    description: 'Utwory, które zagramy po bieżącym.',
    closeLabel: 'Zamknij kolejkę',
    children: (
      <ol style={{ margin: 0, paddingLeft: 20, display: 'grid', gap: 8 }}>
        <li>Dezerter – Spytaj milicjanta</li>
        <li>Kult – Arahja</li>
        <li>Armia – Niezwyciężony</li>
      </ol>
    ),
    footer: undefined,
  },
};

export const Closed: Story = { args: { defaultOpen: false } };
