import { css, type Theme } from '@emotion/react';
import { Badge, Stack } from '@grouarock/ui';
import { Root as VisuallyHidden } from '@radix-ui/react-visually-hidden';
import { useT } from '../../../lib/i18n';
import type { ReferenceOperation } from '../api-reference';
import { CodeBlock } from './code-block';
import { dataTable, scrollX } from './styles';

const group = (theme: Theme) => css`
  margin: 0;
  font-size: ${theme.fontSizes.xl};
`;

const operation = (theme: Theme) => css`
  padding: ${theme.space[3]} ${theme.space[4]};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
`;

const head = (theme: Theme) => css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space[2]};
  margin: 0;
  font-size: ${theme.fontSizes.md};
`;

const path = (theme: Theme) => css`
  font-family: ${theme.fonts.mono};
  overflow-wrap: anywhere;
`;

const muted = (theme: Theme) => css`
  margin: ${theme.space[1]} 0 0;
  color: ${theme.colors.textMuted};
`;

const small = (theme: Theme) => css`
  margin-top: ${theme.space[2]};
  font-size: ${theme.fontSizes.sm};
  th,
  td {
    padding: ${theme.space[1]} ${theme.space[2]};
  }
`;

const summaryStyle = (theme: Theme) => css`
  margin-top: ${theme.space[2]};
  cursor: pointer;
`;

function Operation({ op }: { op: ReferenceOperation }) {
  const t = useT();
  return (
    <article css={operation} aria-labelledby={`op-${op.id}`}>
      <h4 css={head} id={`op-${op.id}`}>
        <Badge tone={op.method === 'GET' ? 'neutral' : 'secondary'}>{op.method}</Badge>
        <span css={path}>{op.path}</span>
      </h4>
      <p css={muted}>
        {op.summary} ·{' '}
        {op.authenticated ? `${t('developer.endpoint.key')}: ${t(op.readOnlyKey ? 'developer.endpoint.readOnly' : 'developer.endpoint.fullAccess')}` : t('developer.endpoint.public')}
      </p>
      {op.fields.length ? (
        <div css={scrollX}>
          <table css={[dataTable, small]}>
            <VisuallyHidden asChild>
              <caption>{t('developer.endpoint.fields')}</caption>
            </VisuallyHidden>
            <thead>
              <tr>
                <th scope="col">{t('developer.endpoint.name')}</th>
                <th scope="col">{t('developer.endpoint.in')}</th>
                <th scope="col">{t('developer.endpoint.type')}</th>
                <th scope="col">{t('developer.endpoint.fields')}</th>
              </tr>
            </thead>
            <tbody>
              {op.fields.map((field) => (
                <tr key={`${field.in}-${field.name}`}>
                  <td>
                    <code>{field.name}</code>
                  </td>
                  <td>{t('developer.endpoint.where', { where: field.in })}</td>
                  <td>
                    <code>{field.type}</code>
                  </td>
                  <td>
                    {t(field.required ? 'developer.endpoint.required' : 'developer.endpoint.optional')}
                    {field.description ? ` — ${field.description}` : ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p css={muted}>{t('developer.endpoint.noFields')}</p>
      )}
      <details>
        <summary css={summaryStyle}>{t('developer.endpoint.examples')}</summary>
        <Stack gap={2}>
          <CodeBlock label={`${t('developer.code.curl')}: ${op.method} ${op.path}`} code={op.curl} />
          <CodeBlock label={`${t('developer.code.typescript')}: ${op.id}`} code={op.typescript} />
        </Stack>
      </details>
    </article>
  );
}

/** The endpoints tab: every public operation of our OpenAPI document, by area. */
export function EndpointList({ groups }: { groups: { tag: string; operations: ReferenceOperation[] }[] }) {
  const t = useT();
  return (
    <Stack gap={5}>
      {groups.map((g) => (
        <section key={g.tag} aria-labelledby={`tag-${g.tag.replace(/\s/g, '-')}`}>
          <Stack gap={3}>
            <h3 css={group} id={`tag-${g.tag.replace(/\s/g, '-')}`}>
              {t('developer.tag', { tag: g.tag.replace(/\s/g, '_') })}
            </h3>
            {g.operations.map((op) => (
              <Operation key={op.id} op={op} />
            ))}
          </Stack>
        </section>
      ))}
    </Stack>
  );
}
