import { css, type Theme } from '@emotion/react';
import { Suspense } from 'react';
import { useDocumentMeta } from '../../../lib/document-meta';
import { useT } from '../../../lib/i18n';
import { useAfterLoad } from '../../../lib/use-after-load';
import { ForYou, PlaylistsPanel } from '../../playlists';
import { NO_STATIONS, useStations } from '../api/stations';
import { useAutoLoginDialog, useDefaultStation, useNowPlayingPush } from '../hooks';
import { RadioControllerProvider } from '../radio-context';
import { useKeyboardShortcuts, useMediaSession, usePlayerActions } from '../use-player-actions';
import { LibraryPanel } from './library-panel';
import { NowPlayingHero } from './now-playing-hero';
import { PageHeader } from './page-header';
import { PlayerBar } from './player-bar';
import { StationExtras } from './station-extras';
import { StationFilters } from './station-filters';
import { StationGrid } from './station-grid';
import { WeeklyTop } from './weekly-top';

const page = (theme: Theme) => css`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[5]};
  max-width: 90rem;
  margin: 0 auto;
  padding: ${theme.space[6]} ${theme.space[4]} 9rem;

  ${theme.mq.belowMobile} {
    padding: ${theme.space[4]} ${theme.space[3]} 11rem;
  }
`;

const columns = (theme: Theme) => css`
  display: grid;
  grid-template-columns: 16rem minmax(0, 1fr);
  gap: ${theme.space[5]};
  align-items: start;

  ${theme.mq.belowMobile} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const main = (theme: Theme) => css`
  display: flex;
  flex-direction: column;
  gap: ${theme.space[5]};
  min-width: 0;
`;

const shortcuts = (theme: Theme) => css`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[3]};
  margin: 0;
  padding: 0;
  list-style: none;
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
`;

function Shortcuts() {
  const t = useT();
  return (
    <section aria-label={t('radio.shortcuts.title')}>
      <ul css={shortcuts}>
        <li>{t('radio.shortcuts.play')}</li>
        <li>{t('radio.shortcuts.volume')}</li>
        <li>{t('radio.shortcuts.mute')}</li>
      </ul>
    </section>
  );
}

function RadioScreen() {
  const t = useT();
  const actions = usePlayerActions();
  useDocumentMeta({ title: `${t('radio.title')} — ${t('brand.name')}`, description: t('radio.meta.description') }, t('meta.title'));
  useDefaultStation();
  useNowPlayingPush();
  useKeyboardShortcuts(actions);
  useMediaSession(actions);
  useAutoLoginDialog();
  // "Dla Ciebie" and the playlists load after the page's first screen, as their own chunk.
  const later = useAfterLoad();
  const { data: stations = NO_STATIONS } = useStations();

  return (
    <div css={page}>
      <PageHeader />
      <div css={columns}>
        <LibraryPanel />
        <div css={main}>
          <NowPlayingHero />
          <StationExtras />
          <Shortcuts />
          <StationFilters />
          <StationGrid />
          {later && (
            <Suspense fallback={null}>
              <ForYou stations={stations} onPlay={actions.play} />
              <PlaylistsPanel onPlay={actions.playQueue} />
            </Suspense>
          )}
          <WeeklyTop />
        </div>
      </div>
      <PlayerBar actions={actions} />
    </div>
  );
}

/** /radio: the library, the now-playing hero, every station, the weekly top and the player bar. */
export function RadioPage() {
  return (
    <RadioControllerProvider>
      <RadioScreen />
    </RadioControllerProvider>
  );
}

export default RadioPage;
