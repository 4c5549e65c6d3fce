/**
 * The spin's sound, made with the Web Audio API (no file to download): a few rising ticks and a
 * short chime, about 0.6 s. Browsers may refuse audio until the page was interacted with; it is
 * started from the button's click, and a refusal is silent, never an error for the person.
 */
export function playSpinSound(): void {
  const AudioContextClass =
    window.AudioContext ??
    (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!AudioContextClass) return;
  let context: AudioContext;
  try {
    context = new AudioContextClass();
  } catch {
    return;
  }
  const start = context.currentTime + 0.02;
  const notes = [523.25, 659.25, 783.99, 1046.5];
  notes.forEach((frequency, index) => {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = index === notes.length - 1 ? 'sine' : 'triangle';
    oscillator.frequency.value = frequency;
    const at = start + index * 0.11;
    const length = index === notes.length - 1 ? 0.3 : 0.08;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.15, at + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(at);
    oscillator.stop(at + length + 0.02);
  });
  // A context blocked by the autoplay policy stays suspended: resuming may be refused, that's fine.
  if (context.state === 'suspended') context.resume().catch(() => undefined);
  window.setTimeout(() => void context.close().catch(() => undefined), 1_000);
}
