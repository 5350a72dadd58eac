/**
 * The short two-note chime of a stream going live, on an audio context of its own (the radio's shared one must
 * not be created outside a click). Browsers only let a page play sound after the user interacted with it; before
 * that the chime is silently skipped.
 */
export function playChime(): void {
  if (typeof window.AudioContext === 'undefined') return;
  try {
    const context = new window.AudioContext();
    if (context.state !== 'running') {
      void context.close();
      return;
    }
    const now = context.currentTime;
    for (const [offset, frequency] of [
      [0, 880],
      [0.16, 1320],
    ] as const) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, now + offset);
      gain.gain.exponentialRampToValueAtTime(0.2, now + offset + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + offset + 0.3);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(now + offset);
      oscillator.stop(now + offset + 0.32);
    }
    setTimeout(() => void context.close(), 1000);
  } catch (error) {
    console.warn('The live chime could not play', error);
  }
}

/** The browser's own notification, when the user allowed them; clicking it brings the page back. */
export function showBrowserNotification(title: string, body: string, onClick: () => void): void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  try {
    const notification = new Notification(title, { body, tag: 'grouarock-live' });
    notification.onclick = () => {
      window.focus();
      onClick();
      notification.close();
    };
  } catch (error) {
    // Some browsers (Android Chrome) only allow notifications from a service worker.
    console.warn('The browser notification could not be shown', error);
  }
}
