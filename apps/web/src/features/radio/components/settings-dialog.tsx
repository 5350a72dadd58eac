import { DEFAULT_ALARM_TIME, type PresetId } from '@grouarock/audio-engine';
import { Button, Dialog, Spinner } from '@grouarock/ui';
import { lazy, Suspense, useRef, useState } from 'react';
import { useT } from '../../../lib/i18n';
import { useCurrentStation } from '../hooks';
import { useRadio } from '../radio-context';

const SettingsPanel = lazy(() => import('./settings-panel'));

/** Tryb Treningu, Tryb Koncentracji, Energy Boost, Auto Budzik with its time, and the sport modes (engine presets). */
export function SettingsDialog() {
  const t = useT();
  const radio = useRadio();
  const station = useCurrentStation();
  const [preset, setPreset] = useState<PresetId | null>(null);
  const [alarmOn, setAlarmOn] = useState(false);
  const [alarmTime, setAlarmTime] = useState<string>(DEFAULT_ALARM_TIME);
  // The time the alarm is armed for: the dialog says it will play only once the player has it (arming loads the
  // player's code and the stream's address first); a later switch or time makes an earlier arming's answer moot.
  const [armedAt, setArmedAt] = useState<string | null>(null);
  const arming = useRef(0);

  const choose = (id: PresetId, on: boolean) => {
    const next = on ? id : null;
    setPreset(next);
    void radio.applyPreset(next);
  };

  const arm = (on: boolean, time: string) => {
    const attempt = ++arming.current;
    setAlarmOn(on);
    setArmedAt(null);
    if (!on || !station) {
      radio.disarmAlarm();
      return;
    }
    radio.armAlarm(station, time).then(
      (armed) => {
        if (attempt !== arming.current) return;
        if (armed) setArmedAt(time);
        else setAlarmOn(false);
      },
      (error: unknown) => {
        console.warn('Arming the alarm failed', error);
        if (attempt === arming.current) setAlarmOn(false);
      },
    );
  };

  return (
    <Dialog
      title={t('radio.settings.title')}
      description={t('radio.settings.description')}
      closeLabel={t('radio.settings.close')}
      trigger={
        <Button size="sm" variant="ghost">
          {t('radio.settings.open')}
        </Button>
      }
    >
      <Suspense fallback={<Spinner label={t('common.loading')} />}>
        <SettingsPanel station={station} preset={preset} alarmOn={alarmOn} armedAt={armedAt} alarmTime={alarmTime} choose={choose} arm={arm} setAlarmTime={setAlarmTime} />
      </Suspense>
    </Dialog>
  );
}
