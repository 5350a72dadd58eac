import { css, type Theme } from '@emotion/react';
import { Badge, Page, PageTitle, Tabs } from '@grouarock/ui';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { schemaResolver } from '../../../lib/form-schema';
import { useDocumentMeta } from '../../../lib/document-meta';
import { useT } from '../../../lib/i18n';
import { useAuth } from '../../auth';
import { useProviderHealth, useStudioUsage } from '../api/studio';
import { useGeneration } from '../use-generation';
import { EMPTY_FORM, generateSchema, GeneratePanel, type GenerateForm } from './generate-panel';
import { LibraryPanel } from './library-panel';
import { ToolsPanel } from './tools-panel';

const lead = (theme: Theme) => css`
  max-width: 48rem;
  margin: 0 0 ${theme.space[3]};
  color: ${theme.colors.textMuted};
`;

const engine = (theme: Theme) => css`
  max-width: 56rem;
  margin: 0 0 ${theme.space[5]};
  padding: ${theme.space[3]} ${theme.space[4]};
  border-left: 4px solid ${theme.colors.info};
  background: ${theme.colors.infoTint};
`;

const titleRow = (theme: Theme) => css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space[3]};
`;

type Tab = 'generate' | 'library' | 'tools';

/**
 * /ai-studio: Generate (default), My Library and AI Tools. What makes the tracks is said plainly: the built-in
 * algorithmic generator, or the configured provider.
 */
export function StudioPage() {
  const t = useT();
  useDocumentMeta({ title: t('studio.meta.title'), description: t('studio.meta.description') }, t('meta.title'));
  const { user } = useAuth();
  const member = user && !user.is_anonymous ? user.id : null;
  const usage = useStudioUsage(member);
  const health = useProviderHealth();
  const { generation, generate } = useGeneration();
  const [tab, setTab] = useState<Tab>('generate');
  const form = useForm<GenerateForm>({ resolver: schemaResolver(generateSchema), defaultValues: EMPTY_FORM });

  return (
    <Page>
      <div css={titleRow}>
        <PageTitle>{t('studio.title')}</PageTitle>
        <Badge tone="secondary">{t('studio.premiumOnly')}</Badge>
      </div>
      <p css={lead}>{t('studio.lead')}</p>
      {health.data ? (
        <p css={engine} data-testid="studio-engine">
          {t(health.data.configured ? 'studio.engine.provider' : 'studio.engine.builtin')}
        </p>
      ) : null}
      <Tabs
        label={t('studio.tabs.label')}
        value={tab}
        onValueChange={(value) => setTab(value as Tab)}
        items={[
          {
            value: 'generate',
            label: t('studio.tabs.generate'),
            content: (
              <GeneratePanel
                signedIn={member !== null}
                usage={usage.data}
                generation={generation}
                form={form}
                onGenerate={(form) => generate({ prompt: form.prompt.trim(), title: form.title.trim() || undefined, genre: form.genre, length: form.length, provider: form.tool })}
              />
            ),
          },
          {
            value: 'library',
            label: t('studio.tabs.library'),
            content: (
              <LibraryPanel
                userId={member}
                onUseSample={(prompt, genre) => {
                  form.setValue('prompt', prompt);
                  form.setValue('genre', genre);
                  setTab('generate');
                }}
              />
            ),
          },
          { value: 'tools', label: t('studio.tabs.tools'), content: <ToolsPanel premiumTools={usage.data?.premiumTools ?? false} /> },
        ]}
      />
    </Page>
  );
}

export default StudioPage;
