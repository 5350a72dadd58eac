import { PROVIDER_DIALECTS, ProviderAnswerError } from './music-provider-dialects';

const { task, relay, gcui } = PROVIDER_DIALECTS;
const request = { prompt: 'szybki punk', title: 'Jazda', tags: 'punk rock', callbackUrl: 'https://grouarock.example/api/v1/studio/provider-callback' };
const clip = (id: string, status: string, audio_url = `https://cdn.example/${id}.mp3`) => ({ id, status, audio_url, image_url: `https://cdn.example/${id}.jpg`, title: 'Jazda', tags: 'punk', duration: 120.5 });

describe('the task dialect (sunoapi.org, kie.ai)', () => {
  it('submits an instrumental in custom mode with the callback URL, and reads the task id', () => {
    expect(task.submit(request)).toEqual({
      method: 'POST',
      path: '/api/v1/generate',
      body: { prompt: 'szybki punk', style: 'punk rock', title: 'Jazda', customMode: true, instrumental: true, model: 'V4_5', callBackUrl: request.callbackUrl },
    });
    expect(task.submitted({ code: 200, msg: 'success', data: { taskId: 't1' } })).toEqual(['t1']);
    expect(() => task.submitted({ code: 430, msg: 'Your call frequency is too high' })).toThrow(ProviderAnswerError);
  });

  it('waits through PENDING, TEXT_SUCCESS and FIRST_SUCCESS, and maps SUCCESS to both tracks', () => {
    for (const status of ['PENDING', 'TEXT_SUCCESS', 'FIRST_SUCCESS']) expect(task.polled({ code: 200, data: { status } }, ['t1'])).toEqual({ state: 'pending' });
    const sunoData = ['a', 'b'].map((id) => ({ id, audioUrl: `https://cdn.example/${id}.mp3`, imageUrl: `https://cdn.example/${id}.jpg`, title: 'Jazda', tags: 'punk', duration: 98 }));
    expect(task.polled({ code: 200, data: { status: 'SUCCESS', response: { sunoData } } }, ['t1'])).toEqual({
      state: 'done',
      clips: ['a', 'b'].map((id) => ({ id, audioUrl: `https://cdn.example/${id}.mp3`, imageUrl: `https://cdn.example/${id}.jpg`, title: 'Jazda', tags: 'punk', duration: 98 })),
    });
  });

  it('tells refused words from other failures, and a success without audio is a failure', () => {
    expect(task.polled({ code: 200, data: { status: 'SENSITIVE_WORD_ERROR', errorMessage: 'sensitive' } }, ['t1'])).toMatchObject({ state: 'failed', reason: 'content_refused' });
    expect(task.polled({ code: 200, data: { status: 'GENERATE_AUDIO_FAILED', errorMessage: 'boom' } }, ['t1'])).toEqual({ state: 'failed', reason: 'provider_failed', message: 'boom' });
    expect(task.polled({ code: 200, data: { status: 'SUCCESS', response: { sunoData: [{ id: 'a', audioUrl: 'https://cdn1.suno.ai/None.mp3' }] } } }, ['t1'])).toMatchObject({ state: 'failed', reason: 'provider_failed' });
  });
});

describe('the relay dialect (Suno-API, new-api)', () => {
  it('submits, then polls in a batch and finishes only when the task and its two clips are complete', () => {
    expect(relay.submitted({ code: 'success', data: 'task-1' })).toEqual(['task-1']);
    expect(relay.poll(['task-1'])).toEqual({ method: 'POST', path: '/suno/fetch', body: { ids: ['task-1'], action: 'MUSIC' } });
    expect(relay.polled({ code: 'success', data: [{ task_id: 'task-1', status: 'IN_PROGRESS', data: [clip('a', 'streaming'), clip('b', 'streaming')] }] }, ['task-1'])).toEqual({ state: 'pending' });
    const done = relay.polled({ code: 'success', data: [{ task_id: 'task-1', status: 'SUCCESS', data: [clip('a', 'complete'), clip('b', 'complete')] }] }, ['task-1']);
    expect(done).toMatchObject({ state: 'done', clips: [{ id: 'a', audioUrl: 'https://cdn.example/a.mp3', duration: 120.5 }, { id: 'b' }] });
    expect(relay.polled({ code: 'success', data: [{ task_id: 'task-1', status: 'FAILURE', fail_reason: 'prompt contains copyrighted lyrics' }] }, ['task-1'])).toMatchObject({ state: 'failed', reason: 'content_refused' });
  });
});

describe('the gcui dialect (gcui-art/suno-api)', () => {
  it('takes both clip ids from the submit, and "streaming" is not done', () => {
    expect(gcui.submitted([clip('a', 'submitted'), clip('b', 'submitted')])).toEqual(['a', 'b']);
    expect(gcui.poll(['a', 'b'])).toEqual({ method: 'GET', path: '/api/get?ids=a,b' });
    expect(gcui.polled([clip('a', 'complete'), clip('b', 'streaming')], ['a', 'b'])).toEqual({ state: 'pending' });
    expect(gcui.polled([clip('a', 'complete'), clip('b', 'complete')], ['a', 'b'])).toMatchObject({ state: 'done', clips: [{ id: 'a' }, { id: 'b' }] });
  });

  it('"complete" with the None.mp3 placeholder, or an error clip, is a failure', () => {
    expect(gcui.polled([clip('a', 'complete'), clip('b', 'complete', 'https://cdn1.suno.ai/None.mp3')], ['a', 'b'])).toMatchObject({ state: 'failed', reason: 'provider_failed' });
    expect(gcui.polled([clip('a', 'error'), clip('b', 'complete')], ['a', 'b'])).toMatchObject({ state: 'failed' });
    expect(() => gcui.polled({ error: 'Failed to get session id' }, ['a'])).toThrow('Failed to get session id');
  });
});
