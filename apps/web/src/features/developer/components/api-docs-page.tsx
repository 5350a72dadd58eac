import { css, type Theme } from '@emotion/react';
import { openApiDocument } from '@grouarock/api-client/openapi';
import { Page, PageTitle, Stack, Tabs } from '@grouarock/ui';
import { useMemo } from 'react';
import { useDocumentMeta } from '../../../lib/document-meta';
import { useT } from '../../../lib/i18n';
import { useSiteOrigin } from '../../../lib/site-origin';
import { apiReference, type OpenApiDocument } from '../api-reference';
import { ApiPricing } from './api-pricing';
import { AuthenticationGuide, ExamplesGuide, SdkGuide, WebSocketGuide } from './api-guides';
import { EndpointList } from './endpoint-list';

const lead = (theme: Theme) => css`
  max-width: 56rem;
  margin: 0;
  color: ${theme.colors.textMuted};
`;

const base = (theme: Theme) => css`
  margin: 0;
  font-family: ${theme.fonts.mono};
`;

/**
 * /api, the developer page: the five tabs of the spec (endpoints, authentication, examples, websocket, sdk), their
 * reference read from our own OpenAPI document, then the API plans and the cost calculator.
 */
export function ApiDocsPage() {
  const t = useT();
  useDocumentMeta({ title: t('developer.meta.title'), description: t('developer.meta.description') }, t('meta.title'));
  const origin = useSiteOrigin();
  const groups = useMemo(() => apiReference(openApiDocument as unknown as OpenApiDocument, origin), [origin]);
  const operations = useMemo(() => groups.flatMap((g) => g.operations), [groups]);
  return (
    <Page>
      <Stack gap={6}>
        <Stack gap={3}>
          <PageTitle>{t('developer.title')}</PageTitle>
          <p css={lead}>{t('developer.lead')}</p>
          <p css={base}>{t('developer.base', { base: `${origin}/api/v1` })}</p>
        </Stack>
        <Tabs
          label={t('developer.tabs.label')}
          defaultValue="endpoints"
          items={[
            { value: 'endpoints', label: t('developer.tabs.endpoints'), content: <EndpointList groups={groups} /> },
            { value: 'authentication', label: t('developer.tabs.authentication'), content: <AuthenticationGuide /> },
            { value: 'examples', label: t('developer.tabs.examples'), content: <ExamplesGuide operations={operations} /> },
            { value: 'websocket', label: t('developer.tabs.websocket'), content: <WebSocketGuide origin={origin} /> },
            { value: 'sdk', label: t('developer.tabs.sdk'), content: <SdkGuide origin={origin} /> },
          ]}
        />
        <ApiPricing />
      </Stack>
    </Page>
  );
}

export default ApiDocsPage;
