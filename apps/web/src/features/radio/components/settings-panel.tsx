import { css, type Theme } from '@emotion/react';
import { SPORT_MODES, type PresetId, type SportMode } from '@grouarock/audio-engine';
import { Button, Switch } from '@grouarock/ui';
import { useId } from 'react';
import { useT } from '../../../lib/i18n';
import type { StationDto } from '../api/stations';

const SPORTS = Object.keys(SPORT_MODES) as SportMode[];

const stack = (theme: Theme) => css`
  display: grid;
  gap: ${theme.space[3]};
`;

const row = (theme: Theme) => css`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space[2]};
`;

const timeInput = (theme: Theme) => css`
  padding: ${theme.space[2]};
  border: 1px solid ${theme.colors.borderStrong};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.surfaceRaised};
  color: ${theme.colors.text};
  font: inherit;
  color-scheme: dark;
`;

export interface SettingsPanelProps {
  station: Pick<StationDto, 'name'> | null;
  preset: PresetId | null;
  alarmOn: boolean;
  /** The time the alarm is armed for, once it is. */
  armedAt: string | null;
  alarmTime: string;
  choose: (id: PresetId, on: boolean) => void;
  arm: (on: boolean, time: string) => void;
  setAlarmTime: (time: string) => void;
}

/** The settings dialog's controls; its code (and the switches') loads when the dialog first opens. */
export default function SettingsPanel({ station, preset, alarmOn, armedAt, alarmTime, choose, arm, setAlarmTime }: SettingsPanelProps) {
  const t = useT();
  const timeId = useId();
  return (
    <div css={stack}>
      <Switch label={t('radio.settings.training')} checked={preset === 'training'} onCheckedChange={(on) => choose('training', on)} />
      <Switch label={t('radio.settings.focus')} checked={preset === 'focus'} onCheckedChange={(on) => choose('focus', on)} />
      <Switch label={t('radio.settings.energyBoost')} checked={preset === 'energyBoost'} onCheckedChange={(on) => choose('energyBoost', on)} />
      <Switch label={t('radio.settings.alarm')} checked={alarmOn} disabled={!station} onCheckedChange={(on) => arm(on, alarmTime)} />
      <label htmlFor={timeId}>{t('radio.settings.alarmTime')}</label>
      <input
        id={timeId}
        type="time"
        css={timeInput}
        value={alarmTime}
        onChange={(event) => {
          setAlarmTime(event.target.value);
          if (alarmOn && event.target.value) arm(true, event.target.value);
        }}
      />
      {alarmOn && armedAt && station && <p role="status">{t('radio.settings.alarmArmed', { station: station.name, time: armedAt })}</p>}
      <div role="group" aria-labelledby={`${timeId}-sport`} css={stack}>
        <strong id={`${timeId}-sport`}>{t('radio.settings.sportModes')}</strong>
        <div css={row}>
          {SPORTS.map((sport) => (
            <Button key={sport} size="sm" variant={preset === sport ? 'primary' : 'ghost'} aria-pressed={preset === sport} onClick={() => choose(sport, preset !== sport)}>
              {t(`radio.sport.${sport}`)}
            </Button>
          ))}
        </div>
      </div>
    </div>
  );
}
