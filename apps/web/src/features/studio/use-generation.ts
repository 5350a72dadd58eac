import type { MessageId } from '@grouarock/i18n';
import { useToast } from '@grouarock/ui';
import { useRef, useState } from 'react';
import { ApiError } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { useRealtimeChannel } from '../../lib/use-realtime-channel';
import { useAuth } from '../auth';
import { startGeneration, useGenerationStatus, useLibrary, useStudioChanged, type GenerateDto, type TrackDto, type TrackLength } from './api/studio';
import { POLL_MAX } from './options';

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
 * 60 times, useGenerationStatus), ending with the track or an error; the page's `user.{id}` channel says at once
 * when it is ready.
 */
export function useGeneration(): { generation: Generation; generate: (body: GenerateDto) => Promise<boolean> } {
  const t = useT();
  const toast = useToast();
  const { user } = useAuth();
  const changed = useStudioChanged();
  const [generation, setGeneration] = useState<Generation>({ phase: 'idle' });
  const taskId = generation.phase === 'generating' ? generation.taskId : null;
  const attempts = useRef(0);
  const userId = user?.id ?? null;
  // The library is asked again before its signed links expire: a finished track plays on with the library's fresher links.
  const library = useLibrary(user && !user.is_anonymous ? user.id : null);

  const status = useGenerationStatus(taskId, (answer) => {
    attempts.current++;
    if (!answer?.completed) {
      if (attempts.current < POLL_MAX) return;
      setGeneration({ phase: 'failed' });
      toast.show({ tone: 'error', title: t('studio.toast.timeout') });
      return;
    }
    if (userId) void changed(userId);
    if (answer.tracks.length) {
      setGeneration({ phase: 'done', tracks: answer.tracks });
      toast.show({ tone: 'success', title: t('studio.toast.success') });
      if (answer.notice && NOTICES.has(answer.notice)) toast.show({ tone: 'info', title: t(`studio.notice.${answer.notice}` as MessageId) });
    } else {
      setGeneration({ phase: 'failed' });
      toast.show({ tone: 'error', title: t(answer.error?.code === 'content_refused' ? 'studio.toast.refused' : 'studio.toast.failed') });
    }
  });

  // The user's channel: a finished (or failed) generation is checked at once instead of at the next interval.
  useRealtimeChannel(user && !user.is_anonymous ? `user.${user.id}` : null, (message) => {
    const data = message.data as { task_id?: unknown } | undefined;
    if ((message.type === 'track_ready' || message.type === 'generation_failed') && taskId !== null && data?.task_id === taskId) void status.mutate();
  });

  const generate = async (body: GenerateDto): Promise<boolean> => {
    try {
      const started = await startGeneration(body);
      toast.show({ tone: 'info', title: t('studio.toast.started'), description: t('studio.toast.startedText') });
      attempts.current = 0;
      setGeneration({ phase: 'generating', taskId: started.task_ids[0], length: body.length ?? '30s', startedAt: Date.now() });
      if (userId) void changed(userId);
      return true;
    } catch (error) {
      const message = refusal(error);
      // A refusal the page explains (the limit, the plan, one at a time) is not an error of ours.
      if (message === 'studio.toast.requestFailed') console.error('Starting the generation failed', error);
      toast.show({ tone: 'error', title: t(message) });
      return false;
    }
  };

  if (generation.phase !== 'done' || !library.data) return { generation, generate };
  const fresh = new Map(library.data.tracks.map((track) => [track.id, track]));
  return { generation: { phase: 'done', tracks: generation.tracks.map((track) => fresh.get(track.id) ?? track) }, generate };
}
