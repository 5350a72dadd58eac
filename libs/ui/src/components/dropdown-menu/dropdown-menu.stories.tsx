import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { Button } from '../button/button';
import { DropdownMenu, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator } from './dropdown-menu';

const meta = {
  title: 'Components/DropdownMenu',
  component: DropdownMenu,
  args: {
    trigger: <Button variant="ghost">punkrocker</Button>,
    align: 'start',
    children: (
      <>
        <DropdownMenuLabel>
          Zalogowany jako
          <br />
          <strong>fan@example.com</strong>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <a href="#profil">Profil</a>
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={fn()}>Wyloguj się</DropdownMenuItem>
        <DropdownMenuItem disabled>Ustawienia (wkrótce)</DropdownMenuItem>
      </>
    ),
  },
  decorators: [
    (Story) => (
      <div style={{ minHeight: 320 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof DropdownMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Closed: press the button (or focus it and press Enter / ArrowDown). */
export const Default: Story = {};

/** Rendered open so the a11y smoke run also checks the menu and its items. */
export const Open: Story = { args: { defaultOpen: true } };
