import { css, type Theme } from '@emotion/react';
import { Card } from '@grouarock/ui';
import { Link } from 'react-router-dom';
import { useT } from '../../../lib/i18n';
import { NewTabHint } from '../../../lib/new-tab-hint';
import type { Tutorial } from '../tutorials-data';
import { TutorialMeta } from './tutorial-meta';

const title = (theme: Theme) => css`
  margin: 0;
  font-family: ${theme.fonts.display};
  font-size: ${theme.fontSizes.xl};
  font-weight: normal;
  letter-spacing: 0.03em;
  overflow-wrap: anywhere;

  a {
    color: inherit;
    text-decoration: none;
  }
  a:hover,
  a:focus-visible {
    text-decoration: underline;
  }
`;

const description = css`
  margin: 0;
`;

/** One tutorial in the list; its title opens /tutorial/{id} in a new tab. */
export function TutorialCard({ tutorial }: { tutorial: Tutorial }) {
  const t = useT();
  return (
    <Card as="li" padding="md" interactive>
      <h3 css={title}>
        <Link to={`/tutorial/${tutorial.id}`} target="_blank" rel="noopener noreferrer">
          {t(tutorial.title)}
          <NewTabHint />
        </Link>
      </h3>
      <p css={description}>{t(tutorial.description)}</p>
      <TutorialMeta tutorial={tutorial} />
    </Card>
  );
}
