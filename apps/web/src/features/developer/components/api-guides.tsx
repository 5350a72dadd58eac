import { css, type Theme } from '@emotion/react';
import { Button, Stack } from '@grouarock/ui';
import { Link } from 'react-router-dom';
import { useT } from '../../../lib/i18n';
import type { ReferenceOperation } from '../api-reference';
import { CodeBlock } from './code-block';

const heading = (theme: Theme) => css`
  margin: 0;
  font-size: ${theme.fontSizes.lg};
`;

const text = css`
  margin: 0;
  max-width: 56rem;
`;

const list = (theme: Theme) => css`
  margin: 0;
  padding-left: ${theme.space[5]};
  code {
    font-family: ${theme.fonts.mono};
  }
`;

/** The operations the examples tab walks through, in order. */
const EXAMPLES = ['listStations', 'search', 'getNowPlaying', 'getRecommendations', 'createPlaylist', 'createWebhook', 'exportMyData'];

export function AuthenticationGuide() {
  const t = useT();
  return (
    <Stack gap={4}>
      <h3 css={heading}>{t('developer.auth.keysTitle')}</h3>
      <p css={text}>{t('developer.auth.keysText')}</p>
      <div>
        <Button asChild variant="secondary">
          <Link to="/profile">{t('developer.auth.profileLink')}</Link>
        </Button>
      </div>
      <CodeBlock label={t('developer.auth.keysTitle')} code={'Authorization: Bearer grk_…'} />
      <h3 css={heading}>{t('developer.auth.scopesTitle')}</h3>
      <ul css={list}>
        <li>{t('developer.auth.scopeReadOnly')}</li>
        <li>{t('developer.auth.scopeFull')}</li>
      </ul>
      <h3 css={heading}>{t('developer.auth.limitsTitle')}</h3>
      <p css={text}>{t('developer.auth.limitsText')}</p>
      <CodeBlock
        label={t('developer.auth.limitsTitle')}
        code={['RateLimit-Policy: "minute";q=10;w=60;grk-burst=50, "month";q=1000;w=2592000', 'RateLimit: "minute";r=49;t=0, "month";r=999;t=0'].join('\n')}
      />
      <h3 css={heading}>{t('developer.auth.errorsTitle')}</h3>
      <p css={text}>{t('developer.auth.errorsText')}</p>
    </Stack>
  );
}

export function ExamplesGuide({ operations }: { operations: ReferenceOperation[] }) {
  const t = useT();
  const picked = EXAMPLES.map((id) => operations.find((op) => op.id === id)).filter((op): op is ReferenceOperation => Boolean(op));
  return (
    <Stack gap={4}>
      <p css={text}>{t('developer.examples.intro')}</p>
      {picked.map((op) => (
        <section key={op.id} aria-labelledby={`example-${op.id}`}>
          <Stack gap={2}>
            <h3 css={heading} id={`example-${op.id}`}>
              {op.summary}
            </h3>
            <CodeBlock label={`${t('developer.code.curl')}: ${op.method} ${op.path}`} code={op.curl} />
            <CodeBlock label={`${t('developer.code.typescript')}: ${op.id}`} code={op.typescript} />
          </Stack>
        </section>
      ))}
    </Stack>
  );
}

export function WebSocketGuide({ origin }: { origin: string }) {
  const t = useT();
  const socketUrl = `${origin.replace(/^http/, 'ws')}/api/v1/realtime?token=<ticket>`;
  const code = [
    `const { ticket } = await (await fetch('${origin}/api/v1/realtime/ticket', {`,
    `  method: 'POST',`,
    `  headers: { Authorization: \`Bearer \${process.env.GROUAROCK_API_KEY}\` },`,
    `})).json();`,
    `const socket = new WebSocket(\`${origin.replace(/^http/, 'ws')}/api/v1/realtime?token=\${ticket}\`);`,
    `socket.onopen = () => socket.send(JSON.stringify({ action: 'subscribe', channel: 'station.antyradio' }));`,
    `socket.onmessage = (event) => {`,
    `  const message = JSON.parse(event.data);`,
    `  if (message.type === 'now_playing') console.log(message.data.artist, '–', message.data.title);`,
    `};`,
  ].join('\n');
  return (
    <Stack gap={4}>
      <h3 css={heading}>{t('developer.ws.connectTitle')}</h3>
      <p css={text}>{t('developer.ws.connect', { url: socketUrl })}</p>
      <h3 css={heading}>{t('developer.ws.subscribeTitle')}</h3>
      <p css={text}>{t('developer.ws.subscribe', { subscribe: '{"action":"subscribe","channel":"station.antyradio"}', message: '{"type":"now_playing","channel":"station.antyradio","data":{…}}' })}</p>
      <h3 css={heading}>{t('developer.ws.channels')}</h3>
      <ul css={list}>
        <li>{t('developer.ws.station', { channel: 'station.{id}' })}</li>
        <li>{t('developer.ws.user', { channel: 'user.{id}' })}</li>
        <li>{t('developer.ws.global', { channel: 'global.events' })}</li>
      </ul>
      <p css={text}>{t('developer.ws.heartbeat')}</p>
      <CodeBlock label={t('developer.tabs.websocket')} code={code} />
    </Stack>
  );
}

export function SdkGuide({ origin }: { origin: string }) {
  const t = useT();
  const usage = [
    `import { apiClient, listStations, getRecommendations } from '@grouarock/api-client';`,
    '',
    `apiClient.setConfig({ baseUrl: '${origin}', headers: { Authorization: \`Bearer \${process.env.GROUAROCK_API_KEY}\` } });`,
    '',
    `const { data: stations } = await listStations({ query: { genre: 'punk' }, throwOnError: true });`,
    `const { data: forYou } = await getRecommendations({ query: { seed_artists: 'Dezerter,KSU', limit: 10 }, throwOnError: true });`,
  ].join('\n');
  const openApiUrl = `${origin}/api/docs-json`;
  const swaggerUrl = `${origin}/api/docs`;
  return (
    <Stack gap={4}>
      <p css={text}>{t('developer.sdk.text')}</p>
      <h3 css={heading}>{t('developer.sdk.buildTitle')}</h3>
      <p css={text}>{t('developer.sdk.build')}</p>
      <CodeBlock label={t('developer.sdk.buildTitle')} code={'npm ci\nnpm run sdk\nnpm install ./dist/sdk/grouarock-api-client-1.0.0.tgz'} />
      <h3 css={heading}>{t('developer.sdk.useTitle')}</h3>
      <CodeBlock label={t('developer.sdk.useTitle')} code={usage} />
      <ul css={list}>
        <li>
          {t('developer.sdk.openapi')}: <a href="/api/docs-json">{openApiUrl}</a>
        </li>
        <li>
          {t('developer.sdk.swagger')}: <a href="/api/docs">{swaggerUrl}</a>
        </li>
      </ul>
    </Stack>
  );
}
