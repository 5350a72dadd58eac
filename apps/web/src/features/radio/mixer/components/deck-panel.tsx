import { css, type Theme } from '@emotion/react';
import type { DeckId } from '@grouarock/audio-engine';
import { Button, Knob, LevelMeterBar, Select, TextField } from '@grouarock/ui';
import { useMemo, useState } from 'react';
import { useT } from '../../../../lib/i18n';
import { useNowPlaying } from '../../api/now-playing';
import type { DeckStatus, MeterLevel } from '../mixer-session';
import { EQ_BANDS, KILL, eqOf, isKilled, type MixerKnobs, type MixerAction } from '../mixer-state';
import { searchStations, type CatalogueStation } from '../station-search';

export interface DeckPanelProps {
  deck: DeckId;
  stations: readonly CatalogueStation[];
  selectedId: string | null;
  onSelect: (stationId: string) => void;
  status: DeckStatus;
  knobs: MixerKnobs;
  dispatch: (action: MixerAction) => void;
  onPlay: () => void;
  onPause: () => void;
  level: MeterLevel;
}

const panel = (theme: Theme) => css`
  display: grid;
  gap: ${theme.space[4]};
  align-content: start;
  padding: ${theme.space[4]};
  border: 2px solid ${theme.colors.border};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.surfaceRaised};
  min-width: 0;
`;

const heading = (theme: Theme) => css`
  font-family: ${theme.fonts.display};
  font-size: ${theme.fontSizes['2xl']};
  letter-spacing: ${theme.letterSpacings.display};
`;

const row = (theme: Theme) => css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space[3]};
`;

const muted = (theme: Theme) => css`
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
`;

const eqGroup = (theme: Theme) => css`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-around;
  gap: ${theme.space[3]};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  padding: ${theme.space[3]};

  legend {
    padding: 0 ${theme.space[1]};
    font-family: ${theme.fonts.display};
    letter-spacing: ${theme.letterSpacings.wide};
  }
`;

const band = (theme: Theme) => css`
  display: grid;
  justify-items: center;
  gap: ${theme.space[1]};
`;

const PLAYING_STATES = new Set(['loading', 'playing', 'reconnecting']);

/** One deck: station search and picker, play/pause, now playing, gain, 3-band EQ with kills, fader, meter. */
export function DeckPanel({ deck, stations, selectedId, onSelect, status, knobs, dispatch, onPlay, onPause, level }: DeckPanelProps) {
  const t = useT();
  const letter = deck.toUpperCase();
  const [query, setQuery] = useState('');
  const matches = useMemo(() => searchStations(stations, query), [stations, query]);
  const options = useMemo(() => {
    const list = matches.map((station) => ({ value: station.id, label: `${station.name} · ${station.country.name}` }));
    // Keep the chosen station selectable even when the search hides it.
    const chosen = stations.find((station) => station.id === selectedId);
    if (chosen && !matches.includes(chosen)) list.unshift({ value: chosen.id, label: `${chosen.name} · ${chosen.country.name}` });
    return list;
  }, [matches, stations, selectedId]);
  const active = PLAYING_STATES.has(status.state);
  const volumeKey = deck === 'a' ? 'volumeA' : 'volumeB';
  const gainKey = deck === 'a' ? 'gainA' : 'gainB';
  const eqKey = deck === 'a' ? 'eqA' : 'eqB';
  const eq = eqOf(knobs, deck);
  const nowPlaying = useNowPlaying(status.stationId, status.state === 'playing');
  const track =
    nowPlaying?.artist && nowPlaying.title
      ? t('mixer.nowPlaying.track', { artist: nowPlaying.artist, title: nowPlaying.title })
      : (nowPlaying?.title ?? nowPlaying?.program ?? t('mixer.nowPlaying.unknown'));
  const headingId = `mixer-deck-${deck}-heading`;

  return (
    <section css={panel} aria-labelledby={headingId} data-deck={deck}>
      <h3 id={headingId} css={heading}>
        {t('mixer.deck', { deck: letter })}
      </h3>
      <TextField type="search" label={t('mixer.search', { deck: letter })} value={query} onChange={(event) => setQuery(event.target.value)} />
      {options.length === 0 ? <p css={muted}>{t('mixer.noMatches')}</p> : null}
      <Select
        label={t('mixer.station', { deck: letter })}
        placeholder={t('mixer.pickStation')}
        options={options}
        value={selectedId ?? undefined}
        onValueChange={onSelect}
      />
      <div css={row}>
        {active ? (
          <Button variant="secondary" onClick={onPause}>
            {t('mixer.pause', { deck: letter })}
          </Button>
        ) : (
          <Button disabled={!selectedId} onClick={onPlay}>
            {t('mixer.play', { deck: letter })}
          </Button>
        )}
        <span role="status" css={muted} data-testid={`deck-${deck}-state`} data-state={status.state}>
          {t(`mixer.state.${status.state}`)}
        </span>
      </div>
      <p>
        <span css={muted}>{t('mixer.nowPlaying')}</span>
        {': '}
        <span data-testid={`deck-${deck}-now-playing`}>{track}</span>
      </p>
      <div css={row}>
        <Knob
          label={t('mixer.gain', { deck: letter })}
          value={knobs[gainKey]}
          resetValue={75}
          onChange={(value) => dispatch({ type: 'set', changes: { [gainKey]: value } })}
        />
        <Knob
          label={t('mixer.volume', { deck: letter })}
          value={knobs[volumeKey]}
          size="lg"
          resetValue={80}
          onChange={(value) => dispatch({ type: 'set', changes: { [volumeKey]: value } })}
        />
        <LevelMeterBar
          orientation="vertical"
          label={t('mixer.meter.deck', { deck: letter })}
          value={level.rms}
          peak={level.peak}
          formatValue={(db) => t('mixer.meter.value', { db })}
        />
      </div>
      <fieldset css={eqGroup}>
        <legend>{t('mixer.eq', { deck: letter })}</legend>
        {EQ_BANDS.map((name) => {
          const killed = isKilled(knobs, deck, name);
          return (
            <div key={name} css={band}>
              <Knob
                label={t(`mixer.eq.${name}`, { deck: letter })}
                value={eq[name]}
                min={KILL}
                max={50}
                bipolar
                resetValue={0}
                size="sm"
                onChange={(value) => dispatch({ type: 'set', changes: { [eqKey]: { [name]: value } } })}
              />
              <Button
                size="sm"
                variant={killed ? 'danger' : 'ghost'}
                aria-pressed={killed}
                aria-label={t(`mixer.kill.${name}`, { deck: letter })}
                onClick={() => dispatch({ type: 'toggleKill', deck, band: name })}
              >
                {t('mixer.kill')}
              </Button>
            </div>
          );
        })}
      </fieldset>
    </section>
  );
}
