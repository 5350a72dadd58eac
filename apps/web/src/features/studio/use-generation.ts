import type { MessageId } from '@grouarock/i18n';
import { useToast } from '@grouarock/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { RealtimeClient, realtimeUrl } from '../../lib/realtime-client';
import { useAuth } from '../auth';
import { generationStatus, startGeneration, useStudioChanged, type GenerateDto, type TrackDto, type TrackLength } from './api/studio';
import { POLL_EVERY_MS, POLL_FIRST_MS, POLL_MAX } from './options';

export type Generation =
  | { phase: 'idle' }
  | { phase: 'generating'; taskId: string; length: TrackLength; startedAt: number }
  | { phase: 'done'; tracks: TrackDto[] }
  | { phase: 'failed' };

/** The toast for a generate request the server refused, by its code. */
function refusal(error: unknown): MessageId {
  const code = error instanceof ApiError ? error.code : undefined;
  if (code === 'daily_limit') return 'studio.toast.dailyLimit';
  if (code === 'premium_required') return 'studio.toast.premium';
  if (code === 'generation_in_progress') return 'studio.toast.busy';
  return 'studio.toast.requestFailed';
}

const NOTICES = new Set(['provider_unavailable', 'provider_failed', 'provider_timeout']);

/**
 * One generation at a time, as the spec runs it: the request, then the status asked after 10 s and every 5 s (at most
 * 60 times), ending with the track or an error; the page's `user.{id}` channel says at once when it is ready.
 */
export function useGeneration(): { generation: Generation; generate: (body: GenerateDto) => Promise<boolean> } {
  const t = useT();
  const toast = useToast();
  const { session, user } = useAuth();
  const changed = useStudioChanged();
  const [generation, setGeneration] = useState<Generation>({ phase: 'idle' });
  const current = useRef<{ taskId: string; attempts: number; timer?: ReturnType<typeof setTimeout> } | null>(null);
  const latest = useRef({ t, toast, changed, userId: user?.id ?? null, token: session?.accessToken ?? null });
  useEffect(() => {
    latest.current = { t, toast, changed, userId: user?.id ?? null, token: session?.accessToken ?? null };
  });

  // The scheduled checks call the latest `check` through this ref (it schedules itself).
  const checkRef = useRef<(taskId: string) => Promise<void>>(async () => undefined);
  const check = useCallback(async (taskId: string) => {
    const job = current.current;
    if (!job || job.taskId !== taskId) return;
    clearTimeout(job.timer);
    job.attempts++;
    const { t: tr, toast: toasts, changed: reload, userId } = latest.current;
    const next = () => {
      if (job.attempts >= POLL_MAX) {
        current.current = null;
        setGeneration({ phase: 'failed' });
        toasts.show({ tone: 'error', title: tr('studio.toast.timeout') });
        return;
      }
      job.timer = setTimeout(() => void checkRef.current(taskId), POLL_EVERY_MS);
    };
    try {
      const status = await generationStatus([taskId]);
      if (current.current !== job) return;
      if (!status.completed) return next();
      current.current = null;
      if (userId) void reload(userId);
      if (status.tracks.length) {
        setGeneration({ phase: 'done', tracks: status.tracks });
        toasts.show({ tone: 'success', title: tr('studio.toast.success') });
        if (status.notice && NOTICES.has(status.notice)) toasts.show({ tone: 'info', title: tr(`studio.notice.${status.notice}` as MessageId) });
      } else {
        setGeneration({ phase: 'failed' });
        toasts.show({ tone: 'error', title: tr(status.error?.code === 'content_refused' ? 'studio.toast.refused' : 'studio.toast.failed') });
      }
    } catch (error) {
      // A check that did not get through is asked again at the next interval.
      console.warn('Checking the generation failed', error);
      if (current.current === job) next();
    }
  }, []);
  useEffect(() => {
    checkRef.current = check;
  }, [check]);

  // The user's channel: a finished (or failed) generation is checked at once instead of at the next interval.
  useEffect(() => {
    if (!user || user.is_anonymous) return;
    const client = new RealtimeClient({
      url: () => realtimeUrl(latest.current.token),
      onMessage: (message) => {
        const data = message.data as { task_id?: unknown } | undefined;
        if ((message.type === 'track_ready' || message.type === 'generation_failed') && typeof data?.task_id === 'string') void check(data.task_id);
      },
    });
    client.subscribe(`user.${user.id}`);
    client.connect();
    return () => client.close();
  }, [user, check]);

  useEffect(() => () => clearTimeout(current.current?.timer), []);

  const generate = useCallback(
    async (body: GenerateDto): Promise<boolean> => {
      const { t: tr, toast: toasts, changed: reload, userId } = latest.current;
      try {
        const started = await startGeneration(body);
        const taskId = started.task_ids[0];
        toasts.show({ tone: 'info', title: tr('studio.toast.started'), description: tr('studio.toast.startedText') });
        current.current = { taskId, attempts: 0 };
        current.current.timer = setTimeout(() => void checkRef.current(taskId), POLL_FIRST_MS);
        setGeneration({ phase: 'generating', taskId, length: body.length ?? '30s', startedAt: Date.now() });
        if (userId) void reload(userId);
        return true;
      } catch (error) {
        const message = refusal(error);
        // A refusal the page explains (the limit, the plan, one at a time) is not an error of ours.
        if (message === 'studio.toast.requestFailed') console.error('Starting the generation failed', error);
        toasts.show({ tone: 'error', title: tr(message) });
        return false;
      }
    },
    [],
  );

  return { generation, generate };
}
