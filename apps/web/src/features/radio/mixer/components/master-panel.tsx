import { css, type Theme } from '@emotion/react';
import type { CrossfaderCurve, CueSource, HeadphoneStatus, MixerChanges, OutputDevice } from '@grouarock/audio-engine';
import { Knob, LevelMeterBar, Select, Slider } from '@grouarock/ui';
import type { MessageId } from '@grouarock/i18n';
import { useT } from '../../../../lib/i18n';
import type { MeterLevel } from '../mixer-session';
import { CUE_SOURCES, type MixerAction, type MixerKnobs } from '../mixer-state';

export interface MasterPanelProps {
  knobs: MixerKnobs;
  dispatch: (action: MixerAction) => void;
  level: MeterLevel;
  headphones: HeadphoneStatus | null;
  devices: readonly OutputDevice[];
  deviceId: string | null;
  onDevice: (deviceId: string) => void;
}

const CURVES: readonly { value: CrossfaderCurve; label: MessageId }[] = [
  { value: 'equal-power', label: 'mixer.curve.equalPower' },
  { value: 'linear', label: 'mixer.curve.linear' },
  { value: 'sharp-cut', label: 'mixer.curve.sharpCut' },
];

const CUE_LABELS: Record<CueSource, MessageId> = { a: 'mixer.cue.a', b: 'mixer.cue.b', none: 'mixer.cue.none' };

/** Radix Select needs a non-empty value; the default device is '' in the engine. */
const DEFAULT_DEVICE = 'default-device';

const panel = (theme: Theme) => css`
  display: grid;
  gap: ${theme.space[4]};
  align-content: start;
  padding: ${theme.space[4]};
  border: 2px solid ${theme.colors.accent};
  border-radius: ${theme.radii.lg};
  background: ${theme.colors.surface};
  min-width: 0;
`;

const heading = (theme: Theme) => css`
  font-family: ${theme.fonts.display};
  font-size: ${theme.fontSizes['2xl']};
  letter-spacing: ${theme.letterSpacings.display};
`;

const knobs = (theme: Theme) => css`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-around;
  align-items: flex-end;
  gap: ${theme.space[3]};
`;

const note = (theme: Theme) => css`
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
  overflow-wrap: anywhere;
`;

/** The centre section: crossfader and its curve, master, phones, spatial, the master meter and the headphone cue. */
export function MasterPanel({ knobs: values, dispatch, level, headphones, devices, deviceId, onDevice }: MasterPanelProps) {
  const t = useT();
  const set = (changes: MixerChanges) => dispatch({ type: 'set', changes });
  const deviceOptions = [
    { value: DEFAULT_DEVICE, label: t('mixer.output.default') },
    ...devices
      .filter((device) => device.deviceId !== '' && device.deviceId !== 'default')
      .map((device, index) => ({ value: device.deviceId, label: device.label || t('mixer.output.device', { index: index + 1 }) })),
  ];
  return (
    <section css={panel} aria-labelledby="mixer-master-heading">
      <h3 id="mixer-master-heading" css={heading}>
        {t('mixer.masterSection')}
      </h3>
      <Slider label={t('mixer.crossfader')} value={values.crossfader} min={0} max={100} onValueChange={(crossfader) => set({ crossfader })} />
      <Select
        label={t('mixer.curve')}
        options={CURVES.map((curve) => ({ value: curve.value, label: t(curve.label) }))}
        value={values.crossfaderCurve}
        onValueChange={(value) => set({ crossfaderCurve: value as CrossfaderCurve })}
      />
      <div css={knobs}>
        <Knob label={t('mixer.master')} value={values.master} size="lg" resetValue={85} onChange={(master) => set({ master })} />
        <Knob label={t('mixer.phones')} value={values.phones} resetValue={70} onChange={(phones) => set({ phones })} />
        <Knob label={t('mixer.spatial')} value={values.spatial} bipolar resetValue={50} onChange={(spatial) => set({ spatial })} />
        <LevelMeterBar
          orientation="vertical"
          label={t('mixer.meter.master')}
          value={level.rms}
          peak={level.peak}
          formatValue={(db) => t('mixer.meter.value', { db })}
        />
      </div>
      <Select
        label={t('mixer.cue')}
        options={CUE_SOURCES.map((cue) => ({ value: cue, label: t(CUE_LABELS[cue]) }))}
        value={values.cue}
        onValueChange={(value) => set({ cue: value as CueSource })}
      />
      {headphones?.state === 'unavailable' ? (
        <p css={note} data-testid="headphones-unavailable">
          {t('mixer.output.unavailable', { reason: headphones.reason })}
        </p>
      ) : (
        <>
          <Select
            label={t('mixer.output')}
            placeholder={t('mixer.output.default')}
            options={deviceOptions}
            value={deviceId === null ? undefined : deviceId || DEFAULT_DEVICE}
            onValueChange={(value) => onDevice(value === DEFAULT_DEVICE ? '' : value)}
            disabled={!headphones}
          />
          <p css={note} role="status">
            {headphones?.state === 'active' ? t('mixer.output.active') : t('mixer.output.notStarted')}
          </p>
        </>
      )}
    </section>
  );
}
