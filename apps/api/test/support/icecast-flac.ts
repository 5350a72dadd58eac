import { spawn } from 'node:child_process';
import { type IcecastServer, until } from './icecast';

/** What the FLAC mount's Vorbis comment says it plays. */
export interface FlacSong {
  artist: string;
  title: string;
}

/**
 * Feeds `mount` of a real Icecast2 a sine tone of `frequency` Hz as lossless FLAC in Ogg (`application/ogg`, as
 * Icecast serves Ogg FLAC), its Vorbis comment naming `song`, and waits for the mount to exist. Resolves to the
 * function that stops it (before the server stops).
 */
export async function startFlacSource(icecast: IcecastServer, mount: string, frequency: number, song: FlacSong): Promise<() => Promise<void>> {
  const source = spawn(
    'ffmpeg',
    [
      '-nostdin', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', `sine=frequency=${frequency}:sample_rate=44100`, '-ac', '2', '-c:a', 'flac',
      '-metadata', `artist=${song.artist}`, '-metadata', `title=${song.title}`,
      '-content_type', 'application/ogg', '-f', 'ogg', `icecast://source:${icecast.sourcePassword}@127.0.0.1:${icecast.port}${mount}`,
    ],
    { stdio: 'ignore' },
  );
  await until(async () => ((await icecast.listeners(mount)) !== undefined ? true : undefined), `the FLAC mount ${mount}`);
  return async () => {
    if (source.exitCode !== null) return;
    source.kill('SIGKILL');
    await new Promise((r) => source.once('exit', r));
  };
}
