import type { Meta, StoryObj } from '@storybook/react-vite';
import { Badge } from '../badge/badge';
import { Button } from '../button/button';
import { Card } from '../card/card';
import { Grid } from './grid';
import { Page } from './page';
import { PageTitle } from './page-title';
import { Panel } from './panel';
import { Stack } from './stack';

const meta = {
  title: 'Layout/Page',
  component: Page,
  parameters: { layout: 'fullscreen' },
  argTypes: { width: { control: 'inline-radio', options: ['narrow', 'text', 'wide', 'full'] } },
} satisfies Meta<typeof Page>;

export default meta;
type Story = StoryObj<typeof meta>;

const stations = ['Radio Garaż', 'Punk FM', 'Oi! Warszawa', 'Hardcore 24/7', 'Ska Piwnica', 'Grunge Nocą'];

/** A catalogue screen: the title with its lead, then cards in as many columns as fit. */
export const Catalogue: Story = {
  args: {
    width: 'wide',
    children: (
      <>
        <PageTitle lead="Koncerty, festiwale i tribute dla fanów rocka i punka.">Wydarzenia muzyczne</PageTitle>
        <Grid as="ul" minItemWidth="16rem" aria-label="Stacje">
          {stations.map((name) => (
            <Card as="li" key={name}>
              <Badge tone="live">LIVE</Badge>
              <h2 style={{ margin: 0, fontSize: '1.25rem' }}>{name}</h2>
              <Button size="sm">Słuchaj</Button>
            </Card>
          ))}
        </Grid>
      </>
    ),
  },
};

/** A settings screen: a narrow column of titled panels. */
export const Settings: Story = {
  args: {
    width: 'narrow',
    children: (
      <Stack gap={5}>
        <PageTitle>Profil</PageTitle>
        <Panel title="Konto">
          <p style={{ margin: 0 }}>fan@example.com</p>
        </Panel>
        <Panel title="Załóż pełne konto" tone="highlight">
          <Button>Załóż konto</Button>
        </Panel>
      </Stack>
    ),
  },
};
