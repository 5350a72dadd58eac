import { css, type Theme } from '@emotion/react';
import { Fragment } from 'react';
import { Link } from 'react-router-dom';
import { PRODUCT_PATH } from '../conversation';

const inline = (theme: Theme) => css`
  color: ${theme.colors.secondary};
`;

/** A reply's text with the product's paths it names (/radio, /events…) as real links. */
export function MessageText({ text, onNavigate }: { text: string; onNavigate?: () => void }) {
  const parts = text.split(PRODUCT_PATH);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <Link key={i} css={inline} to={part} onClick={onNavigate}>
            {part}
          </Link>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}
