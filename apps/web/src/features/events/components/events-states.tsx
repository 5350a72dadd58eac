import { css, keyframes, type Theme } from '@emotion/react';
import { Button, Card, displayHeading } from '@grouarock/ui';
import { Root as VisuallyHidden } from '@radix-ui/react-visually-hidden';
import { Link } from 'react-router-dom';
import { useT } from '../../../lib/i18n';

const shimmer = keyframes`
  0%, 100% {
    opacity: 1;
  }
  50% {
    opacity: 0.55;
  }
`;

/** As many placeholder cards as the carousel will show at this width. */
const skeletonGrid = (theme: Theme) => css`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: ${theme.space[4]};
  padding: ${theme.space[2]};

  ${theme.mq.below('lg')} {
    grid-template-columns: repeat(2, minmax(0, 1fr));

    & > :nth-of-type(n + 3) {
      display: none;
    }
  }

  ${theme.mq.belowMobile} {
    grid-template-columns: minmax(0, 1fr);

    & > :nth-of-type(n + 2) {
      display: none;
    }
  }
`;

const bar = (theme: Theme) => css`
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surfaceRaised};
  animation: ${shimmer} 1.6s ease-in-out infinite;

  ${theme.mq.reducedMotion} {
    animation: none;
  }
`;

const lines = [
  { width: '30%', height: '1.5rem' },
  { width: '80%', height: '2rem' },
  { width: '50%', height: '1rem' },
  { width: '70%', height: '1rem' },
  { width: '60%', height: '1rem' },
  { width: '45%', height: '2.75rem' },
];

/** Grey cards in the shape of the real ones while the events load (announced once, politely). */
export function EventsSkeleton() {
  const t = useT();
  return (
    <div role="status" aria-busy="true">
      <VisuallyHidden>{t('events.loading')}</VisuallyHidden>
      <div css={skeletonGrid} aria-hidden="true" data-testid="events-skeleton">
        {[0, 1, 2].map((card) => (
          <Card key={card}>
            <div css={bar} style={{ aspectRatio: '16 / 9' }} />
            {lines.map((line) => (
              <div key={line.width + line.height} css={bar} style={line} />
            ))}
          </Card>
        ))}
      </div>
    </div>
  );
}

const notice = (theme: Theme) => css`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${theme.space[3]};
  padding: ${theme.space[6]} ${theme.space[4]};
  text-align: center;

  & p {
    max-width: 36rem;
    margin: 0;
    color: ${theme.colors.textMuted};
  }
`;

const noticeTitle = (theme: Theme) => css`
  margin: 0;
  ${displayHeading(theme)}
  font-size: ${theme.fontSizes['2xl']};
`;

export function EventsError({ onRetry }: { onRetry: () => void }) {
  const t = useT();
  return (
    <Card css={notice} role="alert">
      <p>{t('events.error')}</p>
      <Button onClick={onRetry}>{t('events.retry')}</Button>
    </Card>
  );
}

/** No event is planned: say so plainly and offer something to do meanwhile. */
export function EventsEmpty() {
  const t = useT();
  return (
    <Card css={notice}>
      <h2 css={noticeTitle}>{t('events.empty.title')}</h2>
      <p>{t('events.empty.text')}</p>
      <Button asChild variant="secondary">
        <Link to="/radio">{t('events.empty.radio')}</Link>
      </Button>
    </Card>
  );
}
