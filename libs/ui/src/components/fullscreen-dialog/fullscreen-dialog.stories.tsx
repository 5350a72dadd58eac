import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../button/button';
import { Knob } from '../knob/knob';
import { FullscreenDialog } from './fullscreen-dialog';

const meta = {
  title: 'Components/FullscreenDialog',
  component: FullscreenDialog,
  args: {
    title: 'PRO DJ MIXER',
    closeLabel: 'Zamknij',
    // Open by default so the a11y smoke run checks the open dialog, not just its trigger.
    defaultOpen: true,
    trigger: <Button>Otwórz mikser</Button>,
    children: (
      <div style={{ display: 'flex', gap: 24, flexWrap: 'wrap' }}>
        <Knob label="Master" value={85} onChange={() => undefined} />
        <Knob label="Słuchawki" value={70} onChange={() => undefined} />
      </div>
    ),
  },
} satisfies Meta<typeof FullscreenDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {};

export const WithDescription: Story = { args: { description: 'Dwa decki, crossfader i korektor.' } };
