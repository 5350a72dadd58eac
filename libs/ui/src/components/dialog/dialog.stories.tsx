import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { Button } from '../button/button';
import { TextField } from '../text-field/text-field';
import { Dialog, type DialogProps } from './dialog';

const meta = {
  title: 'Components/Dialog',
  component: Dialog,
  args: {
    title: 'Usunąć playlistę?',
    description: 'Playlista „Punk na poniedziałek” zniknie z Twojej biblioteki. Tego nie da się cofnąć.',
    closeLabel: 'Zamknij',
    // Open by default so the a11y smoke run checks the open dialog, not just its trigger.
    defaultOpen: true,
    trigger: <Button variant="danger">Usuń playlistę</Button>,
    footer: (
      <>
        <Button variant="ghost">Anuluj</Button>
        <Button variant="danger">Usuń</Button>
      </>
    ),
  },
  argTypes: { size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] } },
} satisfies Meta<typeof Dialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Open: Story = {};

export const WithForm: Story = {
  args: {
    title: 'Zaloguj się',
    description: undefined,
    trigger: <Button>Zaloguj się</Button>,
    children: (
      <div style={{ display: 'grid', gap: 16 }}>
        <TextField label="E-mail" type="email" autoComplete="email" />
        <TextField label="Hasło" type="password" autoComplete="current-password" />
      </div>
    ),
    footer: <Button fullWidth>Zaloguj się</Button>,
    size: 'sm',
  },
};

function ControlledDialog(props: DialogProps) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog
      {...props}
      defaultOpen={undefined}
      open={open}
      onOpenChange={setOpen}
      footer={
        <>
          <Button variant="ghost" onClick={() => setOpen(false)}>
            Anuluj
          </Button>
          <Button variant="danger" onClick={() => setOpen(false)}>
            Usuń
          </Button>
        </>
      }
    />
  );
}

/** Closed until the trigger is pressed; footer buttons close it through controlled state. */
export const Controlled: Story = { render: (args) => <ControlledDialog {...args} /> };
