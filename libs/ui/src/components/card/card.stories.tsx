import type { Meta, StoryObj } from '@storybook/react-vite';
import { Badge } from '../badge/badge';
import { Button } from '../button/button';
import { Card } from './card';

const meta = {
  title: 'Components/Card',
  component: Card,
  args: { as: 'article' },
  argTypes: {
    tone: { control: 'inline-radio', options: ['default', 'highlight'] },
    padding: { control: 'inline-radio', options: ['none', 'sm', 'md', 'lg'] },
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 340 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Card>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Station: Story = {
  args: {
    children: (
      <>
        <div style={{ display: 'flex', gap: 8 }}>
          <Badge tone="live">LIVE</Badge>
          <Badge tone="neutral">Punk</Badge>
        </div>
        <h3 style={{ fontSize: '1.75rem' }}>Radio Garaż</h3>
        <p>Surowy punk z polskich piwnic, 24 godziny na dobę.</p>
        <Button>Słuchaj</Button>
      </>
    ),
  },
};

export const HighlightedPlan: Story = {
  args: {
    tone: 'highlight',
    padding: 'lg',
    children: (
      <>
        <Badge tone="secondary">NAJPOPULARNIEJSZY</Badge>
        <h3 style={{ fontSize: '2.25rem' }}>Headliner</h3>
        <p>Bez reklam, mikser DJ i wszystkie koncerty na żywo.</p>
        <Button fullWidth>Wybierz plan</Button>
      </>
    ),
  },
};

export const Interactive: Story = {
  args: {
    interactive: true,
    children: (
      <>
        <Badge tone="accent">TOP</Badge>
        <h3 style={{ fontSize: '1.75rem' }}>
          <a href="#koncert">Koncert: Dezerter w Progresji</a>
        </h3>
        <p>Sobota, 21:00 · transmisja na żywo</p>
      </>
    ),
  },
};
