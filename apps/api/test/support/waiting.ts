import { spawn } from 'node:child_process';

/** Runs a command to its end; rejects when it exits with anything but 0. */
export function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => spawn(command, args).once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ended with ${code}`)))));
}

/** Asks `probe` every `everyMs` until it answers something (not undefined), for `ms` at most. */
export async function until<T>(what: string, ms: number, probe: () => Promise<T | undefined>, everyMs = 50): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
