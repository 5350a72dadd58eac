import { screen } from '@testing-library/react';
import { renderWithUi } from '../../testing/render-with-ui';
import { Grid } from './grid';
import { Page } from './page';
import { PageTitle } from './page-title';
import { Panel } from './panel';
import { Stack } from './stack';

describe('Page', () => {
  it('is a centred column of the width asked for, wide by default', () => {
    const { container } = renderWithUi(
      <>
        <Page>katalog</Page>
        <Page width="narrow" as="section" aria-label="Formularz">
          formularz
        </Page>
      </>,
    );
    const wide = container.querySelector('[data-width="wide"]') as HTMLElement;
    expect(wide).toHaveTextContent('katalog');
    expect(getComputedStyle(wide).maxWidth).toBe('80rem');
    expect(getComputedStyle(wide).marginLeft).toBe('auto');
    const narrow = screen.getByRole('region', { name: 'Formularz' });
    expect(narrow).toHaveAttribute('data-width', 'narrow');
    expect(getComputedStyle(narrow).maxWidth).toBe('44rem');
  });
});

describe('PageTitle', () => {
  it('is the level-1 heading, with its lead under it when given', () => {
    renderWithUi(<PageTitle lead="Koncerty, festiwale i tribute">Wydarzenia muzyczne</PageTitle>);
    const heading = screen.getByRole('heading', { level: 1, name: 'Wydarzenia muzyczne' });
    expect(heading.closest('header')).toHaveTextContent('Koncerty, festiwale i tribute');
  });

  it('is only the heading without a lead', () => {
    const { container } = renderWithUi(<PageTitle>Profil</PageTitle>);
    expect(container.querySelector('header')).toBeNull();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Profil');
  });
});

describe('Panel', () => {
  it('is a region named by its heading, h2 by default', () => {
    renderWithUi(
      <>
        <Panel title="Konto">
          <p>fan@example.com</p>
        </Panel>
        <Panel title="Sesje" headingLevel={3} tone="highlight" />
      </>,
    );
    expect(screen.getByRole('region', { name: 'Konto' })).toHaveTextContent('fan@example.com');
    expect(screen.getByRole('heading', { level: 2, name: 'Konto' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Sesje' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Sesje' })).toHaveAttribute('data-tone', 'highlight');
  });
});

describe('Stack and Grid', () => {
  it('space their children by a step of the scale and keep list semantics', () => {
    renderWithUi(
      <>
        <Stack gap={6} data-testid="stack">
          <p>a</p>
          <p>b</p>
        </Stack>
        <Grid as="ul" minItemWidth="12rem" aria-label="Stacje">
          <li>Radio Garaż</li>
          <li>Punk FM</li>
        </Grid>
      </>,
    );
    const stack = screen.getByTestId('stack');
    expect(getComputedStyle(stack).flexDirection).toBe('column');
    expect(getComputedStyle(stack).gap).toBe('2rem');
    const grid = screen.getByRole('list', { name: 'Stacje' });
    expect(getComputedStyle(grid).gridTemplateColumns).toBe('repeat(auto-fill, minmax(min(12rem, 100%), 1fr))');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });
});
