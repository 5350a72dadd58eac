import { css, type Theme } from '@emotion/react';
import { useId, type ReactNode } from 'react';
import { displayHeading } from '../../theme/text-styles';
import { Card, type CardProps } from '../card/card';

export interface PanelProps extends Omit<CardProps, 'as' | 'title'> {
  /** The panel's heading; it also names the region for screen readers. */
  title: ReactNode;
  /** h2 on a page, h3 inside a section that has its own h2. */
  headingLevel?: 2 | 3;
}

const heading = (theme: Theme) => css`
  margin: 0;
  ${displayHeading(theme)}
  font-size: ${theme.fontSizes['2xl']};
`;

/** A titled section of a page in a card (an account's details, a settings group): a region named by its heading. */
export function Panel({ title, headingLevel = 2, padding = 'lg', children, ...rest }: PanelProps) {
  const headingId = useId();
  const Heading = `h${headingLevel}` as const;
  return (
    <Card as="section" padding={padding} aria-labelledby={headingId} {...rest}>
      <Heading id={headingId} css={heading}>
        {title}
      </Heading>
      {children}
    </Card>
  );
}
