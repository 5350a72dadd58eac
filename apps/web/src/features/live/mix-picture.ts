/** The picture of a DJ set going live: the stream's title and the master level, drawn each frame on a canvas. */
export interface MixPicture {
  stream: MediaStream;
  stop: () => void;
}

const WIDTH = 640;
const HEIGHT = 360;
const FPS = 30;

/**
 * A 640×360 canvas at 30 fps: a dark stage, the title, "PRO DJ MIXER" and a bar following `level()` (the master's
 * RMS in dBFS, -60 to 0). Its video track is what viewers see of a DJ set.
 */
export function mixPicture(title: string, label: string, level: () => number): MixPicture {
  const canvas = document.createElement('canvas');
  canvas.width = WIDTH;
  canvas.height = HEIGHT;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('No 2D canvas here');
  let frame = 0;
  const draw = () => {
    const db = Math.max(-60, Math.min(0, level()));
    const share = (db + 60) / 60;
    ctx.fillStyle = '#0b0a0d';
    ctx.fillRect(0, 0, WIDTH, HEIGHT);
    ctx.fillStyle = '#e0102a';
    ctx.fillRect(40, HEIGHT - 80, (WIDTH - 80) * share, 24);
    ctx.strokeStyle = '#ffb300';
    ctx.strokeRect(40, HEIGHT - 80, WIDTH - 80, 24);
    ctx.fillStyle = '#ffffff';
    ctx.font = 'bold 36px sans-serif';
    ctx.fillText(title.slice(0, 32), 40, 90);
    ctx.fillStyle = '#ffb300';
    ctx.font = '24px sans-serif';
    ctx.fillText(label, 40, 130);
    // A dot moving with time, so the picture changes even when the mix is quiet.
    ctx.beginPath();
    ctx.arc(40 + ((frame * 4) % (WIDTH - 80)), 190, 8, 0, Math.PI * 2);
    ctx.fill();
    frame += 1;
  };
  draw();
  const timer = setInterval(draw, 1000 / FPS);
  const stream = canvas.captureStream(FPS);
  return {
    stream,
    stop: () => {
      clearInterval(timer);
      stream.getTracks().forEach((track) => track.stop());
    },
  };
}
